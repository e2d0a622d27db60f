import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import WktCore

/// The `XMLParser` delegate: turns `<Workout>` elements of the pre-filtered document into
/// ``Workout`` values (docs/formats.md §4.3) and bodyweight `<Record>`s into measurements
/// (``HealthBodyMass``).
///
/// Only the workout's own attributes and its direct `WorkoutStatistics` children are read;
/// the statistics nested in `WorkoutActivity` duplicate them and are ignored, so energy is never
/// counted twice. The first bad value stops the parse (all-or-nothing, docs/reliability.md P5).
final class HealthWorkoutCollector: NSObject, XMLParserDelegate {
    /// The file name used in error messages.
    let file: String
    /// The workouts in document order.
    private(set) var workouts: [Workout] = []
    /// Non-fatal remarks about one workout each (docs/formats.md §6.3).
    private(set) var warnings: [WorkoutWarning] = []
    /// The first bad `<Workout>` value, which aborted the parse.
    private(set) var failure: HealthImportError?
    /// The first error `XMLParser` reported, with the line it was at.
    private(set) var parseError: (error: any Error, line: Int, column: Int)?
    /// Whether `</HealthData>` was reported.
    private(set) var sawRootEnd = false
    /// The bodyweight records (``HealthBodyMass``).
    private(set) var bodyMass: HealthBodyMass

    private var depth = 0
    private var pending: PendingWorkout?
    /// Index in ``workouts`` and line of the first workout of each identity.
    private var firstOfKey: [String: (index: Int, line: Int)] = [:]

    /// What is known about the `<Workout>` being read.
    private struct PendingWorkout {
        var attributes: [String: String]
        var line: Int
        var statisticsEnergy: (sum: String, unit: String, line: Int)?
        /// Remarks about this workout, attached to its identity when it is closed.
        var remarks: [String] = []
    }

    /// Creates a collector for the document named `file` in messages.
    init(file: String) {
        self.file = file
        self.bodyMass = HealthBodyMass(file: file)
    }

