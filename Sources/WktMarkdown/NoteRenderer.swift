/// Renders a user's workout note to an HTML fragment that cannot hang the build, blow up in size
/// or run a script (docs/reliability.md P6, P7).
///
/// Steps:
/// 1. **Size cap.** A note longer than `Limits.maxInputBytes` UTF-8 bytes (as stored, before any
///    preparation) is not parsed.
/// 2. **Preparation.** C0 controls other than TAB, LF and CR, and U+FFFE/U+FFFF, are removed;
///    then every literal two-character sequence backslash + `n` becomes a line feed (exports
///    often store line breaks that way). This applies everywhere, inside code spans too, so a
///    note cannot contain a literal `\n`; this simple rule is deliberate.
/// 3. **Depth cap.** A note with a line of more than `Limits.maxNesting` container markers
///    (`>`, `-`, `*`, `+`, `N.`, `N)` at the line start) is not parsed.
/// 4. **Image cap.** A note with more than `Limits.maxImageOpeners` `![` sequences is not
///    parsed: the library walks back over every open image bracket each time a link closes, so
///    `![[]()` repeated to 8 KiB costs 8–10 ms a note, and 1,000 such notes pushed a build past
///    the 10 s of docs/reliability.md A-04 (CVE-2023-22486, fixed after Debian's 0.29.0.gfm.6).
///    With at most 64 the same note costs what plain links do (about 1 ms). Images in notes are
///    shown as their alt text anyway.
/// 5. **Render** with `MarkdownRenderer.notes`: safe mode, no tables, only `http(s)`/`mailto`
///    links with `rel="nofollow noopener noreferrer"`, images shown as their alt text. A note with
///    more than `Limits.maxAutolinkAts` `@` characters is rendered the same way but without the
///    autolink extension (`MarkdownRenderer.notesWithoutAutolinks`): the library's e-mail
///    autolink search costs one scan of the text per `@`, quadratic for `a@a@a@…` (docs/reliability.md
///    A-04: 1,000 such notes under the size cap must not add more than 10 s to a build). Bare
///    `www.`/`https://` text and e-mail addresses in such a note then stay plain text;
///    `RenderedNote.autolinksSkipped` says so.
/// 6. **Output guard.** HTML longer than `Limits.maxOutputRatio` × the prepared note or
///    `Limits.maxOutputBytes` is discarded.
///
/// Whenever a cap applies, the prepared note is shown as escaped text in `<pre>…</pre>` and
/// `RenderedNote.fallback` says why, so the caller can log it. The note itself is never changed
/// or truncated.
public struct NoteRenderer: Sendable {
    /// The caps applied to every note.
    public struct Limits: Equatable, Sendable {
        /// The caps of docs/reliability.md P6: 8 KiB in, nesting 32, output ≤ 32× input and ≤ 256 KiB;
        /// autolinks only in notes with at most 32 `@` (A-04; 32 `@` in 8 KiB render in < 1 ms);
        /// Markdown only in notes with at most 64 `![` (A-04).
        public static let standard = Limits(
            maxInputBytes: 8 * 1024, maxNesting: 32, maxOutputRatio: 32, maxOutputBytes: 256 * 1024,
            maxAutolinkAts: 32, maxImageOpeners: 64)

        /// Longest note, in UTF-8 bytes as stored, that is parsed as Markdown.
        public let maxInputBytes: Int
        /// Most container markers allowed at the start of one line.
        public let maxNesting: Int
        /// Largest allowed ratio of HTML bytes to prepared-note bytes.
        public let maxOutputRatio: Int
        /// Largest allowed HTML output in bytes.
        public let maxOutputBytes: Int
        /// Most `@` characters in a note that is rendered with the autolink extension.
        public let maxAutolinkAts: Int
        /// Most `![` sequences (image openers) in a note that is parsed as Markdown.
        public let maxImageOpeners: Int

        /// Creates a set of caps.
        /// - Parameters:
        ///   - maxInputBytes: longest note, in UTF-8 bytes, that is parsed.
        ///   - maxNesting: most container markers at the start of a line.
        ///   - maxOutputRatio: largest HTML size as a multiple of the prepared note's size.
        ///   - maxOutputBytes: largest HTML size in bytes.
        ///   - maxAutolinkAts: most `@` characters in a note rendered with autolinks.
        ///   - maxImageOpeners: most `![` sequences in a note parsed as Markdown.
        public init(
            maxInputBytes: Int, maxNesting: Int, maxOutputRatio: Int, maxOutputBytes: Int, maxAutolinkAts: Int = 32,
            maxImageOpeners: Int = 64
        ) {
            self.maxInputBytes = maxInputBytes
            self.maxNesting = maxNesting
            self.maxOutputRatio = maxOutputRatio
            self.maxOutputBytes = maxOutputBytes
            self.maxAutolinkAts = maxAutolinkAts
            self.maxImageOpeners = maxImageOpeners
        }
    }

