import WktCore

/// One step of a path into a JSON document: an object key or an array index.
enum JSONPathStep: Sendable, Hashable {
    /// A key of an object.
    case key(String)
    /// A 0-based index into an array.
    case index(Int)
}

/// JSON paths as messages spell them: `$`, `$.workoutLogs[3].sets[0].weight`, `$["odd key"]`.
enum JSONPath {
    /// The path text of `steps`, starting at the root `$`.
    static func text(_ steps: some Sequence<JSONPathStep>) -> String {
        steps.reduce("$") { text, step in
            switch step {
            case .index(let index): return text + "[\(index)]"
            case .key(let key) where isIdentifier(key): return text + "." + key
            case .key(let key): return text + "[\"" + escaped(key) + "\"]"
            }
        }
    }

    /// The path of a `Decodable` coding path (keys with an integer value are array indices).
    static func text(codingPath: [any CodingKey]) -> String {
        text(codingPath.map { key in key.intValue.map(JSONPathStep.index) ?? .key(key.stringValue) })
    }

    /// Whether a key can follow a dot: ASCII letters, digits and `_`, not starting with a digit.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !ASCII.isDigit(first) else { return false }
        return key.utf8.allSatisfy { b in
            ASCII.isDigit(b) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_")
        }
    }

    /// A key with `"` and `\` escaped, for the bracket form.
    private static func escaped(_ key: String) -> String {
        var out = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + ASCIIDigits.pad(Int(scalar.value), 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Where a JSON document may hold which object keys, for the unknown-key check.
indirect enum JSONShape: Sendable {
    /// Anything: checked for syntax and duplicate keys only (parts the importer ignores).
    case any
    /// An object that may hold exactly these keys; each value has the shape given.
    case object([String: JSONShape])
    /// An array whose elements have the shape given.
    case array(JSONShape)
}

/// A rule broken at a place in a JSON document.
struct JSONProblem: Error, Equatable {
    /// Where, as a ``JSONPath`` text.
    var path: String
    /// What is wrong.
    var message: String

    /// `PATH: MESSAGE`, for ``ImportError/badData(file:line:message:)``.
    var text: String { path + ": " + message }
}

/// The checks `JSONDecoder` does not make (FORMATS.md §5, RELIABILITY.md I-28), run before it:
/// a duplicate key is an error instead of "first value wins silently", a key the shape does not
/// know is an error, and nesting is capped. The scan also enforces strict RFC 8259 syntax with a
/// path in every message: UTF-8 only, no NUL character in a string (raw or `\u0000`), no lone surrogate (`\ud800`), no number that overflows a
/// double (`1e400`), nothing after the document. A UTF-8 byte-order mark is skipped.
enum JSONDocumentCheck {
    /// The deepest nesting accepted; real backups need 6 levels.
    static let maxDepth = 64

    /// Checks a whole document against `shape`.
    ///
    /// - Throws: the first ``JSONProblem`` in document order.
    static func check(_ bytes: [UInt8], shape: JSONShape) throws(JSONProblem) {
        let problem: JSONProblem? = bytes.withUnsafeBufferPointer { p in
            if let bom = TextEncodingCheck.byteOrderMarkProblem(p) { return JSONProblem(path: "$", message: bom.message) }
            // A NUL byte is named with its JSON path (RELIABILITY.md A-03): the scan stops at it at
            // the latest. A NUL among the first two bytes is more likely UTF-16 without a byte
            // order mark, which the encoding check below names.
            if let nul = p.firstIndex(of: 0), nul > 1 {
                var scanner = JSONScanner(bytes: bytes)
                do throws(JSONProblem) {
                    try scanner.document(shape)
                } catch {
                    return error
                }
            }
            if let bad = TextEncodingCheck.utf8Problem(p, from: 0) { return JSONProblem(path: "$", message: bad.message) }
            return nil
        }
        if let problem { throw problem }
        var scanner = JSONScanner(bytes: bytes)
        try scanner.document(shape)
    }

    /// The keys of a top-level object, in order, as far as the document is well-formed: enough to
    /// recognise a format by its keys even when the file is damaged further on. Empty when the
    /// document is not an object.
    static func topLevelKeys(_ bytes: [UInt8]) -> [String] {
        var scanner = JSONScanner(bytes: bytes)
        // A NUL inside a string is the check's to report (with its path), not a reason to miss
        // the format.
        scanner.allowsNUL = true
        do {
            try scanner.document(.any)
        } catch {
            // The keys seen before the problem are still the document's.
        }
        return scanner.topLevelKeys
    }
}

/// A recursive-descent scan over the bytes, keeping the path for messages.
private struct JSONScanner {
    let bytes: [UInt8]
    var position = 0
    var path: [JSONPathStep] = []
    var topLevelKeys: [String] = []
    /// Whether a NUL inside a string passes (format detection only).
    var allowsNUL = false

    /// The bytes that the one-letter escapes `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` stand for.
    static let simpleEscapes: [UInt8: UInt8] = [
        ASCII.quote: ASCII.quote, UInt8(ascii: "\\"): UInt8(ascii: "\\"), UInt8(ascii: "/"): UInt8(ascii: "/"),
        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): ASCII.lf, UInt8(ascii: "r"): ASCII.cr,
        UInt8(ascii: "t"): 0x09,
    ]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: TextEncodingCheck.utf8BOM) { position = 3 }
    }

    func fail(_ message: String) -> JSONProblem { JSONProblem(path: JSONPath.text(path), message: message) }

    /// The whole document: one value and nothing after it.
    mutating func document(_ shape: JSONShape) throws(JSONProblem) {
        try value(shape, depth: 0)
        skipWhitespace()
        if position < bytes.count { throw fail("unexpected \(describe(bytes[position])) after the end of the JSON document") }
    }

    mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    /// A readable name for a byte in messages.
    func describe(_ b: UInt8) -> String {
        if b == 0 { return "a NUL character (byte 0x00)" }
        return b >= 0x21 && b < 0x7F ? "'" + String(UnicodeScalar(b)) + "'" : "byte " + Hex.byte(b)
    }

    mutating func value(_ shape: JSONShape, depth: Int) throws(JSONProblem) {
        skipWhitespace()
        guard position < bytes.count else { throw fail("the document ends where a value should be (truncated file?)") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            if case .object(let keys) = shape { try object(keys, depth: depth + 1) } else {
                try object(nil, depth: depth + 1)
            }
        case UInt8(ascii: "["):
            if case .array(let element) = shape { try array(element, depth: depth + 1) } else {
                try array(.any, depth: depth + 1)
            }
        case ASCII.quote: _ = try string(keepText: false)
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), ASCII.zero...ASCII.nine: try number()
        default: throw fail("unexpected \(describe(bytes[position])) where a value should be")
        }
    }

    /// An object; `keys` nil means any key is allowed.
    /// Steps over the opening bracket of an object or array at nesting `depth`, refusing one too deep.
    mutating func open(depth: Int) throws(JSONProblem) {
        guard depth <= JSONDocumentCheck.maxDepth else {
            throw fail("nested more than \(JSONDocumentCheck.maxDepth) levels deep")
        }
        position += 1
    }

    mutating func object(_ keys: [String: JSONShape]?, depth: Int) throws(JSONProblem) {
        try open(depth: depth)
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return }
        var seen = Set<String>()
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == ASCII.quote else {
                throw fail(
                    position < bytes.count
                        ? "expected a key in double quotes" : "the document ends inside an object (truncated file?)")
            }
            let key = try string(keepText: true)
            path.append(.key(key))
            guard seen.insert(key).inserted else {
                throw fail("duplicate key (a JSON reader would silently keep only one of the values)")
            }
            var child = JSONShape.any
            if let keys {
                guard let known = keys[key] else {
                    throw fail("unknown key (known here: " + keys.keys.sorted().joined(separator: ", ") + ")")
                }
                child = known
            }
            if depth == 1 { topLevelKeys.append(key) }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
            position += 1
            try value(child, depth: depth)
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else { throw fail("the document ends inside an object (truncated file?)") }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return }
            guard bytes[position] == ASCII.comma else { throw fail("expected ',' or '}' after a value in an object") }
            position += 1
        }
    }

    mutating func array(_ element: JSONShape, depth: Int) throws(JSONProblem) {
        try open(depth: depth)
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return }
        var index = 0
        while true {
            path.append(.index(index))
            try value(element, depth: depth)
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else { throw fail("the document ends inside an array (truncated file?)") }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            guard bytes[position] == ASCII.comma else { throw fail("expected ',' or ']' after an array element") }
            position += 1
            index += 1
        }
    }

    /// A string starting at the opening quote; its decoded text when `keepText` (for keys).
    mutating func string(keepText: Bool) throws(JSONProblem) -> String {
        position += 1
        var text: [UInt8] = []
        while position < bytes.count {
            let b = bytes[position]
            if b == ASCII.quote {
                position += 1
                return keepText ? String(decoding: text, as: UTF8.self) : ""
            }
            if b == 0 && !allowsNUL { throw fail("a raw NUL character (byte 0x00) inside a string is not allowed: no name, id or note may hold one") }
            if b < 0x20 && b != 0 { throw fail("control character \(Hex.byte(b)) inside a string must be escaped") }
            if b != UInt8(ascii: "\\") {
                if keepText { text.append(b) }
                position += 1
                continue
            }
            guard position + 1 < bytes.count else { break }
            let escape = bytes[position + 1]
            position += 2
            if let replacement = JSONScanner.simpleEscapes[escape] {
                if keepText { text.append(replacement) }
                continue
            }
            guard escape == UInt8(ascii: "u") else { throw fail("invalid escape \\\(String(UnicodeScalar(escape))) in a string") }
            let scalar = try unicodeEscape()
            // A NUL would be cut off by the store (SQLite text ends at it) or by the decoder, so
            // the value would be stored truncated: refused instead (RELIABILITY.md A-03).
            if scalar == "\0" && !allowsNUL { throw fail("a NUL character (\\u0000) inside a string is not allowed: no name, id or note may hold one") }
            if keepText { text += Array(String(Character(scalar)).utf8) }
        }
        throw fail("the document ends inside a string (truncated file?)")
    }

    /// The scalar of a `\uXXXX` escape (the `\u` already read), joining a surrogate pair.
    mutating func unicodeEscape() throws(JSONProblem) -> Unicode.Scalar {
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
    mutating func hex4() throws(JSONProblem) -> UInt32 {
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

    /// Upper-case four-digit hex for messages.
    func hexText(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String((0..<4).map { digits[Int(value >> UInt32(12 - 4 * $0) & 0xF)] })
    }

    mutating func literal(_ word: String) throws(JSONProblem) {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<(position + expected.count)]) == expected else {
            throw fail("unexpected \(describe(bytes[position])) where a value should be (not true, false or null)")
        }
        position += expected.count
    }

    /// A number by the RFC 8259 grammar that a double can hold.
    mutating func number() throws(JSONProblem) {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, ASCII.isDigit(bytes[position]) { position += 1 }
            return position - from
        }
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
            if position < bytes.count, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[position]) { position += 1 }
            valid = digits() > 0
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard valid else { throw fail("'\(text)' is not a JSON number") }
        guard let value = Double(text), value.isFinite else { throw fail("the number \(text) is out of range") }
    }
}
