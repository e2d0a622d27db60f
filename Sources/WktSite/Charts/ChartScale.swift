import WktCore

/// A "nice" linear value axis: bounds on multiples of a 1-2-5 step, and the mapping of values
/// onto a pixel range. Every division is guarded, so no input makes a coordinate NaN or infinite.
struct ChartScale: Sendable, Equatable {
    /// The value at the bottom of the axis.
    let lower: Double
    /// The value at the top of the axis (always greater than ``lower``).
    let upper: Double
    /// The distance between ticks.
    let step: Double

    /// Builds an axis that covers `minimum…maximum` with about `steps` steps.
    ///
    /// Non-finite bounds count as 0 and magnitudes are clamped to ``DecimalFormat/limit``.
    /// An empty range (all values equal) is widened by one step on each side, except that it
    /// never goes below 0 when `minimum` is not negative.
    /// - Parameters:
    ///   - minimum: The smallest value to show.
    ///   - maximum: The largest value to show.
    ///   - wholeSteps: Steps are whole numbers (counts of workouts).
    ///   - steps: About how many steps the axis should have (4 by default; more gridlines for
    ///     the exercise progress chart).
    init(minimum: Double, maximum: Double, wholeSteps: Bool, steps: Int = 4) {
        var lo = Self.clean(minimum)
        var hi = Self.clean(maximum)
        if lo > hi { swap(&lo, &hi) }
        if hi - lo <= 0 {
            let pad = max(abs(hi) * 0.1, 1)
            hi += pad
            lo = lo >= 0 ? max(0, lo - pad) : lo - pad
        }
        var step = Self.niceStep((hi - lo) / Double(max(1, steps)))
        if wholeSteps { step = max(1, step.rounded(.up)) }
        let first = (lo / step + 1e-9).rounded(.down) * step
        var last = (hi / step - 1e-9).rounded(.up) * step
        if last <= first { last = first + step }
        self.lower = first
        self.upper = last
        self.step = step
    }

    /// The tick values from ``lower`` to ``upper`` inclusive (at most 21).
    var ticks: [Double] {
        let count = min(20, Int(((upper - lower) / step).rounded()))
        return (0...max(0, count)).map { lower + Double($0) * step }
    }

    /// Digits after the point that tick labels need (0 for a step of 1 or more).
    var tickDecimals: Int {
        var places = 0
        var scaled = step
        while places < 3, (scaled - scaled.rounded()).magnitude > 1e-9 {
            scaled *= 10
            places += 1
        }
        return places
    }

    /// Maps `value` onto `bottom…top` (pixel y grows downwards, so `bottom > top`).
    /// Values outside the axis are clamped to it.
    func position(_ value: Double, bottom: Double, top: Double) -> Double {
        let fraction = (Self.clean(value) - lower) / (upper - lower)
        let clamped = fraction.isFinite ? min(1, max(0, fraction)) : 0
        return bottom + (top - bottom) * clamped
    }

    /// Rounds `rough` up to 1, 2 or 5 times a power of ten; at least 1e-3.
    static func niceStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 1e-3 else { return 1e-3 }
        var base = 1.0
        while base * 10 <= rough { base *= 10 }
        while base > rough { base /= 10 }
        let fraction = rough / base
        let factor: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        return factor * base
    }

    /// A finite value within ±``DecimalFormat/limit`` (non-finite becomes 0).
    static func clean(_ value: Double) -> Double {
        value.isFinite ? min(DecimalFormat.limit, max(-DecimalFormat.limit, value)) : 0
    }
}
