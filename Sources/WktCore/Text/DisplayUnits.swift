/// Weights and volumes as the site and the terminal show them: in the configured display unit
/// (`unit` in `wkt-site.toml`), locale-free (``DecimalFormat``), with sensible precision. The store
/// and `stats.json` stay in kg.
///
/// The rule is docs/statistics.md "Display"; every number has `,` thousands separators
/// (``DecimalFormat/grouped(_:decimals:minDecimals:)``) and no trailing `.0`:
/// - Weights: kg with at most 2 decimals (61.25 kg), lb with at most 1 (135.5 lb, `1,000 lb`).
/// - Estimates (e1RM): at most 1 decimal (`116.7 kg`, `100 kg`).
/// - Volumes: whole units (`12,345 kg`).
public struct DisplayUnits: Sendable, Hashable {
    /// The display unit.
    public let unit: WeightUnit

    /// Shows weights in `unit`.
    public init(unit: WeightUnit) {
        self.unit = unit
    }

    /// `kg` or `lb`.
    public var symbol: String { unit.rawValue }

    /// ``symbol`` after a space, as literal text for ``DecimalFormat/grouped(_:decimals:minDecimals:suffix:)``.
    private var spacedSymbol: StaticString {
        switch unit {
        case .kg: " kg"
        case .lb: " lb"
        }
    }

    /// Kilograms converted to the display unit.
    public func convert(_ kg: Double) -> Double {
        unit == .kg ? kg : kg / WeightUnit.kilogramsPerPound
    }

    /// A weight without its unit (`82.5`).
    public func weightNumber(_ kg: Double) -> String {
        DecimalFormat.grouped(convert(kg), decimals: weightDecimals, minDecimals: 0)
    }

    /// The most decimals of a weight: 2 in kg, 1 in lb.
    public var weightDecimals: Int { unit == .kg ? 2 : 1 }

    /// The most decimals of an estimate (e1RM): 1.
    public var estimateDecimals: Int { 1 }

    /// The decimals of a volume: none (whole units).
    public var volumeDecimals: Int { 0 }

    /// An estimate (e1RM) in the display unit, rounded to the one decimal ``estimate(_:)`` shows:
    /// the value a chart plots beside weights, so its label reads as the records table does.
    public func estimateValue(_ kg: Double) -> Double {
        let value = convert(kg)
        return value.isFinite ? (value * 10).rounded(.toNearestOrAwayFromZero) / 10 : 0
    }

    /// A weight with its unit (`82.5 kg`).
    public func weight(_ kg: Double) -> String {
        DecimalFormat.grouped(convert(kg), decimals: weightDecimals, minDecimals: 0, suffix: spacedSymbol)
    }

    /// An estimated weight (e1RM) with at most one decimal and the unit (`116.7 kg`, `100 kg`).
    public func estimate(_ kg: Double) -> String {
        DecimalFormat.grouped(convert(kg), decimals: estimateDecimals, minDecimals: 0, suffix: spacedSymbol)
    }

    /// A volume in whole units with thousands separators (`12,345 kg`).
    public func volume(_ kg: Double) -> String {
        DecimalFormat.grouped(convert(kg), decimals: volumeDecimals, minDecimals: 0, suffix: spacedSymbol)
    }

    /// A record's value in its metric's format: a weight, an e1RM estimate or a volume.
    public func record(_ metric: RecordMetric, _ kg: Double) -> String {
        switch metric {
        case .e1rm: estimate(kg)
        case .setVolume, .sessionVolume: volume(kg)
        case .heaviest, .repMax: weight(kg)
        }
    }
}
