import Foundation
import WktCore
@testable import WktDemo

/// The batches most tests look at, generated once per test process.
enum Demo {
    /// 2026-11-21 (day 20,778 since 1970-01-01, computed with Python's `date`).
    static let endDay = CivilDate(dayNumber: 20_778)
    /// `--years 1`.
    static let oneYear = DemoHistory.generate(DemoOptions(years: 1, seed: 42, endDay: endDay))
    /// `--years 2` (the command's default).
    static let twoYears = DemoHistory.generate(DemoOptions(years: 2, seed: 42, endDay: endDay))
    /// `--years 10`, the benchmark's data set.
    static let tenYears = DemoHistory.generate(DemoOptions(years: 10, seed: 42, endDay: endDay))

    /// The batch for a number of years among 1, 2 and 10 (others are generated on the spot).
    static func batch(years: Int) -> ImportBatch {
        switch years {
        case 1: oneYear
        case 2: twoYears
        case 10: tenYears
        default: DemoHistory.generate(DemoOptions(years: years, seed: 42, endDay: endDay))
        }
    }
}

/// Facts about a batch measured by the tests themselves, independent of the generator's state.
struct HistoryFacts {
    /// Training day numbers in workout order.
    let days: [Int]
    /// Gaps between consecutive workouts of at least 10 days (a layoff), in days.
    let layoffGaps: [Int]
    /// Workouts per week over the span from first to last workout without the layoff gaps.
    let workoutsPerActiveWeek: Double
    /// Distinct exercise names, sorted.
    let exerciseNames: [String]

    /// Measures `batch`.
    init(_ batch: ImportBatch) {
        days = batch.workouts.map(\.start.date.dayNumber)
        var gaps: [Int] = []
        for (previous, next) in zip(days, days.dropFirst()) where next - previous >= 10 {
            gaps.append(next - previous)
        }
        layoffGaps = gaps
        let span = (days.last ?? 0) - (days.first ?? 0) + 1
        let activeDays = span - gaps.reduce(0) { $0 + $1 - 1 }
        workoutsPerActiveWeek = Double(days.count) / (Double(activeDays) / 7)
        var names: [String] = []
        for workout in batch.workouts { for block in workout.exercises { names.append(block.name) } }
        exerciseNames = Array(Set(names)).sorted()
    }
}

/// A text rendering of every field of a batch, doubles by bit pattern, for byte-for-byte equality.
func fingerprint(_ batch: ImportBatch) -> String {
    func bits(_ value: Double?) -> String { value.map { String($0.bitPattern, radix: 16) } ?? "-" }
    var out = "\(batch.file)|\(batch.format)|\(String(describing: batch.unitAssumed))|\(batch.carried.rawValue)|"
        + "\(batch.skipped.count)|\(batch.pseudoRows)|\(batch.warnings)|\(batch.schedule == nil)\n"
    for w in batch.workouts {
        out += "W|\(w.source.rawValue)|\(w.sourceKey)|\(w.start)|\(String(describing: w.utcOffsetSeconds))|"
            + "\(String(describing: w.durationSeconds))|\(w.name)|\(w.notes ?? "-")|\(w.activity)|"
            + "\(bits(w.energyKcal))|\(String(describing: w.rating))|\(w.checkIns.count)\n"
        for b in w.exercises {
            out += "E|\(b.name)|\(b.notes ?? "-")|\(String(describing: b.supersetID))|\(b.painFlag)|"
                + "\(String(describing: b.plannedSets))\n"
            for s in b.sets {
                out += "S|\(s.kind.rawValue)|\(bits(s.weightKg))|\(String(describing: s.reps))|\(bits(s.seconds))|"
                    + "\(bits(s.distanceM))|\(bits(s.rpe))|\(s.notes ?? "-")\n"
            }
        }
    }
    return out
}

/// The real export samples (`../shared/formats-samples/`, or `WKT_SAMPLES`).
enum Samples {
    /// The samples folder.
    static let directory: String = ProcessInfo.processInfo.environment["WKT_SAMPLES"]
        ?? FileManager.default.currentDirectoryPath + "/../shared/formats-samples"

    /// Whether the Strong samples are present.
    static var available: Bool {
        let present = FileManager.default.fileExists(atPath: directory + "/strong")
        if !present { print("note: Strong samples not found under \(directory); skipping the naming test") }
        return present
    }

    /// The text of every Strong sample, concatenated.
    static func strongText() throws -> String {
        let folder = directory + "/strong"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".csv") }.sorted()
        return try files.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
    }
}