    /// The caps this renderer applies.
    public let limits: Limits

    /// Creates a note renderer.
    /// - Parameter limits: the caps; production code uses `Limits.standard`.
    public init(limits: Limits = .standard) {
        self.limits = limits
    }

    /// Renders one note.
    /// - Parameter note: the note as stored, of any length and content.
    /// - Returns: the HTML fragment and, if a cap applied, the reason for the escaped fallback.
    /// - Throws: `MarkdownError` only if the cmark-gfm library itself fails.
    public func render(_ note: String) throws(MarkdownError) -> RenderedNote {
        let storedBytes = note.utf8.count
        let prepared = Self.prepare(note)
        if storedBytes > limits.maxInputBytes {
            return Self.fallback(prepared, .tooLarge(bytes: storedBytes, limit: limits.maxInputBytes))
        }
        let nesting = NoteNesting.deepest(in: prepared)
        if nesting.depth > limits.maxNesting {
            return Self.fallback(
                prepared, .tooDeep(depth: nesting.depth, line: nesting.line, limit: limits.maxNesting))
        }
        let imageOpeners = Self.imageOpeners(in: prepared)
        if imageOpeners > limits.maxImageOpeners {
            return Self.fallback(prepared, .tooManyImages(count: imageOpeners, limit: limits.maxImageOpeners))
        }
        let ats = prepared.reduce(0) { $1 == UInt8(ascii: "@") ? $0 + 1 : $0 }
        let skipAutolinks = ats > limits.maxAutolinkAts
        let renderer = skipAutolinks ? MarkdownRenderer.notesWithoutAutolinks : MarkdownRenderer.notes
        let html = try renderer.render(TextBytes.string(prepared))
        let outputLimit = min(limits.maxOutputBytes, limits.maxOutputRatio * max(prepared.count, 1))
        let outputBytes = html.utf8.count
        if outputBytes > outputLimit {
            return Self.fallback(prepared, .outputTooLarge(bytes: outputBytes, limit: outputLimit))
        }
        return RenderedNote(html: html, fallback: nil, autolinksSkipped: skipAutolinks)
    }

    /// Step 2: the note's UTF-8 without stripped characters and with literal `\n` as LF.
    static func prepare(_ note: String) -> [UInt8] {
        let bytes = TextBytes.strippedBytes(note)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "n") {
                output.append(0x0A)
                index += 2
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// Step 4: how many `![` sequences the prepared note holds (escaped ones included: counting
    /// them too keeps the rule simple and errs on the safe side).
    static func imageOpeners(in prepared: [UInt8]) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in prepared {
            if previous == UInt8(ascii: "!"), byte == UInt8(ascii: "[") { count += 1 }
            previous = byte
        }
        return count
    }

    /// The escaped `<pre>` shown instead of rendered Markdown.
    private static func fallback(_ prepared: [UInt8], _ reason: RenderedNote.Fallback) -> RenderedNote {
        RenderedNote(html: "<pre>\(HTMLEscaping.escapeHTML(TextBytes.string(prepared)))</pre>\n", fallback: reason)
    }
}

/// A rendered note: an HTML fragment for element content (never for an attribute or `<title>`).
public struct RenderedNote: Equatable, Sendable {
    /// Why a note was shown as escaped text instead of rendered Markdown.
    public enum Fallback: Equatable, Sendable {
        /// The stored note has `bytes` UTF-8 bytes, more than `limit`.
        case tooLarge(bytes: Int, limit: Int)
        /// Line `line` (1-based, after preparation) starts with `depth` container markers, more
        /// than `limit`.
        case tooDeep(depth: Int, line: Int, limit: Int)
        /// The rendered HTML had `bytes` bytes, more than `limit`.
        case outputTooLarge(bytes: Int, limit: Int)
        /// The prepared note holds `count` `![` sequences, more than `limit`.
        case tooManyImages(count: Int, limit: Int)
    }

    /// The HTML fragment: rendered Markdown, or `<pre>` + escaped text + `</pre>` on a fallback.
    public let html: String
    /// `nil` when the note was rendered as Markdown, otherwise the cap that applied.
    public let fallback: Fallback?
    /// True when the note was rendered without the autolink extension (more `@` characters than
    /// `NoteRenderer.Limits.maxAutolinkAts`).
    public let autolinksSkipped: Bool

    /// Creates a rendered note.
    public init(html: String, fallback: Fallback?, autolinksSkipped: Bool = false) {
        self.html = html
        self.fallback = fallback
        self.autolinksSkipped = autolinksSkipped
    }
}
