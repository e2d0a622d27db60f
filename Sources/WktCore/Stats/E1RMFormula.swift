/// Estimated one-rep-max formulas (docs/statistics.md "Records"), valid for 1…12 reps.
public enum E1RMFormula: String, Sendable, Hashable, CaseIterable {
    /// Epley: w × (1 + r/30) for r ≥ 2, w for r = 1.
    case epley
    /// Brzycki: w × 36 / (37 − r) (which is w for r = 1).
    case brzycki

    /// The most reps a set may have to enter the e1RM record.
    public static let maxReps = 12

    /// The estimate for `weightKg` lifted `reps` times, rounded to 0.001 kg; nil when reps are
    /// outside 1…12 or the weight is not positive.
    public func estimate(weightKg: Double, reps: Int) -> Double? {
        guard weightKg > 0, reps >= 1, reps <= E1RMFormula.maxReps else { return nil }
        let raw: Double
        switch self {
        case .epley: raw = reps == 1 ? weightKg : weightKg * (1 + Double(reps) / 30)
        case .brzycki: raw = weightKg * 36 / Double(37 - reps)
        }
        return Measure.roundKg(raw)
    }

    /// The formula in words, for PR explanations (`Epley: w × (1 + r/30), r ≤ 12`).
    public var rule: String {
        switch self {
        case .epley: "Epley: w × (1 + r/30) for 2…12 reps, w for 1 rep"
        case .brzycki: "Brzycki: w × 36 / (37 − r) for 1…12 reps"
        }
    }

    /// Display name (`Epley`).
    public var displayName: String {
        switch self {
        case .epley: "Epley"
        case .brzycki: "Brzycki"
        }
    }
}
