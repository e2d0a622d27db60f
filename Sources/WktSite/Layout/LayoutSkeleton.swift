/// The page layout rendered once for one root prefix and navigation section, with the fields
/// that change from page to page (``Field``) left as slots to fill in.
///
/// Most pages differ only in their title, description, share tags and body, so rendering the
/// whole Mustache layout (partials, the navigation section, a field lookup per tag) for each of
/// them repeats the same work thousands of times. A skeleton is made by rendering the layout once with a unique
/// sentinel string in each per-page field and cutting the result at the sentinels; a page is then
/// the skeleton's text with each slot replaced by its value, escaped exactly as Mustache's
/// `{{x}}` does where the sentinel came out escaped and raw where it came out raw (`{{{x}}}`).
///
/// Splicing is only used when it is proven to give the same bytes as Mustache: after cutting,
/// the skeleton is filled with probe values (empty fields, and fields with every escaped
/// character, a combining mark after a quote, non-ASCII text and trailing newlines) and compared
/// with real renders of the same probes. A template that uses a field in a section, an inverted
/// section, a transform or an indented partial fails that check (or the cut) and the pages of
/// that combination are rendered by Mustache instead.
struct LayoutSkeleton: Sendable {
    /// A field of ``PageContext`` that differs between pages sharing root and section.
    enum Field: Int, Sendable, CaseIterable {
        /// ``PageContext/documentTitle``.
        case documentTitle
        /// ``PageContext/title``.
        case title
        /// ``PageContext/description``.
        case description
        /// ``PageContext/body``.
        case body
        /// ``PageContext/shareMeta``.
        case shareMeta

        /// The field's value in `context`.
        func value(in context: PageContext) -> String {
            switch self {
            case .documentTitle: context.documentTitle
            case .title: context.title
            case .description: context.description
            case .body: context.body
            case .shareMeta: context.shareMeta
            }
        }
    }

    /// A run of fixed text or a slot.
    enum Piece: Sendable {
        /// Bytes copied as they are.
        case text([UInt8])
        /// A field's value, HTML-escaped as Mustache escapes (`escaped`) or raw.
        case field(Field, escaped: Bool)
    }

    /// The skeleton in order.
    let pieces: [Piece]
    /// Total bytes of the fixed text (for reserving the output buffer).
    let fixedCount: Int
    /// Whether a piece escapes the body (a user template's `{{body}}`; the built-in layout has
    /// `{{{body}}}`): only then does ``render(_:body:slots:)`` make the body into text.
    let escapesBody: Bool

    /// Renders the layout for `root` and `section` with sentinels and cuts it into pieces; nil
    /// when the result cannot be proven identical to Mustache's for every page.
    /// - Parameters:
    ///   - layout: The templates.
    ///   - root: The root prefix of the pages this skeleton serves.
    ///   - section: Their navigation section.
    ///   - siteTitle: The site title (raw text).
    ///   - buildID: The build ID.
    ///   - footer: The footer line (raw text).
    ///   - dataQuality: Whether the footer links to the Data quality page.
    init?(
        layout: LayoutRenderer, root: String, section: NavSection?, siteTitle: String, buildID: String, footer: String,
        dataQuality: Bool = false
    ) {
        self.init(
            layout: layout, root: root, section: section, siteTitle: siteTitle, buildID: buildID, footer: footer,
            dataQuality: dataQuality, slots: Field.allCases)
    }

    /// A skeleton whose slots are only the fields in `slots`; every other field holds
    /// ``fixedValue`` and is part of the fixed text (what ``unsupportedFields`` uses to tell
    /// which field keeps the layout from being spliced).
    private init?(
        layout: LayoutRenderer, root: String, section: NavSection?, siteTitle: String, buildID: String, footer: String,
        dataQuality: Bool = false, slots: [Field]
    ) {
        func context(_ value: (Field) -> String) -> PageContext {
            func field(_ field: Field) -> String { slots.contains(field) ? value(field) : Self.fixedValue }
            return PageContext(
                documentTitle: field(.documentTitle), title: field(.title), description: field(.description),
                root: root, current: section, body: field(.body), siteTitle: siteTitle, buildID: buildID, footer: footer,
                shareMeta: field(.shareMeta), dataQuality: dataQuality)
        }
        guard let sentinelRender = try? layout.renderPage(context(Self.sentinel)),
              let pieces = Self.cut(Array(sentinelRender.utf8))
        else { return nil }
        self.pieces = pieces
        self.fixedCount = pieces.reduce(0) { total, piece in
            if case .text(let bytes) = piece { total + bytes.count } else { total }
        }
        self.escapesBody = pieces.contains { piece in
            if case .field(.body, true) = piece { true } else { false }
        }
        for probe in Self.probes {
            let probeContext = context(probe)
            guard let expected = try? layout.renderPage(probeContext), Array(expected.utf8) == render(probeContext) else {
                return nil
            }
        }
    }

