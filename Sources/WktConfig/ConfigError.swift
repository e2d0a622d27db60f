import WktCore

/// Everything that can go wrong reading `wkt-site.toml` or resolving "today".
public enum ConfigError: Error, Equatable, CustomStringConvertible {
    /// An explicitly given config file does not exist.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (a directory, no permission).
    case unreadable(path: String)
    /// The file is not valid UTF-8.
    case invalidUTF8(file: String)
    /// A byte TOML does not allow at a 1-based line: a NUL, or invalid UTF-8 (docs/reliability.md A-10).
    case badByte(file: String, line: Int, what: String)
    /// TOML syntax error at a 1-based line and column.
    case syntax(file: String, line: Int, column: Int, message: String)
    /// A key the configuration does not know (`schedule.mondy` for keys inside `[schedule]`).
    case unknownKey(file: String, key: String)
    /// A known key with a value that breaks its rule.
    case badValue(file: String, key: String, value: String, rule: String)
    /// A key or value that breaks its rule, with the 1-based line it is on when it could be found
    /// (`[publish]`: `problem` says the rule and the allowed values).
    case badEntry(file: String, line: Int?, key: String, problem: String)
    /// A time zone id Foundation does not know (the machine's default, or one passed in code).
    case unknownTimeZone(String)
    /// `--today` is not a real `YYYY-MM-DD` day.
    case badToday(String)
    /// `SOURCE_DATE_EPOCH` is not a non-negative integer number of seconds.
    case badSourceDateEpoch(String)

    /// 64 for bad command-line input (`--today`, `SOURCE_DATE_EPOCH`), 74 for a missing or unreadable
    /// file, 65 for bad contents.
    public var exitCode: Int32 {
        switch self {
        case .badToday, .badSourceDateEpoch: 64
        case .fileNotFound, .unreadable: 74
        case .invalidUTF8, .badByte, .syntax, .unknownKey, .badValue, .badEntry, .unknownTimeZone: 65
        }
    }

    /// One line naming the file, the key and the rule: control characters escaped, quoted values
    /// cut to 80 characters (docs/reliability.md A-09).
    public var description: String { MessageText.oneLine(rawDescription) }

    private var rawDescription: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): config file not found"
        case .unreadable(let path):
            "\(path): cannot read the config file"
        case .invalidUTF8(let file):
            "\(file): not valid UTF-8"
        case .badByte(let file, let line, let what):
            "\(file):\(line): \(what)"
        case .syntax(let file, let line, let column, let message):
            "\(file):\(line):\(column): TOML syntax error: \(MessageText.clip(message, limit: 200))"
        case .unknownKey(let file, let key):
            "\(file): unknown key `\(MessageText.clip(key))`"
        case .badValue(let file, let key, let value, let rule):
            "\(file): key `\(MessageText.clip(key))`: \(value) is not valid: \(rule)"
        case .badEntry(let file, let line, let key, let problem):
            "\(file)\(line.map { ":\($0)" } ?? ""): key `\(MessageText.clip(key))`: \(problem)"
        case .unknownTimeZone(let zone):
            "time zone \(MessageText.quoted(zone)) is not a known IANA time zone"
        case .badToday(let value):
            "--today \(value): expected a real day as YYYY-MM-DD"
        case .badSourceDateEpoch(let value):
            "SOURCE_DATE_EPOCH=\(value): expected a non-negative integer of seconds since 1970-01-01 UTC"
        }
    }
}
