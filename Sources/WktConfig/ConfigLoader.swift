import Foundation
import TOMLKit
import WktCore

/// Reads `wkt-site.toml` into ``Settings`` (keys in docs/statistics.md "Calendar model" plus `title`,
/// `author`, `base_url` and `[publish]`).
///
/// Every key is optional; a missing key keeps its default. Unknown keys (also inside
/// `[schedule]`), values of the wrong TOML type and values out of range are errors naming the file
/// and the key (exit 65). Rules: `timezone` a zone `TimeZone(identifier:)` knows; `week_start` a
/// weekday name (any case); `day_cutoff_hour` an integer 0–23; `weekly_target` an integer ≥ 1;
/// `unit` `kg` or `lb`; `e1rm_formula` `epley` or `brzycki`; `[schedule]` keys `monday`…`sunday`
/// (lower case, like every key) with a non-empty routine name of at most 200 characters, and
/// `since`, a real day as a `"YYYY-MM-DD"` string or a TOML local date (its errors name the line); `title`
/// and `author` strings of at most 200 characters (``maxTextLength``); `base_url` an absolute
/// http(s) URL with a host (``BaseURL/validate(_:)``); `[publish]` as ``PublishTable`` reads it
/// (its errors also name the line); `[[goals]]` as ``GoalsTable`` reads it. The file must be UTF-8 without NUL bytes (the TOML reader
/// would stop at one). Keys are checked in sorted order, so the first error reported is stable.
public enum ConfigLoader {
    /// The default config file name, looked up in the working directory.
    public static let defaultFileName = "wkt-site.toml"

    /// Top-level keys, sorted.
    public static let knownKeys: [String] = [
        "author",
        "base_url",
        "big_three",
        "bodyweight_kg",
        "day_cutoff_hour",
        "e1rm_formula",
        "ignore",
        "goals",
        "muscle_sets_target",
        "muscles",
        "publish",
        "schedule",
        "sex",
        "timezone",
        "title",
        "unit",
        "week_start",
        "weekly_target",
    ]

