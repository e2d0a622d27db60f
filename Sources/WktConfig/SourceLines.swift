/// The lines of keys and string values in a TOML document, for error messages: TOMLKit reports
/// where a syntax error is, but not where a parsed value came from.
///
/// Used only after the TOML library accepted the document, to name the line of a value that
/// breaks a rule (`[publish]`). It follows just enough of TOML: comments, the four string forms,
/// table headers (`[a.b]`, `[[a]]`), dotted and quoted keys, arrays and inline tables. A key's
/// path is its table's path plus its own (`publish.hide`, also for `publish.hide = …` at the top
/// level and `publish = { hide = … }`). Whatever it cannot follow gives no line, never a crash.
struct SourceLines {
    /// The 1-based line of each key path's first assignment.
    private var keyLines: [[String]: Int] = [:]
    /// Every string literal inside a value, with the key path it belongs to and its line.
    private var strings: [(path: [String], text: String, line: Int)] = []
    /// The lines of every assignment of each key path, in order (keys of `[[…]]` entries repeat).
    private var everyKeyLine: [[String]: [Int]] = [:]
    /// Per `[[array]]` header path: each entry's header line and the lines of its keys
    /// (`[[goals]]`: the n-th entry's `exercise`).
    private var arrayEntries: [[String]: [(line: Int, keys: [String: Int])]] = [:]

    /// Reads the document's keys and strings.
    init(_ bytes: [UInt8]) {
        var reader = Reader(tokens: Lexer.tokens(bytes))
        reader.document(into: &self)
    }

    /// The line where `path` (`["publish", "hide"]`) is assigned, if found.
    func line(ofKey path: [String]) -> Int? { keyLines[path] }

    /// The line of `key` in the entry at `index` (0-based) of the `[[path]]` array of tables, else
    /// that entry's header line; nil when the array is not written with `[[…]]` headers.
    func line(ofEntry index: Int, in path: [String], key: String? = nil) -> Int? {
        guard let entries = arrayEntries[path], entries.indices.contains(index) else { return nil }
        return key.flatMap { entries[index].keys[$0] } ?? entries[index].line
    }

    /// The line of the first string literal in the value of `path` whose text is `text`; else the
    /// key's line.
    func line(ofString text: String, in path: [String]) -> Int? {
        strings.first { $0.path == path && $0.text == text }?.line ?? keyLines[path]
    }

    /// The lines of the `[[path]]` headers, in document order (one per array-of-tables entry).
    func lines(ofArrayTable path: [String]) -> [Int] { arrayEntries[path]?.map(\.line) ?? [] }

    /// The line of the first assignment of `path` on or after line `from` and before line `to`.
    func line(ofKey path: [String], from: Int, before to: Int) -> Int? {
        everyKeyLine[path]?.first { $0 >= from && $0 < to }
    }

    /// One token with the line it starts on.
    fileprivate struct Token {
        enum Kind: Equatable {
            /// A bare key or any other unquoted value (number, boolean, date).
            case bare(String)
            /// A string literal's text (basic-string escapes decoded).
            case string(String)
            /// `[ ] { } = , .`
            case punctuation(UInt8)
            /// The end of a line.
            case newline
        }

        let kind: Kind
        let line: Int
    }

    /// Walks the tokens, recording key and string lines.
    private struct Reader {
        let tokens: [Token]
        var index = 0

        mutating func document(into lines: inout SourceLines) {
            var table: [String] = []
            var inArrayEntry = false
            while index < tokens.count {
                let token = tokens[index]
                switch token.kind {
                case .newline:
                    index += 1
                case .punctuation(UInt8(ascii: "[")):
                    index += 1
                    inArrayEntry = isPunctuation("[")
                    if inArrayEntry { index += 1 }
                    table = keyPath()
                    if inArrayEntry { lines.arrayEntries[table, default: []].append((token.line, [:])) }
                    skipLine()
                case .bare, .string:
                    let line = token.line
                    let path = table + keyPath()
                    guard isPunctuation("=") else {
                        skipLine()
                        continue
                    }
                    index += 1
                    if lines.keyLines[path] == nil { lines.keyLines[path] = line }
                    lines.everyKeyLine[path, default: []].append(line)
                    if inArrayEntry, let key = path.dropFirst(table.count).first,
                       let last = lines.arrayEntries[table]?.indices.last,
                       lines.arrayEntries[table]?[last].keys[key] == nil {
                        // Mutated in place: a copy per key would make many entries quadratic.
                        lines.arrayEntries[table, default: []][last].keys[key] = line
                    }
                    value(path, into: &lines, depth: 0)
                default:
                    skipLine()
                }
            }
        }