    /// The fields whose use in the layout keeps it from being spliced for `root` and `section`:
    /// empty when a skeleton can be made; else each field that fails on its own (the others held
    /// at a fixed value), or every field when none fails on its own.
    /// - Parameters: as for ``init(layout:root:section:siteTitle:buildID:footer:)``.
    static func unsupportedFields(
        layout: LayoutRenderer, root: String, section: NavSection?, siteTitle: String, buildID: String, footer: String
    ) -> [Field] {
        func splices(_ slots: [Field]) -> Bool {
            LayoutSkeleton(
                layout: layout, root: root, section: section, siteTitle: siteTitle, buildID: buildID, footer: footer,
                slots: slots) != nil
        }
        guard !splices(Field.allCases) else { return [] }
        let failing = Field.allCases.filter { !splices([$0]) }
        return failing.isEmpty ? Field.allCases : failing
    }

    /// The page for `context`, whose root, section, site title, build ID and footer must be those
    /// the skeleton was made with.
    func render(_ context: PageContext) -> [UInt8] {
        var slots: [Range<Int>] = []
        return render(context, slots: &slots)
    }

    /// The number of slots (field pieces) in the skeleton.
    var slotCount: Int {
        pieces.reduce(0) { count, piece in if case .field = piece { count + 1 } else { count } }
    }

    /// The page for `context`; `slots` receives the byte range of every field piece in the output,
    /// in order (what ``splice(_:slots:into:)`` needs to reuse the page under another skeleton).
    func render(_ context: PageContext, slots: inout [Range<Int>]) -> [UInt8] {
        render(context, body: nil, slots: &slots)
    }

    /// The page for `context` with `body` (UTF-8 bytes of trusted HTML) in place of its
    /// ``PageContext/body``, copied as they are where the layout has `{{{body}}}`; `slots` as
    /// for ``render(_:slots:)``.
    func render(_ context: PageContext, body: [UInt8]?, slots: inout [Range<Int>]) -> [UInt8] {
        render(context, bodyParts: body.map { [$0[...]] }, slots: &slots)
    }

    /// ``render(_:body:slots:)`` with the body given as the parts it is made of, in order: each
    /// is copied once, straight into the page (the renderer's Markdown, notes and HTML blocks;
    /// joined into a body of their own first, every page's body was copied twice, 45 MB for the
    /// 10-year demo, and the largest pages' buffers were mapped and faulted in twice).
    func render(_ context: PageContext, bodyParts body: [ArraySlice<UInt8>]?, slots: inout [Range<Int>]) -> [UInt8] {
        slots.removeAll(keepingCapacity: true)
        // Escaping needs the text: made only when a piece escapes the body.
        let bodyText = escapesBody ? body.map { String(decoding: Array($0.joined()), as: UTF8.self) } : nil
        let bodyCount = body?.reduce(0) { $0 + $1.count } ?? 0
        func value(_ field: Field) -> String {
            if field == .body, let bodyText { return bodyText }
            return field.value(in: context)
        }
        var output: [UInt8] = []
        // The exact size (a few bytes over when a quote carries a combining mark and stays as it
        // is), so a page is one allocation: a collected build keeps every page in memory until
        // it is published, and a streamed one should not copy a page while growing it.
        output.reserveCapacity(pieces.reduce(fixedCount) { total, piece in
            guard case .field(let field, let escaped) = piece else { return total }
            if field == .body, !escaped, body != nil { return total + bodyCount }
            let value = value(field).utf8
            return total + value.count + (escaped ? value.reduce(0) { $0 + Self.escapeGrowth($1) } : 0)
        })
        for piece in pieces {
            switch piece {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .field(let field, let escaped):
                let start = output.count
                if field == .body, !escaped, let body {
                    for part in body { output.append(contentsOf: part) }
                } else if escaped {
                    Self.appendMustacheEscaped(value(field), to: &output)
                } else {
                    Self.appendBytes(of: value(field), to: &output)
                }
                slots.append(start..<output.count)
            }
        }
        return output
    }

