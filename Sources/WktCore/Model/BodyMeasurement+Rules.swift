/// The rules every bodyweight measurement obeys, whoever wrote it (docs/formats.md "Bodyweight
/// measurements"): importers, the store and the demo apply the same ones.
extension BodyMeasurement {
    /// Weights accepted as a measurement, in kilograms. Below 20 kg or above 400 kg a value is a
    /// typo, a wrong unit or a field used for something else, never an adult lifter's weight.
    public static let plausibleKg: ClosedRange<Double> = 20...400

    /// Why `kg` cannot be a bodyweight measurement, or nil when it can: not finite, or outside
    /// ``plausibleKg``.
    public static func problem(withKilograms kg: Double) -> String? {
        guard kg.isFinite else { return "is not a finite number" }
        guard plausibleKg.contains(kg) else {
            return "\(Measure.plainKg(kg)) kg is outside the plausible 20–400 kg (a typo, or another unit?)"
        }
        return nil
    }

    /// A measurement with its weight rounded like every stored weight (0.001 kg).
    public var normalized: BodyMeasurement {
        BodyMeasurement(day: day, weightKg: Measure.roundKg(weightKg), source: source)
    }

    /// The walk order of ``WorkoutHistory/body``: by day, then source.
    public static func precedes(_ a: BodyMeasurement, _ b: BodyMeasurement) -> Bool {
        a.day != b.day ? a.day < b.day : a.source.unicodeScalars.lexicographicallyPrecedes(b.source.unicodeScalars)
    }

    /// At most one measurement per day and source, the **last** of `list` winning, in walk order
    /// (``precedes(_:_:)``).
    public static func lastPerDay(_ list: [BodyMeasurement]) -> [BodyMeasurement] {
        var latest: [DaySource: BodyMeasurement] = [:]
        for measurement in list { latest[DaySource(day: measurement.day, source: measurement.source)] = measurement }
        return latest.values.sorted(by: precedes)
    }

    /// The identity of a measurement in the store.
    struct DaySource: Hashable {
        let day: CivilDate
        let source: String
    }
}

extension Measure {
    /// `82.4` for 82.4, `135` for 135.0 (no trailing `.0`), for messages.
    public static func plainKg(_ kg: Double) -> String {
        guard kg.isFinite else { return String(kg) }
        return kg == kg.rounded() && abs(kg) < 1e15 ? String(Int(kg)) : String(kg)
    }
}
