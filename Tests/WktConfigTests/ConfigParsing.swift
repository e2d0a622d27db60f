import WktConfig
import WktCore

/// Parsing a config text the way the suites of this target do: as `wkt-site.toml`, with
/// Europe/Berlin as the machine's zone.
protocol ConfigParsing {}

extension ConfigParsing {
    func parse(_ toml: String) throws(ConfigError) -> Settings {
        try ConfigLoader.parse(toml: toml, file: "wkt-site.toml", defaultTimeZone: "Europe/Berlin")
    }

    /// The error thrown by `parse`, or nil.
    func error(_ toml: String) -> ConfigError? {
        do {
            _ = try parse(toml)
            return nil
        } catch {
            return error
        }
    }
}
