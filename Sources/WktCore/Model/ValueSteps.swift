/// How coarsely a file wrote some values of one workout: the step of each value a format rounds or
/// truncates (docs/formats.md §6.2, lossless re-import).
///
/// Two exports of one history can describe the same workout with different precision: Strong's
/// semicolon dialect C writes the duration in seconds (`2545`), its comma dialects in minutes
/// (`42m`); Hevy's kg export writes weights to 0.01 kg (`102.06`), its lb export to the pound
/// (`225`, 102.058 kg). A value written with a step never replaces a stored value that agrees with
/// it (``agrees(stored:written:step:)``), so re-importing the same history in another dialect
/// changes nothing, and the more precise value, whichever came first, stays.
public struct ValueSteps: Sendable, Hashable {
    /// The step of the workout's duration in seconds (60 for `42m`); nil when exact.
    public var durationSeconds: Int?
    /// The step of every set weight of the workout, in kilograms (0.01 for Hevy's kg export,
    /// 0.0045359237 for its lb export); nil when exact.
    public var weightKg: Double?
    /// The coarsest weight step of the format's other dialects, one of which may have written the
    /// stored value (Hevy's kg file says 0.01 lb, its lb file 0.01 kg); nil when they are exact.
    public var storedWeightKg: Double?

    /// Creates steps; nil means the value is written exactly.
    public init(durationSeconds: Int? = nil, weightKg: Double? = nil, storedWeightKg: Double? = nil) {
        self.durationSeconds = durationSeconds
        self.weightKg = weightKg
        self.storedWeightKg = storedWeightKg
    }

    /// The steps of a format that writes every weight rounded to `step` of the export's unit and
    /// exports in kg or in lb (Hevy 0.01, StrongLifts 0.1): this file's step, and the other unit's
    /// as the step the stored value may have been written with.
    public static func weights(roundedTo step: Double, in unit: WeightUnit) -> ValueSteps {
        let pound = step * WeightUnit.kilogramsPerPound
        return ValueSteps(weightKg: unit == .kg ? step : pound, storedWeightKg: unit == .kg ? pound : step)
    }

    /// Whether every value is written exactly.
    public var isExact: Bool { durationSeconds == nil && weightKg == nil }

    /// Whether a duration written as `written` seconds with a step of `step` seconds describes the
    /// `stored` one: `written` is `stored` truncated to the step (Strong writes 2,545 s as `42m`,
    /// 2,520 s) or rounded to it, that is `written − step/2 ≤ stored < written + step`.
    public static func agrees(stored: Int, written: Int, step: Int) -> Bool {
        guard step > 1 else { return stored == written }
        return 2 * stored >= 2 * written - step && stored < written + step
    }

    /// Whether a weight written as `written` kg with a step of `step` kg describes the `stored` one,
    /// itself written with a step of at most `storedStep`: both can be roundings of one true weight,
    /// so they differ by at most half of each step, plus the gram the store rounds every weight to
    /// (Hevy's 230 lb, 104.326 kg, and its kg export's `104.33` agree).
    public static func agrees(stored: Double, written: Double, step: Double, storedStep: Double = 0) -> Bool {
        abs(stored - written) <= (step + storedStep) / 2 + Measure.gramKg
    }
}

extension Measure {
    /// The resolution of stored weights: one gram.
    public static let gramKg = 0.001
}
