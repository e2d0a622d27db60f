/// A check of table headers and array elements before the TOML library sees the file.
///
/// toml++ (inside TOMLKit) aborts the whole process on a table header whose first key does not
/// start like a key: `[!`, `[ #]`, `[.a]`, `[=]`, `[[!]]`, a `[` followed by a line break (an
/// `assert` in its key parser, in release builds too; found by `scripts/fuzz.sh config`). A
/// configuration file must never crash wkt-site, so such a header is reported here as the TOML
/// syntax error it is, with its line and column. The same library aborts on a `}` where an array
/// element should start (`a = [}`, `a = [1, }`), which is reported here too.
///
/// The scan follows just enough of TOML to find headers: comments, the four string forms
/// (multi-line ones included, so a `[` at a line start inside `"""…"""` is text) and the nesting of
/// arrays, whose elements may start a line. A `[` is a header when it starts a line (after blanks)
/// outside any string or array.
enum TableHeaderCheck {
    /// Throws ``ConfigError/syntax(file:line:column:message:)`` for the first header that does
    /// not start with a key name (a letter, digit, `_`, `-`, a quoted name, or `]` for the empty
    /// header the library reports itself).
    static func check(_ bytes: [UInt8], file: String) throws(ConfigError) {
        var scanner = Scanner(bytes: bytes)
        // Open `[` arrays and `{` inline tables of values, innermost last.
        var containers: [UInt8] = []
        // Just after an array's `[` or `,`: the next non-blank byte starts an element.
        var expectingElement = false
        while let byte = scanner.next() {
            let blank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0D || byte == 0x0A
            if expectingElement && !blank && byte != UInt8(ascii: "#") {
                expectingElement = false
                // toml++ also aborts on `}` where an array element should start (`a = [}`,
                // `a = [1, }`); found by the config fuzzer.
                if byte == UInt8(ascii: "}") {
                    throw .syntax(
                        file: file, line: scanner.line, column: scanner.column - 1,
                        message: "expected an array element or ']', found '}'")
                }
            }
            switch byte {
            case UInt8(ascii: "#"):
                scanner.skipLine()
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                scanner.skipString(quote: byte)
            case UInt8(ascii: "["):
                if containers.isEmpty && scanner.startedLine {
                    try checkHeader(&scanner, file: file)
                } else {
                    containers.append(byte)
                    expectingElement = true
                }
            case UInt8(ascii: "{"):
                containers.append(byte)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if !containers.isEmpty { containers.removeLast() }
            case UInt8(ascii: ","):
                expectingElement = containers.last == UInt8(ascii: "[")
            default:
                break
            }
        }
    }

    /// After the `[` of a header: an optional second `[`, blanks, then the first key.
    private static func checkHeader(_ scanner: inout Scanner, file: String) throws(ConfigError) {
        let line = scanner.line
        if scanner.peek() == UInt8(ascii: "[") { _ = scanner.next() }
        while let byte = scanner.peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { _ = scanner.next() }
        let first = scanner.peek()
        if let first, isKeyStart(first) {
            scanner.skipLine()
            return
        }
        let found = first.map(describe) ?? "the end of the file"
        throw .syntax(
            file: file, line: line, column: scanner.column,
            message: "a table header must start with a key name (letters, digits, _, - or a quoted name), found \(found)")
    }

    /// A byte that may begin the first key of a header.
    private static func isKeyStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"):
            true
        default:
            false
        }
    }

    /// `'!'`, or a name for a line break or a non-ASCII byte.
    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0A, 0x0D: "a line break"
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    /// A cursor over the file's bytes that knows its line, column and whether only blanks
    /// precede it on its line.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var column = 1
        /// Whether the last non-blank byte read was the first of its line.
        var startedLine = true
        /// Whether a non-blank byte has been read on the current line.
        var lineHasContent = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        /// The next byte; `startedLine` then says whether it was the first non-blank of its line.
        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                line += 1
                column = 1
                lineHasContent = false
                startedLine = true
            } else {
                column += 1
                if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != 0x0D {
                    startedLine = !lineHasContent
                    lineHasContent = true
                }
            }
            return byte
        }

        /// Up to (not past) the next line break.
        mutating func skipLine() {
            while let byte = peek(), byte != 0x0A { _ = next() }
        }

        /// Past the end of a string whose opening `quote` was just read: `"…"` with escapes,
        /// `'…'`, or the multi-line `"""…"""` / `'''…'''`.
        mutating func skipString(quote: UInt8) {
            let multiline = peek() == quote && peek(1) == quote
            if multiline {
                _ = next()
                _ = next()
            }
            while let byte = next() {
                if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                    _ = next()
                } else if byte == quote {
                    if !multiline { return }
                    if peek() == quote && peek(1) == quote {
                        _ = next()
                        _ = next()
                        // Up to two more quotes belong to the string's content.
                        while peek() == quote { _ = next() }
                        return
                    }
                } else if byte == 0x0A, !multiline {
                    return  // an unterminated single-line string: the library reports it
                }
            }
        }
    }
}