    /// Opens a `<Workout>` at depth 2, or records its own `ActiveEnergyBurned` statistic.
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String]
    ) {
        depth += 1
        if depth == 2 && elementName == "Workout" {
            pending = PendingWorkout(attributes: attributeDict, line: parser.lineNumber)
        } else if depth == 2 && elementName == "Record" {
            if attributeDict["type"] == HealthBodyMass.type { bodyMass.add(attributeDict, line: parser.lineNumber) }
        } else if depth == 3, elementName == "WorkoutStatistics",
                  attributeDict["type"] == "HKQuantityTypeIdentifierActiveEnergyBurned",
                  var workout = pending {
            guard let sum = attributeDict["sum"], let unit = attributeDict["unit"] else {
                fail(parser, line: parser.lineNumber, "ActiveEnergyBurned statistics without sum or unit")
                return
            }
            if let first = workout.statisticsEnergy {
                if first.sum != sum || first.unit != unit {
                    workout.remarks.append(
                        "\(file):\(parser.lineNumber): a second ActiveEnergyBurned statistic (\(sum) \(unit)) "
                            + "differs from the first (\(first.sum) \(first.unit)) of line \(first.line); the first is used")
                    pending = workout
                }
            } else {
                workout.statisticsEnergy = (sum, unit, parser.lineNumber)
                pending = workout
            }
        }
    }

    /// Closes a `<Workout>` into a ``Workout`` (or fails), and notes `</HealthData>`.
    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        if depth == 2, elementName == "Workout", let workout = pending {
            pending = nil
            do throws(HealthImportError) {
                let made = try makeWorkout(workout)
                warnings += workout.remarks.map { WorkoutWarning(workout: WorkoutIdentity(of: made), message: $0) }
                if let (index, line) = firstOfKey[made.sourceKey] {
                    // Two <Workout>s with the same start, end, type and source are one workout
                    // for the store; said here in the XML's terms, with both lines.
                    guard workouts[index] == made else {
                        throw HealthImportError(
                            kind: .badValue, file: file, line: workout.line,
                            message: "<Workout>: same startDate, endDate, workoutActivityType and sourceName as the "
                                + "<Workout> of line \(line) but other values; cannot tell which one is right")
                    }
                    warnings.append(WorkoutWarning(
                        workout: WorkoutIdentity(of: made),
                        message: "\(file):\(workout.line): the same <Workout> as line \(line); imported once"))
                } else {
                    firstOfKey[made.sourceKey] = (workouts.count, workout.line)
                    workouts.append(made)
                }
            } catch {
                failure = error
                parser.abortParsing()
            }
        } else if depth == 1 && elementName == "HealthData" {
            sawRootEnd = true
        }
        depth -= 1
    }

    /// Keeps the first error `XMLParser` reports, with its line.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if self.parseError == nil { self.parseError = (parseError, parser.lineNumber, parser.columnNumber) }
    }

    private func fail(_ parser: XMLParser, line: Int, _ message: String) {
        if failure == nil {
            failure = HealthImportError(kind: .badValue, file: file, line: line, message: message)
        }
        parser.abortParsing()
    }

    // MARK: - Mapping

    private func makeWorkout(_ pending: PendingWorkout) throws(HealthImportError) -> Workout {
        let attributes = pending.attributes
        func bad(_ message: String) -> HealthImportError {
            HealthImportError(kind: .badValue, file: file, line: pending.line, message: "<Workout>: \(message)")
        }
        func required(_ key: String) throws(HealthImportError) -> String {
            guard let value = attributes[key], !value.isEmpty else { throw bad("missing attribute \(key)") }
            return value
        }
        func timestamp(_ key: String) throws(HealthImportError) -> HealthTimestamp {
            let text = try required(key)
            guard let stamp = HealthTimestamp.parse(text) else {
                throw bad("\(key) \(MessageText.quoted(text)) is not yyyy-MM-dd HH:mm:ss ±hhmm")
            }
            return stamp
        }
        let type = try required("workoutActivityType")
        guard let (activity, name) = HealthActivity.map(type) else {
            throw bad("workoutActivityType \"\(type)\" is not a HealthKit activity type name")
        }
        let sourceName = try required("sourceName")
        let start = try timestamp("startDate")
        let end = try timestamp("endDate")
        guard end.epochSeconds >= start.epochSeconds else { throw bad("endDate is before startDate") }

        let duration: Int
        if let text = attributes["duration"] {
            let unit = attributes["durationUnit"] ?? ""
            let factors: [String: Double] = ["s": 1, "sec": 1, "min": 60, "h": 3600, "hr": 3600]
            guard let value = Self.decimal(text) else { throw bad("duration \"\(text)\" is not a non-negative number") }
            guard let factor = factors[unit] else { throw bad("durationUnit \"\(unit)\" is not s, min or h") }
            let seconds = (value * factor).rounded()
            guard seconds <= Self.longestDuration else { throw bad("duration \"\(text)\" \(unit) is over a year") }
            duration = Int(seconds)
        } else {
            duration = end.epochSeconds - start.epochSeconds
        }

        var energy: Double?
        if let text = attributes["totalEnergyBurned"] {
            energy = try kilocalories(text, unit: attributes["totalEnergyBurnedUnit"] ?? "", bad: bad)
        } else if let statistics = pending.statisticsEnergy {
            energy = try kilocalories(statistics.sum, unit: statistics.unit, bad: bad)
        }

        return Workout(
            source: .appleHealth,
            sourceKey: "\(start.utcText)|\(end.utcText)|\(type)|\(sourceName)",
            start: start.wall, utcOffsetSeconds: start.offsetSeconds, durationSeconds: duration,
            name: name, activity: activity, energyKcal: energy)
    }

    /// Energy in kcal rounded to 0.001 (HealthKit writes `kcal`, `Cal` (= kcal), `kJ`, `J` or `cal`).
    private func kilocalories(
        _ text: String, unit: String, bad: (String) -> HealthImportError
    ) throws(HealthImportError) -> Double {
        let perUnit: [String: Double] = ["kcal": 1, "Cal": 1, "kJ": 1 / 4.184, "J": 1 / 4184, "cal": 1 / 1000]
        guard let value = Self.decimal(text) else { throw bad("energy \"\(text)\" is not a non-negative number") }
        guard let factor = perUnit[unit] else { throw bad("energy unit \"\(unit)\" is not kcal, Cal, kJ, J or cal") }
        return (value * factor * 1000).rounded() / 1000
    }

    /// Durations above a year (in seconds) are rejected rather than converted to `Int`.
    private static let longestDuration = 366.0 * 86_400

    /// A finite, non-negative decimal in the POSIX form HealthKit writes (`20.25170261661212`).
    private static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty,
              text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e")
                  || $0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }),
              let value = Double(text), value.isFinite, value >= 0
        else { return nil }
        return value
    }
}
