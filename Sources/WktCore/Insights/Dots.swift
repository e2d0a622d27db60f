/// DOTS, estimated from e1RM (docs/statistics.md "DOTS (estimated)").
///
/// `DOTS = total × 500 / (a + b·BW + c·BW² + d·BW³ + e·BW⁴)`, BW clamped to 40–210 kg (male) or
/// 40–150 kg (female), with the coefficients below. The total is the sum of the best e1RM within
/// the 365 days ending today of the three `[big_three]` lifts, and BW the bodyweight today: DOTS
/// exists only when all three lifts have an e1RM in that window, the bodyweight today is known
/// and `sex` is configured. The score is rounded to 0.01.
public struct Dots: Sendable, Equatable {
    /// One lift of the total.
    public struct Lift: Sendable, Equatable {
        /// The exercise name as the statistics know it.
        public var exercise: String
        /// Its best e1RM within the window (kg).
        public var e1rmKg: Double
        /// The first training day of that e1RM within the window.
        public var day: CivilDate
    }

    /// Sum of the three e1RMs (kg, rounded to 0.001).
    public var totalKg: Double
    /// The bodyweight today (kg, before the clamp).
    public var bodyweightKg: Double
    /// The score, rounded to 0.01.
    public var score: Double
    /// The three lifts, squat, bench, deadlift.
    public var lifts: [Lift]

    /// Days in the window ending today (today included).
    public static let windowDays = 365

    /// The polynomial coefficients a…e.
    public static func coefficients(_ sex: Sex) -> [Double] {
        switch sex {
        case .male: [-307.75076, 24.0900756, -0.1918759221, 0.0007391293, -0.000001093]
        case .female: [-57.96288, 13.6175032, -0.1126655495, 0.0005158568, -0.0000010706]
        }
    }

    /// The bodyweight range of the formula (kg).
    public static func bodyweightClamp(_ sex: Sex) -> ClosedRange<Double> {
        switch sex {
        case .male: 40...210
        case .female: 40...150
        }
    }

    /// The unrounded score for a total and a bodyweight (clamped here).
    public static func score(totalKg: Double, bodyweightKg: Double, sex: Sex) -> Double {
        let range = bodyweightClamp(sex)
        let bw = min(max(bodyweightKg, range.lowerBound), range.upperBound)
        let c = coefficients(sex)
        let denominator = c[0] + c[1] * bw + c[2] * bw * bw + c[3] * bw * bw * bw + c[4] * bw * bw * bw * bw
        return totalKg * 500 / denominator
    }

    /// DOTS for the report's exercises, nil when an input is missing.
    /// - Parameters:
    ///   - exercises: the statistics' exercises (their sessions' e1RM).
    ///   - lifts: the `[big_three]` names, matched ignoring case and repeated spaces (every
    ///     exercise whose name matches counts).
    ///   - sex: the configured sex.
    ///   - bodyweightKg: the bodyweight today.
    ///   - today: the last day of the window.
    public static func estimate(
        exercises: [ExerciseStats], lifts: BigThree, sex: Sex?, bodyweightKg: Double?, today: CivilDate
    ) -> Dots? {
        guard let sex, let bodyweightKg else { return nil }
        let first = today.adding(days: -(windowDays - 1))
        var found: [Lift] = []
        for name in lifts.names {
            let key = MuscleOverrides.key(name)
            var best: Lift?
            for exercise in exercises where MuscleOverrides.key(exercise.name) == key {
                for session in exercise.sessions where session.day >= first && session.day <= today {
                    guard let e1rm = session.e1rmKg, e1rm > (best?.e1rmKg ?? 0) else { continue }
                    best = Lift(exercise: exercise.name, e1rmKg: e1rm, day: session.day)
                }
            }
            guard let best else { return nil }
            found.append(best)
        }
        let total = Measure.roundKg(found.reduce(0) { $0 + $1.e1rmKg })
        let score = (Self.score(totalKg: total, bodyweightKg: bodyweightKg, sex: sex) * 100).rounded() / 100
        return Dots(totalKg: total, bodyweightKg: bodyweightKg, score: score, lifts: found)
    }
}
