import WktCore

/// Collects the bodyweight measurements of one file (docs/formats.md §10):
/// a plausible weight becomes a measurement; an implausible one (outside
/// ``WktCore/BodyMeasurement/plausibleKg``) becomes a warning naming where it is in the file and
/// is not imported, never dropped in silence. Several on one day: the last one added wins.
struct BodyLog {
    /// The source the measurements are stored under (a ``WktCore/WorkoutSource`` raw value).
    let source: String
    /// The accepted measurements, in the order added.
    private(set) var measurements: [BodyMeasurement] = []
    /// One warning per implausible value.
    private(set) var warnings: [String] = []

    /// A log for measurements of `source`.
    init(source: WorkoutSource) {
        self.source = source.rawValue
    }

    /// Adds `kg` measured on `day`; `place` says where the value is (`export.csv:12`,
    /// `$.userProfile.weightKg`) for the warning.
    mutating func add(day: CivilDate, kg: Double, place: String) {
        if let problem = BodyMeasurement.problem(withKilograms: kg) {
            warnings.append("\(place): body weight \(problem); not imported")
            return
        }
        measurements.append(BodyMeasurement(day: day, weightKg: Measure.roundKg(kg), source: source))
    }

    /// The measurements to store: one per day, the last one added winning, oldest first.
    var perDay: [BodyMeasurement] { BodyMeasurement.lastPerDay(measurements) }
}
