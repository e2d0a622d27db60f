import WktCore

/// How a chart shows its values: at most so many decimals (trailing zeros dropped), `,` thousands
/// separators and an optional unit, the display form of docs/statistics.md "Display", so a
/// chart's summary, tooltips, target label and data table write a value as the pages do.
public struct ValueFormat: Sendable, Hashable {
    /// The most digits after the decimal point (0…6); trailing zeros are dropped.
    public let decimals: Int
    /// A unit written after the number with a space (`kg`, `lb`), or empty.
    public let unit: String

    /// Whole counts with no unit (workouts, sets).
    public static let count = ValueFormat(decimals: 0, unit: "")

    /// Creates a format.
    /// - Parameters:
    ///   - decimals: The most digits after the point, clamped to 0…6.
    ///   - unit: Unit text (escaped on output), empty for none.
    public init(decimals: Int, unit: String) {
        self.decimals = min(6, max(0, decimals))
        self.unit = unit
    }

    /// `value` as text with this format's decimals and unit (`82.5 kg`, `28,481 kg`, `100 kg`).
    /// - Parameter value: The number.
    /// - Returns: Raw (unescaped) text.
    public func text(_ value: Double) -> String {
        text(value, decimals: decimals)
    }

    /// An average of this format's values: one more decimal for whole counts without a unit
    /// (`3.8` workouts a week), else the values' own format, so an average volume is rounded as
    /// the weekly volumes in the table are (`23,700 kg`).
    func averageText(_ value: Double) -> String {
        text(value, decimals: unit.isEmpty ? max(1, decimals) : decimals)
    }

    private func text(_ value: Double, decimals: Int) -> String {
        let number = DecimalFormat.grouped(value, decimals: decimals, minDecimals: 0)
        return unit.isEmpty ? number : number + " " + unit
    }
}

extension DisplayUnits {
    /// Chart values for weights: the decimals of ``DisplayUnits/weight(_:)`` (2 in kg, 1 in lb)
    /// and the unit; e1RM series are rounded to one decimal first (``DisplayUnits/estimateValue(_:)``).
    var weightChartFormat: ValueFormat { ValueFormat(decimals: weightDecimals, unit: symbol) }

    /// Chart values for volumes: whole units and the unit.
    var volumeChartFormat: ValueFormat { ValueFormat(decimals: 0, unit: symbol) }
}