        /// A dotted key: names separated by `.`.
        mutating func keyPath() -> [String] {
            var path: [String] = []
            while index < tokens.count {
                switch tokens[index].kind {
                case .bare(let name), .string(let name):
                    path.append(name)
                    index += 1
                    guard isPunctuation(".") else { return path }
                    index += 1
                default:
                    return path
                }
            }
            return path
        }

        /// Deeper arrays and inline tables than TOML libraries accept are not followed (the
        /// recursion stays bounded whatever the text).
        static let maxDepth = 256

        /// One value of key `path`: a string is recorded; arrays and inline tables recurse.
        mutating func value(_ path: [String], into lines: inout SourceLines, depth: Int) {
            while index < tokens.count, tokens[index].kind == .newline { index += 1 }
            guard index < tokens.count, depth <= Self.maxDepth else {
                index = tokens.count
                return
            }
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .string(let text):
                lines.strings.append((path, text, token.line))
            case .punctuation(UInt8(ascii: "[")):
                while index < tokens.count, !isPunctuation("]") {
                    if tokens[index].kind == .newline || isPunctuation(",") {
                        index += 1
                    } else {
                        let before = index
                        value(path, into: &lines, depth: depth + 1)
                        if index == before { index += 1 }
                    }
                }
                index += 1
            case .punctuation(UInt8(ascii: "{")):
                while index < tokens.count, !isPunctuation("}") {
                    if isPunctuation(",") || tokens[index].kind == .newline {
                        index += 1
                        continue
                    }
                    let line = tokens[index].line
                    let inner = path + keyPath()
                    guard isPunctuation("=") else {
                        index += 1
                        continue
                    }
                    index += 1
                    if lines.keyLines[inner] == nil { lines.keyLines[inner] = line }
                    value(inner, into: &lines, depth: depth + 1)
                }
                index += 1
            default:
                break
            }
        }

        func isPunctuation(_ character: Unicode.Scalar) -> Bool {
            index < tokens.count && tokens[index].kind == .punctuation(UInt8(ascii: character))
        }

        mutating func skipLine() {
            while index < tokens.count, tokens[index].kind != .newline { index += 1 }
        }
    }
}

/// Splits a TOML document into ``SourceLines/Token``s.
private enum Lexer {
    static func tokens(_ bytes: [UInt8]) -> [SourceLines.Token] {
        var tokens: [SourceLines.Token] = []
        var index = 0
        var line = 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                tokens.append(.init(kind: .newline, line: line))
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0D:
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let start = line
                let text = string(bytes, &index, &line)
                tokens.append(.init(kind: .string(text), line: start))
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "="),
                UInt8(ascii: ","), UInt8(ascii: "."):
                tokens.append(.init(kind: .punctuation(byte), line: line))
                index += 1
            default:
                let start = index
                while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
                tokens.append(.init(kind: .bare(String(decoding: bytes[start..<index], as: UTF8.self)), line: line))
            }
        }
        return tokens
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x0A, 0x0D, UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "="), UInt8(ascii: ","),
            UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// A string literal starting at `index` (its opening quote); `index` ends past it and `line`
    /// counts the line breaks inside. Basic strings have their escapes decoded.
    static func string(_ bytes: [UInt8], _ index: inout Int, _ line: inout Int) -> String {
        let quote = bytes[index]
        let multiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        index += multiline ? 3 : 1
        // A multi-line string drops a line break right after its opening quotes.
        if multiline, index < bytes.count, bytes[index] == 0x0A {
            line += 1
            index += 1
        }
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                if !multiline {
                    index += 1
                    break
                }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                    index += 3
                    // Up to two more quotes belong to the text.
                    while index < bytes.count, bytes[index] == quote {
                        text.append(quote)
                        index += 1
                    }
                    break
                }
            }
            if byte == 0x0A {
                line += 1
                if !multiline { break }
            }
            if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\""), index + 1 < bytes.count {
                // A backslash ending a line of a multi-line string joins the lines.
                if bytes[index + 1] == 0x0A { line += 1 }
                text += escape(bytes, &index)
                continue
            }
            text.append(byte)
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of the escape at `index` (a backslash); `index` ends past it.
    static func escape(_ bytes: [UInt8], _ index: inout Int) -> [UInt8] {
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case 0x0A, 0x0D, UInt8(ascii: " "), UInt8(ascii: "\t"): return []
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = letter == UInt8(ascii: "u") ? 4 : 8
            guard index + count <= bytes.count,
                  let value = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
                  let scalar = Unicode.Scalar(value)
            else { return [] }
            index += count
            return Array(String(Character(scalar)).utf8)
        default:
            return [letter]
        }
    }
}
