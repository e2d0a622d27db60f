import TOMLKit
import WktCore

/// Reads `[[ignore]]` entries (docs/statistics.md "Data quality: [[ignore]]") into
/// ``IgnoreEntry`` values, in config order.
///
/// Keys of an entry: `workout` (required), a string `"YYYY-MM-DD HH:MM"`, a real day and
/// minute; `exercise`, a non-empty string of at most 200 characters; `set`, an integer ≥ 1,
/// allowed only with `exercise`. An unknown key, a wrong TOML type, a bad value, `ignore` that is
/// not an array of tables, and an entry equal to an earlier one are errors (exit 65) naming the
/// file and the line (the key's, else the entry's `[[ignore]]` header).
enum IgnoreTable {
    /// The keys of an entry, sorted.
    static let knownKeys = ["exercise", "set", "workout"]

    /// The entries `value` (the document's `ignore` entry) describes.
    /// - Parameters:
    ///   - value: the parsed `ignore` value.
    ///   - file: the name used in error messages.
    ///   - bytes: the document's bytes, read again for the entries' lines.
    /// - Throws: ``ConfigError/badEntry(file:line:key:problem:)``.
    static func read(_ value: TOMLValueConvertible, file: String, bytes: [UInt8]) throws(ConfigError) -> [IgnoreEntry] {
        let lines = SourceLines(bytes)
        let headers = lines.lines(ofArrayTable: ["ignore"])
        guard let array = value.array else {
            throw .badEntry(
                file: file, line: lines.line(ofKey: ["ignore"]), key: "ignore",
                problem: "a TOML \(value.type) is not valid: expected entries written as [[ignore]]")
        }
        var entries: [IgnoreEntry] = []
        for (index, element) in array.enumerated() {
            // Entries written as [[ignore]] headers have their own lines; an inline array has one.
            let header = headers.count == array.count ? headers[index] : lines.line(ofKey: ["ignore"])
            let next = headers.count == array.count && index + 1 < headers.count ? headers[index + 1] : Int.max
            func fail(_ key: String?, _ problem: String) -> ConfigError {
                var line = header
                if let key, let start = header, let own = lines.line(ofKey: ["ignore", key], from: start, before: next) { line = own }
                return .badEntry(file: file, line: line, key: "ignore" + (key.map { "." + $0 } ?? ""), problem: problem)
            }
            guard let table = element.table else {
                throw fail(nil, "a TOML \(element.type) is not valid: each [[ignore]] entry is a table")
            }
            var workout: WallTime?
            var exercise: String?
            var set: Int?
            for key in table.keys.sorted() {
                guard let entry = table[key] else { continue }
                switch key {
                case "workout":
                    guard let text = entry.string else {
                        throw fail(key, "a TOML \(entry.type) is not valid: expected the workout's start as a string \"YYYY-MM-DD HH:MM\"")
                    }
                    guard text.utf8.count == 16, let start = WallTime.parse(text) else {
                        throw fail(key, "\(MessageText.quoted(text)) is not valid: expected a real day and minute as \"YYYY-MM-DD HH:MM\"")
                    }
                    workout = start
                case "exercise":
                    guard let text = entry.string else {
                        throw fail(key, "a TOML \(entry.type) is not valid: expected an exercise name as a string")
                    }
                    guard !text.allSatisfy(\.isWhitespace) else { throw fail(key, "an exercise name must not be empty") }
                    guard text.prefix(ConfigLoader.maxTextLength + 1).count <= ConfigLoader.maxTextLength else {
                        throw fail(key, "an exercise name has at most \(ConfigLoader.maxTextLength) characters")
                    }
                    exercise = text
                case "set":
                    guard let number = entry.int else { throw fail(key, "a TOML \(entry.type) is not valid: expected a set number ≥ 1") }
                    guard number >= 1 else { throw fail(key, "\(number) is not valid: sets are numbered from 1") }
                    set = number
                default:
                    throw fail(key, "unknown key: an [[ignore]] entry takes workout, exercise and set")
                }
            }
            guard let workout else { throw fail(nil, "an [[ignore]] entry needs workout = \"YYYY-MM-DD HH:MM\"") }
            if set != nil, exercise == nil { throw fail("set", "set needs the exercise it belongs to (exercise = \"…\")") }
            let made = IgnoreEntry(workout: workout, exercise: exercise, set: set, line: header ?? 0)
            if let earlier = entries.first(where: { $0.workout == made.workout && $0.exercise == made.exercise && $0.set == made.set }) {
                throw fail(nil, "the same entry as the one on line \(earlier.line)")
            }
            entries.append(made)
        }
        return entries
    }
}
