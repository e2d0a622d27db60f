import TOMLKit
import WktCore

/// Reads `[publish]` (docs/product.md "Publishing: what a public site reveals") into a
/// ``PublishProfile``.
///
/// Keys: `hide`, an array of the names in ``PublishProfile/Field`` (any subset, duplicates
/// harmless, `[]` hides nothing), and `noindex`, a boolean (default false). An unknown key, a
/// value of the wrong TOML type or an unknown name is an error (exit 65) naming the file, the line
/// (found by ``SourceLines``) and what is allowed.
enum PublishTable {
    /// The table's keys, sorted.
    static let knownKeys = ["hide", "noindex"]

    /// The names `hide` accepts, quoted, in their documented order: for error messages.
    static var allowedNames: String {
        PublishProfile.Field.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    }

    /// The profile `value` (the `publish` entry of the document) describes.
    /// - Parameters:
    ///   - value: the parsed `publish` value.
    ///   - file: the name used in error messages.
    ///   - bytes: the document's bytes, read again only to find the line of an error.
    /// - Throws: ``ConfigError/badEntry(file:line:key:problem:)``.
    static func read(_ value: TOMLValueConvertible, file: String, bytes: [UInt8]) throws(ConfigError) -> PublishProfile {
        let locate = Locator(file: file, bytes: bytes)
        guard let table = value.table else {
            throw locate.error(["publish"], "a TOML \(value.type) is not valid: expected a table, [publish]")
        }
        var profile = PublishProfile()
        for key in table.keys.sorted() {
            guard let entry = table[key] else { continue }
            let path = ["publish", key]
            switch key {
            case "hide":
                guard let array = entry.array else {
                    throw locate.error(path, "a TOML \(entry.type) is not valid: expected an array of names, any of \(allowedNames)")
                }
                for element in array {
                    guard let name = element.string else {
                        throw locate.error(path, "a TOML \(element.type) is not valid: expected names, any of \(allowedNames)")
                    }
                    guard let field = PublishProfile.Field(rawValue: name) else {
                        throw locate.error(
                            path, "\(MessageText.quoted(name)) is not valid: expected any of \(allowedNames)", string: name)
                    }
                    profile.hide.insert(field)
                }
            case "noindex":
                guard let flag = entry.bool else {
                    throw locate.error(path, "a TOML \(entry.type) is not valid: expected true or false")
                }
                profile.noindex = flag
            default:
                throw locate.error(path, "unknown key: [publish] takes \(knownKeys.joined(separator: " and "))")
            }
        }
        return profile
    }

    /// Builds errors with the line of the key or value they are about (also for ``BodyTable`` and `[muscles]`).
    struct Locator {
        let file: String
        let bytes: [UInt8]

        /// The error for the key `path`, on the line of the string `string` in its value when
        /// given and found, else on the key's line.
        func error(_ path: [String], _ problem: String, string: String? = nil) -> ConfigError {
            let lines = SourceLines(bytes)
            let line = string.map { lines.line(ofString: $0, in: path) } ?? lines.line(ofKey: path)
            return .badEntry(file: file, line: line, key: path.joined(separator: "."), problem: problem)
        }
    }
}
