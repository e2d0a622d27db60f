import WktCore

/// A parsed JSON value and the line it starts on.
struct WktJSONNode: Sendable {
    /// The value.
    enum Value: Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A finite number.
        case number(Double)
        /// A string, unescaped.
        case string(String)
        /// An array's elements.
        case array([WktJSONNode])
        /// Members in document order; keys are unique (duplicates are a parse error).
        case object([WktJSONMember])
    }

    /// The value.
    let value: Value
    /// 1-based line where the value starts.
    let line: Int

    /// "a string", "null", … for messages.
    var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "true/false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` of an object.
struct WktJSONMember: Sendable {
    /// The key.
    let key: String
    /// The value.
    let node: WktJSONNode
}

/// A position in a JSON document, rendered `$.workouts[3].sets[0].reps`.
struct WktJSONPath: Sendable, CustomStringConvertible {
    private enum Component: Sendable {
        case key(String)
        case index(Int)
    }

    private var components: [Component] = []

    /// The document root, `$`.
    static let root = WktJSONPath()

    /// The path of member `key` below this one.
    func appending(_ key: String) -> WktJSONPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// The path of element `index` below this one.
    func appending(_ index: Int) -> WktJSONPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    /// `$`, then `.key` for identifier-like keys, `["key"]` for others, `[n]` for indices.
    var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                let plain = !key.isEmpty && key.utf8.allSatisfy {
                    ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95
                }
                text += plain ? ".\(key)" : "[\"\(key)\"]"
            }
        }
        return text
    }
}

