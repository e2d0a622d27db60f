/// Load arithmetic: Epley estimates, plate-realistic rounding and number text for notes.
enum Load {
    /// The demo lifter's bodyweight in kg, used to turn pull-up reps into added weight.
    static let bodyweightKg = 80.0

    /// The weight that can be lifted for `reps` more reps given an estimated 1RM (Epley inverse).
    static func forReps(_ reps: Int, oneRepMax: Double) -> Double {
        oneRepMax / (1 + Double(reps) / 30)
    }

    /// The most reps possible with `weight` given an estimated 1RM (Epley), at least 1.
    static func maxReps(weight: Double, oneRepMax: Double) -> Int {
        guard weight > 0 else { return 1 }
        return max(1, Int((30 * (oneRepMax / weight - 1)).rounded(.down)))
    }

    /// `kg` rounded to the nearest step of `equipment`, never below its minimum.
    static func nearest(_ kg: Double, on equipment: Equipment) -> Double {
        let step = equipment.increment
        guard step > 0 else { return kg }
        return max(equipment.minimumKg, (kg / step).rounded() * step)
    }

    /// `kg` rounded down to a step of `equipment` (nil when that falls below its minimum).
    static func below(_ kg: Double, on equipment: Equipment) -> Double? {
        let step = equipment.increment
        guard step > 0 else { return nil }
        let value = (kg / step).rounded(.down) * step
        return value >= equipment.minimumKg ? value : nil
    }

    /// A weight as people write it: `100`, `82.5`, `12.25` (at most two decimals, no locale).
    static func text(_ kg: Double) -> String {
        let hundredths = Int((kg * 100).rounded())
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return String(whole) }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole)." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// The training level (0…1) after `weeks` training weeks: fast beginner gains that saturate
    /// within a year, plus slow gains that go on for a decade. Rational, so it rounds the same on
    /// every platform.
    static func level(trainingWeeks weeks: Int) -> Double {
        let w = Double(weeks)
        return 0.35 * w / (w + 12) + 0.65 * w / (w + 150)
    }
}
