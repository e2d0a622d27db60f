/// Weights and volumes as the site and the terminal show them: in the configured display unit
/// (`unit` in `wkt-site.toml`), locale-free (``DecimalFormat``), with sensible precision. The store
/// and `stats.json` stay in kg.
///
/// - Weights: kg with at most 2 decimals (61.25 kg), lb with at most 1 (135.5 lb); trailing zeros
///   dropped (`100 kg`).
/// - Estimates (e1RM): exactly 1 decimal (`116.7 kg`).
/// - Volumes: whole units with `,` thousands separators (`12,345 kg`).
public struct DisplayUnits: Sendable, Hashable {
    /// The display unit.
    public let unit: WeightUnit

    /// Shows weights in `unit`.
    public init(unit: WeightUnit) {
        self.unit = unit
    }

    /// `kg` or `lb`.
    public var symbol: String { unit.rawValue }

    /// Kilograms converted to the display unit.
    public func convert(_ kg: Double) -> Double {
        unit == .kg ? kg : kg / WeightUnit.kilogramsPerPound
    }

    /// A weight without its unit (`82.5`).
    public func weightNumber(_ kg: Double) -> String {
        DecimalFormat.fixed(convert(kg), decimals: unit == .kg ? 2 : 1, minDecimals: 0)
    }

    /// A weight with its unit (`82.5 kg`).
    public func weight(_ kg: Double) -> String { weightNumber(kg) + " " + symbol }

    /// An estimated weight (e1RM) with one decimal and the unit (`116.7 kg`).
    public func estimate(_ kg: Double) -> String { DecimalFormat.fixed(convert(kg), decimals: 1) + " " + symbol }

    /// A volume in whole units with thousands separators (`12,345 kg`).
    public func volume(_ kg: Double) -> String { DecimalFormat.grouped(convert(kg)) + " " + symbol }

    /// A record's value in its metric's format: a weight, an e1RM estimate or a volume.
    public func record(_ metric: RecordMetric, _ kg: Double) -> String {
        switch metric {
        case .e1rm: estimate(kg)
        case .setVolume, .sessionVolume: volume(kg)
        case .heaviest, .repMax: weight(kg)
        }
    }
}