    /// Parses a config document.
    /// - Parameters:
    ///   - toml: the file's text.
    ///   - file: the name used in error messages.
    ///   - defaultTimeZone: the zone when `timezone` is absent (the machine's zone).
    /// - Returns: the settings.
    /// - Throws: ``ConfigError`` naming the file and key.
    public static func parse(toml: String, file: String, defaultTimeZone: String) throws(ConfigError) -> Settings {
        // The TOML library reads a C string: it would stop at a NUL and silently ignore the rest.
        try checkBytes(Array(toml.utf8), file: file)
        // The TOML library aborts the process on some malformed table headers.
        try TableHeaderCheck.check(Array(toml.utf8), file: file)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            throw .syntax(
                file: file, line: error.source.begin.line, column: error.source.begin.column,
                message: error.description
            )
        } catch {
            throw .syntax(file: file, line: 0, column: 0, message: "\(error)")
        }
        guard TimeZone(identifier: defaultTimeZone) != nil else { throw .unknownTimeZone(defaultTimeZone) }
        var settings = Settings(timezone: defaultTimeZone)
        let reader = KeyReader(file: file, toml: toml)
        for key in table.keys.sorted() {
            guard let value = table[key] else { continue }
            switch key {
            case "timezone":
                let zone = try reader.string(value, key: key)
                guard TimeZone(identifier: zone) != nil else {
                    throw .badValue(file: file, key: key, value: quoted(zone), rule: "not a known IANA time zone")
                }
                settings.timezone = zone
            case "week_start":
                settings.weekStart = try reader.weekday(value, key: key)
            case "day_cutoff_hour":
                settings.dayCutoffHour = try reader.int(value, key: key, in: 0...23)
            case "weekly_target":
                settings.weeklyTarget = try reader.int(value, key: key, in: 1...Int.max)
            case "unit":
                settings.unit = try reader.choice(value, key: key, WeightUnit.allCases.map { ($0.rawValue, $0) })
            case "e1rm_formula":
                settings.e1rmFormula = try reader.choice(
                    value, key: key, E1RMFormula.allCases.map { ($0.rawValue, $0) }
                )
            case "schedule":
                settings.schedule = try reader.schedule(value)
            case "bodyweight_kg", "sex", "big_three":
                try BodyTable.read(key, value, into: &settings.body, file: file, bytes: Array(toml.utf8))
            case "goals":
                settings.goals = try GoalsTable.read(value, file: file, bytes: Array(toml.utf8))
            case "muscles":
                settings.muscles = try MusclesTable.read(value, file: file, bytes: Array(toml.utf8))
            case "muscle_sets_target":
                settings.muscleSetsTarget = try MusclesTable.target(value, file: file, bytes: Array(toml.utf8))
            case "publish":
                settings.publish = try PublishTable.read(value, file: file, bytes: Array(toml.utf8))
            case "ignore":
                settings.ignore = try IgnoreTable.read(value, file: file, bytes: Array(toml.utf8))
            case "title":
                settings.title = try reader.text(value, key: key)
            case "author":
                settings.author = try reader.text(value, key: key)
            case "base_url":
                let text = try reader.string(value, key: key)
                do {
                    _ = try BaseURL.validate(text)
                } catch {
                    throw .badValue(file: file, key: key, value: MessageText.quoted(text), rule: error.rule)
                }
                settings.baseURL = text
            default:
                throw .unknownKey(file: file, key: key)
            }
        }
        return settings
    }

    /// Loads `path` (relative to `workingDirectory` unless absolute), or `wkt-site.toml` in the
    /// working directory when `path` is nil.
    /// - Parameters:
    ///   - path: an explicit config file; missing is an error.
    ///   - workingDirectory: where a relative path and the default file are looked up.
    ///   - defaultTimeZone: the zone when `timezone` is absent.
    /// - Returns: the settings; the defaults when no path was given and the default file is absent.
    /// - Throws: ``ConfigError``.
    public static func load(path: String?, workingDirectory: String, defaultTimeZone: String) throws(ConfigError) -> Settings {
        let shown = path ?? defaultFileName
        let full = shown.hasPrefix("/") ? shown : (workingDirectory as NSString).appendingPathComponent(shown)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: full, isDirectory: &isDirectory) else {
            if path == nil {
                guard TimeZone(identifier: defaultTimeZone) != nil else { throw .unknownTimeZone(defaultTimeZone) }
                return Settings(timezone: defaultTimeZone)
            }
            throw .fileNotFound(path: shown)
        }
        guard !isDirectory.boolValue, let data = manager.contents(atPath: full) else {
            throw .unreadable(path: shown)
        }
        try checkBytes([UInt8](data), file: shown)
        guard let text = String(data: data, encoding: .utf8) else { throw .invalidUTF8(file: shown) }
        return try parse(toml: text, file: shown, defaultTimeZone: defaultTimeZone)
    }

    /// The longest `title`, `author` and `[schedule]` routine name, in characters
    /// (docs/reliability.md A-11): each is printed on every page, so a megabyte title would make every
    /// page a megabyte. 200 is far above any real site title or routine name.
    public static let maxTextLength = 200

    /// Refuses a NUL byte anywhere (docs/reliability.md A-10: the TOML reader would stop at it and
    /// ignore the rest without a word) and invalid UTF-8, naming the line.
    static func checkBytes(_ bytes: [UInt8], file: String) throws(ConfigError) {
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            if byte == 0 { throw .badByte(file: file, line: line, what: "NUL character (byte 0x00); TOML does not allow it") }
            if byte < 0x80 {
                index += 1
                continue
            }
            guard let length = UTF8Validator.sequenceLength(in: bytes, at: index) else {
                throw .badByte(file: file, line: line, what: "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))); the file must be UTF-8")
            }
            index += length
        }
    }

    private static func quoted(_ text: String) -> String { MessageText.quoted(text) }

    /// Typed access to TOML values with errors that name the key.
    private struct KeyReader {
        let file: String
        /// The document, read again only to find the line of an error.
        let toml: String

        func string(_ value: TOMLValueConvertible, key: String) throws(ConfigError) -> String {
            guard let text = value.string else { throw wrongType(value, key: key, expected: "a string") }
            return text
        }

        /// A free-text string (`title`, `author`, a routine name): at most ``ConfigLoader/maxTextLength``
        /// characters.
        func text(_ value: TOMLValueConvertible, key: String) throws(ConfigError) -> String {
            let text = try string(value, key: key)
            // Counting only up to the cap keeps a 20 MB value cheap to refuse.
            guard text.prefix(ConfigLoader.maxTextLength + 1).count > ConfigLoader.maxTextLength else { return text }
            throw .badValue(
                file: file, key: key, value: "a text of \(text.unicodeScalars.count) code points",
                rule: "at most \(ConfigLoader.maxTextLength) characters")
        }

        func int(_ value: TOMLValueConvertible, key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
            guard let number = value.int else { throw wrongType(value, key: key, expected: "an integer") }
            guard range.contains(number) else {
                let rule = range.upperBound == Int.max
                    ? "must be at least \(range.lowerBound)"
                    : "must be between \(range.lowerBound) and \(range.upperBound)"
                throw .badValue(file: file, key: key, value: String(number), rule: rule)
            }
            return number
        }

        func weekday(_ value: TOMLValueConvertible, key: String) throws(ConfigError) -> Weekday {
            let name = try string(value, key: key)
            guard let day = Weekday(name: name) else {
                throw .badValue(file: file, key: key, value: quoted(name), rule: "expected a weekday, monday … sunday")
            }
            return day
        }

        func choice<T>(_ value: TOMLValueConvertible, key: String, _ options: [(String, T)]) throws(ConfigError) -> T {
            let name = try string(value, key: key)
            guard let match = options.first(where: { $0.0 == name }) else {
                let list = options.map(\.0).joined(separator: " or ")
                throw .badValue(file: file, key: key, value: quoted(name), rule: "expected \(list)")
            }
            return match.1
        }

        func schedule(_ value: TOMLValueConvertible) throws(ConfigError) -> Schedule {
            guard let table = value.table else { throw wrongType(value, key: "schedule", expected: "a table") }
            var days: [Weekday: String] = [:]
            var since: CivilDate?
            for key in table.keys.sorted() {
                let dotted = "schedule." + key
                if key == "since", let entry = table[key] {
                    since = try day(entry, key: dotted)
                    continue
                }
                guard let day = Weekday.allCases.first(where: { $0.name == key }) else {
                    throw .unknownKey(file: file, key: dotted)
                }
                guard let entry = table[key] else { continue }
                let routine = try text(entry, key: dotted)
                guard !routine.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw .badValue(file: file, key: dotted, value: "\"\"", rule: "a routine name must not be empty")
                }
                days[day] = CanonicalName.normalize(routine)
            }
            return Schedule(days: days, since: since)
        }

        /// A real day: a `"YYYY-MM-DD"` string or a TOML local date; errors name the line.
        func day(_ value: TOMLValueConvertible, key: String) throws(ConfigError) -> CivilDate {
            let path = key.split(separator: ".").map(String.init)
            // The document is read again for the line only when there is an error to report.
            func bad(_ problem: String, string: String? = nil) -> ConfigError {
                let lines = SourceLines(Array(toml.utf8))
                let line = string.map { lines.line(ofString: $0, in: path) } ?? lines.line(ofKey: path)
                return .badEntry(file: file, line: line, key: key, problem: problem)
            }
            if let date = value.date {
                guard let day = CivilDate(year: date.year, month: date.month, day: date.day) else {
                    throw bad("\(date.debugDescription) is not a real day")
                }
                return day
            }
            guard let text = value.string else {
                throw bad("a TOML \(value.type) is not valid: expected a day as \"YYYY-MM-DD\"")
            }
            guard let day = CivilDate.parse(text) else {
                throw bad("\(quoted(text)) is not valid: expected a real day as \"YYYY-MM-DD\"", string: text)
            }
            return day
        }

        private func wrongType(_ value: TOMLValueConvertible, key: String, expected: String) -> ConfigError {
            .badValue(file: file, key: key, value: "a TOML \(value.type)", rule: "expected \(expected)")
        }
    }
}