/// A strict RFC 8259 parser over bytes (RELIABILITY.md I-28).
///
/// Unlike `JSONDecoder` it refuses duplicate keys (no first-wins), keeps each value's line for
/// messages and names the JSON path of every fault. It also refuses invalid UTF-8, lone
/// surrogates (`\ud800`), numbers that overflow a `Double` (`1e400`), `NaN`/`Infinity`, raw
/// control characters in strings, NUL characters (raw or `\u0000`: the store would cut the value
/// at them) and trailing data. Recursion is bounded by ``maxDepth``, so a
/// 100,000-deep `[[[…` is a clean error, not a stack overflow. A UTF-8 byte order mark is skipped.
struct WktJSONParser {
    /// Deepest nesting of arrays and objects accepted (a wkt file needs 5).
    static let maxDepth = 64

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses a whole document.
    static func parse(_ bytes: [UInt8], file: String) throws(WktJSONError) -> WktJSONNode {
        if let offset = UTF8Validator.firstInvalidOffset(in: bytes) {
            let line = bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw WktJSONError(
                kind: .invalidUTF8, file: file, line: line,
                message: "invalid UTF-8 at byte offset \(offset); wkt JSON is UTF-8")
        }
        var parser = WktJSONParser(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let root = try parser.value(path: .root, depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.syntax("unexpected data after the JSON document", .root) }
        return root
    }

    private mutating func value(path: WktJSONPath, depth: Int) throws(WktJSONError) -> WktJSONNode {
        guard index < bytes.count else { throw syntax("unexpected end of input", path) }
        let startLine = line
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw tooDeep(path) }
            return WktJSONNode(value: .object(try object(path: path, depth: depth + 1)), line: startLine)
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw tooDeep(path) }
            return WktJSONNode(value: .array(try array(path: path, depth: depth + 1)), line: startLine)
        case UInt8(ascii: "\""):
            return WktJSONNode(value: .string(try string(path: path)), line: startLine)
        case UInt8(ascii: "t"):
            try literal("true", path: path)
            return WktJSONNode(value: .bool(true), line: startLine)
        case UInt8(ascii: "f"):
            try literal("false", path: path)
            return WktJSONNode(value: .bool(false), line: startLine)
        case UInt8(ascii: "n"):
            try literal("null", path: path)
            return WktJSONNode(value: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return WktJSONNode(value: .number(try number(path: path)), line: startLine)
        default:
            throw syntax("unexpected \(describe(bytes[index])); expected a JSON value", path)
        }
    }

    private mutating func object(path: WktJSONPath, depth: Int) throws(WktJSONError) -> [WktJSONMember] {
        index += 1  // {
        skipWhitespace()
        var members: [WktJSONMember] = []
        var keys = Set<String>()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return members
        }
        while true {
            guard peek(UInt8(ascii: "\"")) else { throw syntax("expected a \"key\"", path) }
            let keyLine = line
            let key = try string(path: path)
            guard keys.insert(key).inserted else {
                throw WktJSONError(
                    kind: .duplicateKey, file: file, line: keyLine, path: path.description,
                    message: "duplicate key \"\(key)\"; every key may appear once per object")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw syntax("expected ':' after \"\(key)\"", path) }
            index += 1
            skipWhitespace()
            members.append(WktJSONMember(key: key, node: try value(path: path.appending(key), depth: depth)))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                skipWhitespace()
            } else if peek(UInt8(ascii: "}")) {
                index += 1
                return members
            } else {
                throw syntax("expected ',' or '}'", path)
            }
        }
    }

    private mutating func array(path: WktJSONPath, depth: Int) throws(WktJSONError) -> [WktJSONNode] {
        index += 1  // [
        skipWhitespace()
        var elements: [WktJSONNode] = []
        if peek(UInt8(ascii: "]")) {
            index += 1
            return elements
        }
        while true {
            elements.append(try value(path: path.appending(elements.count), depth: depth))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                skipWhitespace()
            } else if peek(UInt8(ascii: "]")) {
                index += 1
                return elements
            } else {
                throw syntax("expected ',' or ']'", path)
            }
        }
    }

    private mutating func string(path: WktJSONPath) throws(WktJSONError) -> String {
        index += 1  // opening quote
        var decoded: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                decoded.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<index])
                try escape(into: &decoded, path: path)
                runStart = index
            case 0x00:
                throw nulCharacter("a raw NUL character (byte 0x00) inside a string", path)
            case 0x01..<0x20:
                throw syntax("control character \(describe(byte)) inside a string; escape it", path)
            default:
                index += 1
            }
        }
        throw syntax("unterminated string", path)
    }

    /// Decodes one escape sequence starting at the backslash.
    private mutating func escape(into decoded: inout [UInt8], path: WktJSONPath) throws(WktJSONError) {
        guard index + 1 < bytes.count else { throw syntax("unterminated string", path) }
        let code = bytes[index + 1]
        index += 2
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            decoded.append(code)
            return
        case UInt8(ascii: "b"): decoded.append(0x08); return
        case UInt8(ascii: "f"): decoded.append(0x0C); return
        case UInt8(ascii: "n"): decoded.append(0x0A); return
        case UInt8(ascii: "r"): decoded.append(0x0D); return
        case UInt8(ascii: "t"): decoded.append(0x09); return
        case UInt8(ascii: "u"): break
        default: throw syntax("invalid escape \\\(describe(code))", path)
        }
        var scalar = try hex4(path: path)
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw syntax("lone surrogate \\u\(hex(scalar)) is not a character", path) }
            index += 2
            let low = try hex4(path: path)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw syntax("lone surrogate \\u\(hex(scalar)) is not a character", path)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw syntax("lone surrogate \\u\(hex(scalar)) is not a character", path)
        }
        // A NUL would be cut off by the store (SQLite text ends at it), so the value would be
        // stored truncated: refused instead (RELIABILITY.md A-03).
        guard scalar != 0 else { throw nulCharacter("a NUL character (\\u0000) inside a string", path) }
        guard let unicode = Unicode.Scalar(scalar) else { throw syntax("invalid \\u escape", path) }
        decoded.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func hex4(path: WktJSONPath) throws(WktJSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw syntax("\\u needs four hex digits", path) }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw syntax("\\u needs four hex digits", path)
            }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, finite as a `Double`.
    private mutating func number(path: WktJSONPath) throws(WktJSONError) -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else {
            guard digits() > 0 else { throw syntax("invalid number", path) }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw syntax("invalid number: digits must follow '.'", path) }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw syntax("invalid number: digits must follow the exponent", path) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw syntax("number \(text) is out of range", path)
        }
        return value
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: String, path: WktJSONPath) throws(WktJSONError) {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else {
            throw syntax("unexpected \(describe(bytes[index])); expected a JSON value", path)
        }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            index += 1
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private func describe(_ byte: UInt8) -> String {
        if byte == 0 { return "a NUL character (byte 0x00)" }
        return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(UInt32(byte), width: 2))"
    }

    private func hex(_ value: UInt32, width: Int = 4) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private func syntax(_ message: String, _ path: WktJSONPath) -> WktJSONError {
        // Say what was found when it is a NUL, so the message names it (RELIABILITY.md A-03).
        let found = index < bytes.count && bytes[index] == 0 && !message.contains("NUL") ? ", found a NUL character (byte 0x00)" : ""
        return WktJSONError(kind: .syntax, file: file, line: line, path: path.description, message: "invalid JSON: \(message)\(found)")
    }

    private func nulCharacter(_ what: String, _ path: WktJSONPath) -> WktJSONError {
        WktJSONError(
            kind: .syntax, file: file, line: line, path: path.description,
            message: "\(what) is not allowed: no name, id or note may hold one")
    }

    private func tooDeep(_ path: WktJSONPath) -> WktJSONError {
        WktJSONError(
            kind: .tooDeep, file: file, line: line, path: path.description,
            message: "arrays and objects nested deeper than \(Self.maxDepth) levels")
    }
}