    /// A page made of this skeleton's fixed text and the slot bytes of a page rendered earlier
    /// from a skeleton with the same pieces (same templates, root and section; another build ID
    /// or footer): `previous[previousSlots[k]]` fills slot `k`, already escaped as it was written.
    /// - Returns: the page and the ranges of its slots, or nil when the slot count differs or a
    ///   range lies outside `previous`.
    func splice(_ previous: [UInt8], slots previousSlots: [Range<Int>]) -> (bytes: [UInt8], slots: [Range<Int>])? {
        guard previousSlots.count == slotCount,
              previousSlots.allSatisfy({ $0.lowerBound >= 0 && $0.upperBound <= previous.count })
        else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(fixedCount + previousSlots.reduce(0) { $0 + $1.count })
        var slots: [Range<Int>] = []
        slots.reserveCapacity(previousSlots.count)
        var next = 0
        for piece in pieces {
            switch piece {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .field:
                let start = output.count
                output.append(contentsOf: previous[previousSlots[next]])
                slots.append(start..<output.count)
                next += 1
            }
        }
        return (output, slots)
    }

    /// ``splice(_:slots:)`` done inside `page` when it can be: when every run of this skeleton's
    /// fixed text is exactly as long as the bytes between the previous slots it replaces (a new
    /// build ID and a footer of the same length, the common rebuild), only those runs are
    /// written over and the slots stay where they are. Otherwise `page` becomes the copy
    /// ``splice(_:slots:)`` makes. Either way `page` ends as ``splice(_:slots:)``'s bytes.
    ///
    /// Copying every reused page (45 MB for the 10-year demo) cost the one-workout rebuild about
    /// 26 ms of CPU in `memmove` and fresh memory; in place, a page costs the 1–3 KB of its
    /// layout. `page` should be uniquely referenced (taken from the prefetch), or the first
    /// write copies it anyway.
    /// - Returns: the slot ranges in the result, or nil (and `page` unchanged) when
    ///   ``splice(_:slots:)`` returns nil.
    func spliceInPlace(_ page: inout [UInt8], slots previousSlots: [Range<Int>]) -> [Range<Int>]? {
        guard previousSlots.count == slotCount,
              previousSlots.allSatisfy({ $0.lowerBound >= 0 && $0.upperBound <= page.count })
        else { return nil }
        // First: does every run of text fit its gap exactly (the slots in order, apart)?
        var position = 0
        var next = 0
        var fits = true
        for piece in pieces where fits {
            switch piece {
            case .text(let bytes):
                position += bytes.count
            case .field:
                fits = position == previousSlots[next].lowerBound
                position = previousSlots[next].upperBound
                next += 1
            }
        }
        guard fits, position == page.count else {
            guard let copy = splice(page, slots: previousSlots) else { return nil }
            page = copy.bytes
            return copy.slots
        }
        position = 0
        next = 0
        page.withUnsafeMutableBytes { output in
            for piece in pieces {
                switch piece {
                case .text(let bytes):
                    bytes.withUnsafeBytes { text in
                        guard let source = text.baseAddress, let target = output.baseAddress else { return }
                        (target + position).copyMemory(from: source, byteCount: text.count)
                    }
                    position += bytes.count
                case .field:
                    position = previousSlots[next].upperBound
                    next += 1
                }
            }
        }
        return previousSlots
    }

    // MARK: - Sentinels and probes

    /// The value of a field that is not a slot (``unsupportedFields``).
    private static let fixedValue = "x"

    /// U+E000, a private-use character no page field contains next to the marker text, in UTF-8.
    private static let marker: [UInt8] = Array("\u{E000}".utf8)
    /// The name inside a sentinel; `<` and `>` around it show whether Mustache escaped it.
    private static let slotName: [UInt8] = Array("wkt-layout-slot-".utf8)

    /// `U+E000 <wkt-layout-slot-N> U+E000` for field number N.
    private static func sentinel(_ field: Field) -> String {
        "\u{E000}<wkt-layout-slot-\(field.rawValue)>\u{E000}"
    }

