import WktCore

/// A place in a JSON document, as messages spell it: `$`, `$.workouts[3].sets[0].reps`,
/// `$["odd key"]`. The one path type of the JSON readers (``JSONScanner``, the wkt JSON decoder and
/// the Gym-Baazi importer's `JSONDecoder` errors).
struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step down: an object key or an array index.
    enum Step: Sendable, Hashable {
        /// A key of an object.
        case key(String)
        /// A 0-based index into an array.
        case index(Int)
    }

    /// The steps from the root.
    private(set) var steps: [Step]

    /// The path of `steps`, starting at the root.
    init(_ steps: [Step] = []) {
        self.steps = steps
    }

    /// The path of a `Decodable` coding path (keys with an integer value are array indices).
    init(codingPath: [any CodingKey]) {
        self.init(codingPath.map { key in key.intValue.map(Step.index) ?? .key(key.stringValue) })
    }

    /// The document root, `$`.
    static let root = JSONPath()

    /// The path of member `key` below this one.
    func appending(_ key: String) -> JSONPath { JSONPath(steps + [.key(key)]) }

    /// The path of element `index` below this one.
    func appending(_ index: Int) -> JSONPath { JSONPath(steps + [.index(index)]) }

    /// `$`, then `.key` for keys made of ASCII letters, digits and `_` that do not start with a
    /// digit, `["key"]` (with `"`, `\` and control characters escaped) for other keys, `[n]` for
    /// indices.
    var description: String {
        steps.reduce(into: "$") { text, step in
            switch step {
            case .index(let index): text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key): text += "." + key
            case .key(let key): text += "[\"" + Self.escaped(key) + "\"]"
            }
        }
    }

    /// Whether a key can follow a dot: ASCII letters, digits and `_`, not starting with a digit.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !ASCII.isDigit(first) else { return false }
        return key.utf8.allSatisfy { b in
            ASCII.isDigit(b) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_")
        }
    }

    /// A key with `"` and `\` escaped and control characters as `\u00XX`, for the bracket form.
    private static func escaped(_ key: String) -> String {
        var out = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u00" + String(Hex.byte(UInt8(scalar.value)).dropFirst(2))
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
