import WktCore

/// The bodyweight records of an Apple Health export (docs/formats.md §10):
/// `<Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" startDate="…" value="82.4"/>`.
///
/// * The day is the local date of `startDate` (in the timestamp's own offset); the weight is
///   `value` in `unit`: `kg`, `lb`, `g` or `st` (stone, 6.35029318 kg), rounded to 0.001 kg.
/// * Several records on one day (a scale and a manual entry, morning and evening): the one with
///   the latest `startDate` wins; on a tie the later one in the file. The source is
///   `apple-health` whatever app wrote the record.
/// * A record that cannot be read (no or a malformed `startDate`, `value` not a number, another
///   unit) or whose weight is implausible (``WktCore/BodyMeasurement/plausibleKg``) is a warning
///   naming its line, never a failed import: the workouts of the export do not depend on it.
struct HealthBodyMass {
    /// The `type` of a bodyweight record.
    static let type = "HKQuantityTypeIdentifierBodyMass"
    /// Kilograms per unit HealthKit writes for body mass.
    static let kilogramsPerUnit: [String: Double] = ["kg": 1, "lb": WeightUnit.kilogramsPerPound, "g": 0.001, "st": 6.35029318]

    /// The bytes of a decimal as HealthKit writes it (`82.4`, `1.8e2`).
    private static let numberBytes = Set("0123456789.eE+-".utf8)

    /// The document's name in warnings.
    let file: String
    /// The winning record of each day so far: its instant and the measurement.
    private var latest: [CivilDate: (epoch: Int, measurement: BodyMeasurement)] = [:]
    /// One warning per record not imported.
    private(set) var warnings: [String] = []

    /// Collects records of the document `file`.
    init(file: String) {
        self.file = file
    }

    /// Reads one `<Record>` of the bodyweight type from its attributes, at `line`.
    mutating func add(_ attributes: [String: String], line: Int) {
        func skip(_ why: String) { warnings.append("\(file):\(line): <Record> of \(Self.type): \(why); not imported") }
        guard let text = attributes["startDate"], let start = HealthTimestamp.parse(text) else {
            skip("startDate \(MessageText.quoted(attributes["startDate"] ?? "")) is not yyyy-MM-dd HH:mm:ss ±hhmm")
            return
        }
        let valueText = attributes["value"] ?? ""
        let numeric = !valueText.isEmpty && valueText.utf8.allSatisfy { Self.numberBytes.contains($0) }
        guard numeric, let value = Double(valueText) else {
            skip("value \(MessageText.quoted(valueText)) is not a number")
            return
        }
        let unit = attributes["unit"] ?? ""
        guard let factor = Self.kilogramsPerUnit[unit] else {
            skip("unit \(MessageText.quoted(unit)) is not kg, lb, g or st")
            return
        }
        let kg = value * factor
        if let problem = BodyMeasurement.problem(withKilograms: kg) {
            skip("body weight \(problem)")
            return
        }
        let day = start.wall.date
        if let known = latest[day], known.epoch > start.epochSeconds { return }
        latest[day] = (
            start.epochSeconds,
            BodyMeasurement(day: day, weightKg: Measure.roundKg(kg), source: WorkoutSource.appleHealth.rawValue)
        )
    }

    /// One measurement per day, oldest first.
    var measurements: [BodyMeasurement] {
        latest.values.map(\.measurement).sorted(by: BodyMeasurement.precedes)
    }
}
