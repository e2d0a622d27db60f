import WktCore

/// How a chart shows its values: fixed decimals and an optional unit.
public struct ValueFormat: Sendable, Hashable {
    /// Digits after the decimal point (0…6).
    public let decimals: Int
    /// A unit written after the number with a space (`kg`, `lb`), or empty.
    public let unit: String

    /// Whole counts with no unit (workouts, sets).
    public static let count = ValueFormat(decimals: 0, unit: "")

    /// Creates a format.
    /// - Parameters:
    ///   - decimals: Digits after the point, clamped to 0…6.
    ///   - unit: Unit text (escaped on output), empty for none.
    public init(decimals: Int, unit: String) {
        self.decimals = min(6, max(0, decimals))
        self.unit = unit
    }

    /// `value` as text with this format's decimals and unit (`82.5 kg`).
    /// - Parameter value: The number.
    /// - Returns: Raw (unescaped) text.
    public func text(_ value: Double) -> String {
        text(value, decimals: decimals)
    }

    /// `value` with at least one decimal, for averages of whole counts (`3.8`).
    func averageText(_ value: Double) -> String {
        text(value, decimals: max(1, decimals))
    }

    private func text(_ value: Double, decimals: Int) -> String {
        let number = DecimalFormat.fixed(value, decimals: decimals)
        return unit.isEmpty ? number : number + " " + unit
    }
}

extension DisplayUnits {
    /// Chart values for weights: one decimal and the unit.
    var weightChartFormat: ValueFormat { ValueFormat(decimals: 1, unit: symbol) }

    /// Chart values for volumes: whole units and the unit.
    var volumeChartFormat: ValueFormat { ValueFormat(decimals: 0, unit: symbol) }
}
