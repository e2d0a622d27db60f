import WktCore

/// Where a JSON document may hold which object keys, for the unknown-key check.
indirect enum JSONShape: Sendable {
    /// Anything: checked for syntax and duplicate keys only (parts the importer ignores).
    case any
    /// An object that may hold exactly these keys; each value has the shape given.
    case object([String: JSONShape])
    /// An array whose elements have the shape given.
    case array(JSONShape)
}

/// Why a document is not strict JSON, and where.
struct JSONScanError: Error, Sendable, Equatable {
    /// What kind of rule was broken.
    enum Kind: Sendable, Equatable {
        /// Not JSON (RFC 8259): a stray character, a lone surrogate, a NUL character, a number out
        /// of range, a truncated document, …
        case syntax
        /// The same key twice in one object.
        case duplicateKey
        /// A key the shape does not know.
        case unknownKey
        /// Arrays and objects nested deeper than ``JSONScanner/maxDepth``.
        case tooDeep
    }

    /// The kind of rule broken.
    let kind: Kind
    /// The value at fault (for a duplicate or unknown key, the key's own path).
    let path: JSONPath
    /// The 1-based line where the scan stopped.
    let line: Int
    /// What is wrong, in words.
    let message: String
}

/// The one JSON reader (docs/reliability.md I-28): a recursive-descent scan over the bytes that both
/// JSON formats use, the wkt JSON decoder for its values and the Gym-Baazi check before
/// `JSONDecoder`.
///
/// Unlike `JSONDecoder` it refuses duplicate keys (no first-wins), keeps each value's line and
/// names the JSON path of every fault. It enforces strict RFC 8259 syntax: no lone surrogate
/// (`\ud800`), no number that overflows a double (`1e400`), no `NaN`, no raw control character in
/// a string, no NUL character (raw or `\u0000`: the store would cut the value at it), nothing
/// after the document. Nesting is capped at ``maxDepth``, so a 100,000-deep `[[[…` is a clean
/// error, not a stack overflow. A UTF-8 byte-order mark is skipped; the bytes are expected to be
/// checked for UTF-8 by the caller (``UTF8Validator``).
struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted (real files need 6 levels).
    static let maxDepth = 64

    private let bytes: [UInt8]
    private let keepsValues: Bool
    private let allowsNUL: Bool
    private var position = 0
    private var line = 1
    private var path: [JSONPath.Step] = []
    /// The keys of the top-level object seen so far, in order.
    private(set) var topLevelKeys: [String] = []

    /// A scanner over `bytes`.
    /// - Parameters:
    ///   - bytes: the whole document.
    ///   - keepsValues: whether ``document(_:)`` returns the values; when false it only checks
    ///     and returns a `null` node (cheaper for a check before another decoder).
    ///   - allowsNUL: whether a NUL inside a string passes (format detection only).
    init(bytes: [UInt8], keepsValues: Bool = true, allowsNUL: Bool = false) {
        self.bytes = bytes
        self.keepsValues = keepsValues
        self.allowsNUL = allowsNUL
        if bytes.starts(with: TextEncodingCheck.utf8BOM) { position = 3 }
    }

    /// The whole document: one value of `shape` and nothing after it.
    /// - Throws: the first ``JSONScanError`` in document order.
    mutating func document(_ shape: JSONShape = .any) throws(JSONScanError) -> JSONNode {
        let root = try value(shape, depth: 0)
        skipWhitespace()
        if position < bytes.count { throw fail("unexpected \(describe(bytes[position])) after the end of the JSON document") }
        return root
    }

    private mutating func value(_ shape: JSONShape, depth: Int) throws(JSONScanError) -> JSONNode {
        skipWhitespace()
        guard position < bytes.count else { throw fail("the document ends where a value should be (truncated file?)") }
        let startLine = line
        let parsed: JSONNode.Value
        switch bytes[position] {
        case UInt8(ascii: "{"):
            if case .object(let keys) = shape { parsed = try object(keys, depth: depth + 1) } else {
                parsed = try object(nil, depth: depth + 1)
            }
        case UInt8(ascii: "["):
            parsed = try array(shape.element, depth: depth + 1)
        case ASCII.quote: parsed = .string(try string(keep: keepsValues))
        case UInt8(ascii: "t"): parsed = try literal("true", .bool(true))
        case UInt8(ascii: "f"): parsed = try literal("false", .bool(false))
        case UInt8(ascii: "n"): parsed = try literal("null", .null)
        case UInt8(ascii: "-"), ASCII.zero...ASCII.nine: parsed = .number(try number())
        default: throw fail("unexpected \(describe(bytes[position])) where a value should be")
        }
        return JSONNode(value: keepsValues ? parsed : .null, line: startLine)
    }

    /// Steps over the opening bracket of an object or array at nesting `depth`, refusing one too
    /// deep; true when the container is empty (its `close` stepped over too).
    private mutating func open(depth: Int, close: UInt8) throws(JSONScanError) -> Bool {
        guard depth <= Self.maxDepth else { throw fail("nested more than \(Self.maxDepth) levels deep", .tooDeep) }
        position += 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] == close else { return false }
        position += 1
        return true
    }

    /// After a member or element of `container` ("an object"): steps over `close` (true) or a
    /// comma (false); anything else is an error saying what was `expected`.
    private mutating func closes(_ close: UInt8, _ container: String, expected: String) throws(JSONScanError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw fail("the document ends inside \(container) (truncated file?)") }
        let byte = bytes[position]
        guard byte == close || byte == ASCII.comma else { throw fail(expected) }
        position += 1
        return byte == close
    }

    /// An object; `keys` nil means any key is allowed.
    private mutating func object(_ keys: [String: JSONShape]?, depth: Int) throws(JSONScanError) -> JSONNode.Value {
        var members: [JSONMember] = []
        if try open(depth: depth, close: UInt8(ascii: "}")) { return .object(members) }
        var seen = Set<String>()
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == ASCII.quote else {
                throw fail(
                    position < bytes.count
                        ? "expected a key in double quotes" : "the document ends inside an object (truncated file?)")
            }
            let key = try string(keep: true)
            path.append(.key(key))
            guard seen.insert(key).inserted else {
                throw fail("duplicate key (a JSON reader would silently keep only one of the values)", .duplicateKey)
            }
            var child = JSONShape.any
            if let keys {
                guard let known = keys[key] else {
                    throw fail("unknown key (known here: " + keys.keys.sorted().joined(separator: ", ") + ")", .unknownKey)
                }
                child = known
            }
            if depth == 1 { topLevelKeys.append(key) }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
            position += 1
            let node = try value(child, depth: depth)
            if keepsValues { members.append(JSONMember(key: key, node: node)) }
            path.removeLast()
            if try closes(UInt8(ascii: "}"), "an object", expected: "expected ',' or '}' after a value in an object") {
                return .object(members)
            }
        }
    }

    private mutating func array(_ element: JSONShape, depth: Int) throws(JSONScanError) -> JSONNode.Value {
        var elements: [JSONNode] = []
        if try open(depth: depth, close: UInt8(ascii: "]")) { return .array(elements) }
        var index = 0
        while true {
            path.append(.index(index))
            let node = try value(element, depth: depth)
            if keepsValues { elements.append(node) }
            path.removeLast()
            if try closes(UInt8(ascii: "]"), "an array", expected: "expected ',' or ']' after an array element") {
                return .array(elements)
            }
            index += 1
        }
    }

    /// A string starting at the opening quote; its unescaped text when `keep`, else "".
    private mutating func string(keep: Bool) throws(JSONScanError) -> String {
        position += 1
        var text: [UInt8] = []
        var runStart = position
        while position < bytes.count {
            let b = bytes[position]
            if b == ASCII.quote {
                if keep { text.append(contentsOf: bytes[runStart..<position]) }
                position += 1
                return keep ? String(decoding: text, as: UTF8.self) : ""
            }
            if b == 0 && !allowsNUL {
                throw fail("a raw NUL character (byte 0x00) inside a string is not allowed: no name, id or note may hold one")
            }
            if b < 0x20 && b != 0 { throw fail("control character \(Hex.byte(b)) inside a string must be escaped") }
            guard b == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            if keep { text.append(contentsOf: bytes[runStart..<position]) }
            guard position + 1 < bytes.count else { break }
            let escape = bytes[position + 1]
            position += 2
            try unescape(escape, into: &text, keep: keep)
            runStart = position
        }
        throw fail("the document ends inside a string (truncated file?)")
    }

    /// The character an escape (`\` and `escape` already read) stands for, appended when `keep`.
    private mutating func unescape(_ escape: UInt8, into text: inout [UInt8], keep: Bool) throws(JSONScanError) {
        let simple: UInt8? = switch escape {
        case ASCII.quote, UInt8(ascii: "\\"), UInt8(ascii: "/"): escape
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): ASCII.lf
        case UInt8(ascii: "r"): ASCII.cr
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            if keep { text.append(simple) }
            return
        }
        guard escape == UInt8(ascii: "u") else { throw fail("invalid escape \\\(String(UnicodeScalar(escape))) in a string") }
        let scalar = try unicodeEscape()
        // A NUL would be cut off by the store (SQLite text ends at it) or by the decoder, so the
        // value would be stored truncated: refused instead (docs/reliability.md A-03).
        if scalar == "\0" && !allowsNUL {
            throw fail("a NUL character (\\u0000) inside a string is not allowed: no name, id or note may hold one")
        }
        if keep { text.append(contentsOf: String(Character(scalar)).utf8) }
    }

    /// The scalar of a `\uXXXX` escape (the `\u` already read), joining a surrogate pair.
    private mutating func unicodeEscape() throws(JSONScanError) -> Unicode.Scalar {
        let high = try hex4()
        switch high {
        case 0xD800...0xDBFF:
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { throw fail("lone surrogate \\u\(hexText(high)) in a string (not a character)") }
            position += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw fail("lone surrogate \\u\(hexText(high)) in a string (not a character)")
            }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        case 0xDC00...0xDFFF:
            throw fail("lone surrogate \\u\(hexText(high)) in a string (not a character)")
        default:
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        }
    }

    /// Four hex digits.
    private mutating func hex4() throws(JSONScanError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("the document ends inside a \\u escape (truncated file?)") }
        var value: UInt32 = 0
        for b in bytes[position..<(position + 4)] {
            let digit: UInt8
            switch b {
            case ASCII.zero...ASCII.nine: digit = b - ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape: four hex digits expected")
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }

    private mutating func literal(_ word: StaticString, _ value: JSONNode.Value) throws(JSONScanError) -> JSONNode.Value {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[position...].starts(with: expected) else {
            throw fail("unexpected \(describe(bytes[position])) where a value should be (not true, false or null)")
        }
        position += expected.count
        return value
    }

    /// A number by the RFC 8259 grammar that a double can hold.
    private mutating func number() throws(JSONScanError) -> Double {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        var valid = integerDigits > 0 && !(integerDigits > 1 && bytes[integerStart] == ASCII.zero)
        if valid, position < bytes.count, bytes[position] == ASCII.dot {
            position += 1
            valid = digits() > 0
        }
        if valid, position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            valid = digits() > 0
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard valid else { throw fail("'\(text)' is not a JSON number") }
        guard let value = Double(text), value.isFinite else { throw fail("the number \(text) is out of range") }
        return value
    }

    private mutating func digits() -> Int {
        let from = position
        while position < bytes.count, ASCII.isDigit(bytes[position]) { position += 1 }
        return position - from
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case ASCII.lf: line += 1
            case 0x20, 0x09, ASCII.cr: break
            default: return
            }
            position += 1
        }
    }

    /// A readable name for a byte in messages.
    private func describe(_ b: UInt8) -> String {
        if b == 0 { return "a NUL character (byte 0x00)" }
        return b >= 0x21 && b < 0x7F ? "'" + String(UnicodeScalar(b)) + "'" : "byte " + Hex.byte(b)
    }

    /// Upper-case four-digit hex for messages.
    private func hexText(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String((0..<4).map { digits[Int(value >> UInt32(12 - 4 * $0) & 0xF)] })
    }

    /// An error at the current place; when the scan stopped at a NUL byte the message says so
    /// (docs/reliability.md A-03).
    private func fail(_ message: String, _ kind: JSONScanError.Kind = .syntax) -> JSONScanError {
        let atNUL = position < bytes.count && bytes[position] == 0 && !message.contains("NUL")
        return JSONScanError(
            kind: kind, path: JSONPath(path), line: line, message: message + (atNUL ? ", found a NUL character (byte 0x00)" : ""))
    }
}

extension JSONShape {
    /// The shape of an array's elements (anything unless the shape is an array).
    fileprivate var element: JSONShape {
        if case .array(let element) = self { return element }
        return .any
    }
}