    /// Field values that exercise empty fields, every escaped character, Mustache's escaping by
    /// grapheme cluster (a quote followed by a combining mark is one cluster and stays as it is),
    /// non-ASCII text and newlines at the end of a value (which indented partials would indent).
    private static let probes: [@Sendable (Field) -> String] = [
        { _ in "" },
        { field in "A&B <i>\"q\" 'x'\n é\"\u{301} · \(field.rawValue)\n" },
    ]

    /// Cuts a render made with ``sentinel(_:)`` values into text and slots; nil when a marker is
    /// not part of a well-formed sentinel (a template transformed a field) or the slot name
    /// appears anywhere else.
    private static func cut(_ bytes: [UInt8]) -> [Piece]? {
        let escapedOpen = Array("&lt;".utf8), escapedClose = Array("&gt;".utf8)
        var pieces: [Piece] = []
        var text: [UInt8] = []
        var index = 0
        func matches(_ expected: [UInt8], at position: Int) -> Bool {
            position + expected.count <= bytes.count && bytes[position..<position + expected.count].elementsEqual(expected)
        }
        while index < bytes.count {
            guard matches(marker, at: index) else {
                if matches(slotName, at: index) { return nil }
                text.append(bytes[index])
                index += 1
                continue
            }
            var position = index + marker.count
            let escaped: Bool
            if matches(escapedOpen, at: position) {
                escaped = true
                position += escapedOpen.count
            } else if bytes.count > position, bytes[position] == UInt8(ascii: "<") {
                escaped = false
                position += 1
            } else {
                return nil
            }
            guard matches(slotName, at: position) else { return nil }
            position += slotName.count
            let digitsStart = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            guard let number = Int(String(decoding: bytes[digitsStart..<position], as: UTF8.self)),
                  let field = Field(rawValue: number)
            else { return nil }
            if escaped, matches(escapedClose, at: position) {
                position += escapedClose.count
            } else if !escaped, position < bytes.count, bytes[position] == UInt8(ascii: ">") {
                position += 1
            } else {
                return nil
            }
            guard matches(marker, at: position) else { return nil }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = []
            pieces.append(.field(field, escaped: escaped))
            index = position + marker.count
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    // MARK: - Escaping

    /// Appends `text` escaped exactly as swift-mustache's `{{x}}` in HTML mode: each grapheme
    /// cluster that is exactly `<`, `>`, `&`, `"` or `'` becomes `&lt;`, `&gt;`, `&amp;`,
    /// `&quot;` or `&#39;`; every other cluster is kept. In ASCII text the only cluster of more
    /// than one scalar is CR LF, so bytes can be escaped one by one.
    static func appendMustacheEscaped(_ text: String, to output: inout [UInt8]) {
        let utf8 = text.utf8
        // Most titles and descriptions hold none of the five: copied whole, whatever their
        // clusters (walking the Characters of non-ASCII text cost 16,000 instructions a page).
        if text.allUTF8Bytes(satisfy: { !isMustacheEscaped($0) }) {
            return appendBytes(of: text, to: &output)
        }
        if text.isAllASCII {
            for byte in utf8 { appendEscaped(byte, to: &output) }
            return
        }
        for character in text {
            if let ascii = character.asciiValue, character.unicodeScalars.count == 1 {
                appendEscaped(ascii, to: &output)
            } else {
                output.append(contentsOf: character.utf8)
            }
        }
    }

    /// Whether `byte` is one of the five bytes Mustache escapes.
    private static func isMustacheEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// Appends `text`'s UTF-8 bytes, copied in one piece where the string is contiguous (a page
    /// body through `String.UTF8View` went byte by byte).
    static func appendBytes(of text: String, to output: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ output.append(contentsOf: $0) }) == nil {
            output.append(contentsOf: text.utf8)
        }
    }

    /// How many bytes Mustache's escaping adds for `byte` (`&lt;` is 3 more than `<`).
    private static func escapeGrowth(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"): 3
        case UInt8(ascii: "&"), UInt8(ascii: "'"): 4
        case UInt8(ascii: "\""): 5
        default: 0
        }
    }

    /// Appends one ASCII byte, escaped if it is one of Mustache's five.
    private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "<"): output.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
        case UInt8(ascii: ">"): output.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
        case UInt8(ascii: "&"): output.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
        case UInt8(ascii: "\""): output.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
        case UInt8(ascii: "'"): output.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])  // &#39;
        default: output.append(byte)
        }
    }
}
