/// Escaping of database text (exercise names, workout titles…) before it enters Markdown that
/// wkt-site generates and renders with `MarkdownRenderer.pages` (docs/reliability.md P6).
public enum MarkdownEscaping {
    /// FIRST STRONG ISOLATE: opens the plain-text equivalent of `<bdi>`.
    static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    /// POP DIRECTIONAL ISOLATE: closes the most recent open isolate.
    static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    /// Escapes text so that it renders as exactly one line of literal text, in a paragraph,
    /// heading, list item or GFM table cell.
    ///
    /// Rules, in order:
    /// 1. `HTMLEscaping.stripControlCharacters(_:)`.
    /// 2. TAB, LF, CR and CRLF each become one space, so a name cannot end a table row or a
    ///    heading.
    /// 3. Every ASCII punctuation character gets a backslash in front (`*` → `\*`, `|` → `\|`,
    ///    `&` → `\&`, `<` → `\<` …), so no emphasis, link, autolink, entity, raw HTML or table
    ///    cell boundary can start inside the text, and `&amp;` is shown as written.
    /// 4. Leading and trailing spaces are dropped: four of them at the start of a line would open
    ///    a code block, two at the end a hard line break, and HTML collapses them anyway.
    /// 5. Text with a bidi control (see `HTMLEscaping.containsBidiControl(_:)`) is wrapped in
    ///    U+2068 … U+2069 (the plain-text `<bdi>`, since safe mode omits raw HTML), after
    ///    dropping unmatched U+2069 and closing isolates the text left open, so the wrapper's
    ///    closing U+2069 really ends the isolate.
    ///
    /// One known limit: the GFM autolink extension finds e-mail addresses in the text after
    /// escapes are resolved, so `coach@example.com` in a name still renders as a `mailto:` link
    /// whose text is the address as written. That link is harmless; `www.` and `scheme://`
    /// autolinks are prevented by the escaped `.` and `:`.
    /// - Parameter text: database text.
    /// - Returns: Markdown source that renders as `text`.
    public static func escapeMarkdown(_ text: String) -> String {
        // Printable ASCII without a space at either end: rules 1, 2, 4 and 5 change nothing, so
        // the text is its own escape, or (with punctuation: dates, `Bench Press (Barbell)`) it
        // is written once with a backslash before each punctuation character. Pages escape
        // 30,000 such names and dates a build; the general path below cost 1,300 instructions each.
        if text.utf8.first != UInt8(ascii: " "), text.utf8.last != UInt8(ascii: " "),
           let punctuation = printableASCIIPunctuationCount(text)
        {
            return punctuation == 0 ? text : escapedPrintableASCII(text, punctuation: punctuation)
        }
        return escapeGeneral(text)
    }

    /// Whether `escapeMarkdown(text)`, rendered by `MarkdownRenderer.pages` in a table cell,
    /// link text or paragraph, is `text` itself with only `&`, `<`, `>` and `"` written as the
    /// entities cmark-gfm writes (`&amp;`, `&lt;`, `&gt;`, `&quot;`): what lets a writer of a
    /// long generated table put the text straight into the HTML that cmark-gfm would have made
    /// of the Markdown table (the set history; tested against cmark-gfm with random text).
    ///
    /// True for non-empty text without a space at either end, without C0 controls, DEL or `@`
    /// (the autolink extension would make an e-mail address a link), and, outside ASCII, without
    /// bidi controls (wrapped in isolates) and the noncharacters U+FFFE and U+FFFF (dropped).
    /// False only means "not proven": the caller writes the Markdown instead.
    /// - Parameter text: database text.
    /// - Returns: whether the rendering is the text, HTML-escaped as cmark-gfm escapes it.
    public static func rendersAsItself(_ text: String) -> Bool {
        guard let first = text.utf8.first, first != UInt8(ascii: " "), text.utf8.last != UInt8(ascii: " ") else { return false }
        var beyondASCII = false
        for byte in text.utf8 {
            if byte >= 0x80 {
                beyondASCII = true
            } else if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "@") {
                return false
            }
        }
        return !beyondASCII || !holdsAlteredScalar(text)
    }

    /// Whether `text` holds a scalar that ``escapeMarkdown(_:)`` does not keep as it is: a bidi
    /// control (the text is wrapped in isolates) or U+FFFE or U+FFFF (dropped). For checks that
    /// text renders as itself (``rendersAsItself(_:)``, and the site's text it makes).
    public static func holdsAlteredScalar(_ text: String) -> Bool {
        HTMLEscaping.containsBidiControl(text) || text.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF }
    }

    /// The number of ASCII punctuation characters of `text`, or nil when it has a byte outside
    /// printable ASCII (0x20–0x7E).
    private static func printableASCIIPunctuationCount(_ text: String) -> Int? {
        func count(_ bytes: some Sequence<UInt8>) -> Int? {
            var punctuation = 0
            for byte in bytes {
                guard (0x20..<0x7F).contains(byte) else { return nil }
                if TextBytes.isASCIIPunctuation(byte) { punctuation += 1 }
            }
            return punctuation
        }
        return text.utf8.withContiguousStorageIfAvailable { count($0) } ?? count(text.utf8)
    }

    /// Printable ASCII `text` with a backslash before each of its `punctuation` punctuation
    /// characters, written straight into the string's storage.
    private static func escapedPrintableASCII(_ text: String, punctuation: Int) -> String {
        let length = text.utf8.count + punctuation
        return String(unsafeUninitializedCapacity: length) { buffer in
            var position = 0
            for byte in text.utf8 {
                if TextBytes.isASCIIPunctuation(byte) {
                    buffer[position] = UInt8(ascii: "\\")
                    position += 1
                }
                buffer[position] = byte
                position += 1
            }
            return position
        }
    }

    /// ``escapeMarkdown(_:)`` by its rules one after the other, for any text.
    static func escapeGeneral(_ text: String) -> String {
        let bytes = TextBytes.strippedBytes(text)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case 0x0A where index > 0 && bytes[index - 1] == 0x0D:
                continue  // the LF of a CRLF: the CR already became a space
            case 0x09, 0x0A, 0x0D:
                output.append(UInt8(ascii: " "))
            case _ where TextBytes.isASCIIPunctuation(byte):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            default:
                output.append(byte)
            }
        }
        let start = output.firstIndex { $0 != UInt8(ascii: " ") } ?? output.endIndex
        let end = (output.lastIndex { $0 != UInt8(ascii: " ") }).map { $0 + 1 } ?? start
        let escaped = String(decoding: output[start..<end], as: UTF8.self)
        return HTMLEscaping.containsBidiControl(escaped) ? isolated(escaped) : escaped
    }

    /// Wraps `text` in FSI … PDI so that its bidi controls cannot reach the text around it.
    ///
    /// A PDI closes the nearest open isolate and every embedding or override opened after it
    /// (UAX #9, X6a). So unmatched PDIs in `text` are dropped (they would close the wrapper
    /// early), and isolates `text` opens but never closes get their PDI (otherwise the wrapper's
    /// PDI would close those instead of the wrapper).
    static func isolated(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(firstStrongIsolate)
        var openIsolates = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x2066...0x2068:
                openIsolates += 1
            case popDirectionalIsolate.value:
                guard openIsolates > 0 else { continue }
                openIsolates -= 1
            default:
                break
            }
            scalars.append(scalar)
        }
        scalars.append(contentsOf: repeatElement(popDirectionalIsolate, count: openIsolates + 1))
        return String(scalars)
    }
}
