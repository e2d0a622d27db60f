import WktCore

/// The byte-level filter between an Apple Health export and Foundation's `XMLParser`
/// (docs/formats.md §4.4, docs/reliability.md P5).
///
/// Chunks of the original document go in through ``feed(_:into:)``; what comes out is a small,
/// well-formed document that `XMLParser` can read safely and fast:
///
/// * Every byte before the first `<HealthData` is dropped: this removes the XML declaration and
///   the internal DTD, whose `#REQUIRED` attribute declarations crash `XMLParser` on Linux
///   (swift-corelibs-foundation#3268) and which is malformed in iOS 16 exports. With the DTD
///   goes every entity declaration, so nothing can be expanded (billion laughs, `SYSTEM`
///   entities): an entity reference left in the body is an undefined-entity error.
/// * All input is validated as UTF-8 (the error names the byte offset), so `XMLParser` never
///   sees the invalid element name that makes it trap (swift-corelibs-foundation#5534).
/// * Bytes 0x00–0x08, 0x0B, 0x0C and 0x0E–0x1F in what is passed on are replaced by a space, so
///   an U+000B inside an attribute no longer truncates the value; they are counted.
/// * Only `<Workout>` children of `<HealthData>` and the `<Record>` children whose start tag
///   holds `"HKQuantityTypeIdentifierBodyMass"` (bodyweight, docs/formats.md "Bodyweight
///   measurements") are passed on. A `<Record>` start tag is held back until its first
///   attribute value that looks like a type (`HK…`; Apple writes `type` first) decides, else
///   until its `>`; one longer than ``maxHeldTag`` without that type is dropped. Other `Record`s,
///   `Correlation`, `ActivitySummary`, … (99 % of a real export) are checked here for balanced,
///   matching tags and dropped, which is what makes a 1 GB export cheap: `XMLParser` costs
///   about 60 MB/s whatever the delegate does. Every line break of dropped content is still
///   passed on, so `XMLParser.lineNumber` equals the line number in the original file.
/// * The end of the input must come after `</HealthData>`: otherwise the document was
///   truncated, which `XMLParser` in its recovery mode would report as success.
///
/// The checks on dropped content are structural: tag names, nesting (at most ``maxDepth``),
/// quoting, comments, CDATA and processing instructions. Attribute syntax inside a dropped
/// element is not checked, because nothing of it is imported.
struct HealthPrepass {
    /// Deepest element nesting accepted (libxml2's own default limit is 256 as well).
    static let maxDepth = 256
    /// Longest element name accepted, in bytes.
    static let maxNameLength = 256
    /// Longest `<Record>` start tag held back while looking for the bodyweight type, in bytes
    /// (real ones are about 300).
    static let maxHeldTag = 64 * 1024

    enum State {
        case prolog, content, lessThan, startName, tagBody, doubleQuoted, singleQuoted, emptyClose
        case endName, endTail, bang, commentOpen, comment, cdataOpen, cdata, processing
    }

    /// The file name used in error messages.
    let file: String
    /// Bytes of input consumed by earlier `feed` calls.
    private(set) var consumed = 0
    /// 1-based line of the byte being looked at.
    private(set) var line = 1
    /// Control bytes replaced by spaces in the passed-on content.
    private(set) var replacedControlBytes = 0
    /// Line of the first replaced control byte.
    private(set) var firstReplacementLine: Int?
    /// Whether `<HealthData` was found.
    private(set) var sawRoot = false
    /// Whether `</HealthData>` (or an empty `<HealthData/>`) was seen.
    var rootClosed = false

    var state = State.prolog
    private var prologMatched = 0
    var emitting = false
    /// Whether a `<Record>` start tag is being held back in ``held`` until it is complete.
    var holding = false
    /// The held-back bytes of a `<Record>` start tag.
    var held: [UInt8] = []
    /// Where in ``held`` the attribute value being read starts.
    var heldValueStart = 0
    private var utf8 = UTF8Validator()
    /// The open elements and the name of the tag being read.
    var elements = HealthElementStack()
    /// Dashes of a comment, brackets of a CDATA section, `?` of a processing instruction,
    /// or the progress through `[CDATA[`.
    private var marks = 0

    private static let rootPattern: [UInt8] = Array("<HealthData".utf8)
    private static let rootName: [UInt8] = Array("HealthData".utf8)
    static let workoutName: [UInt8] = Array("Workout".utf8)
    static let recordName: [UInt8] = Array("Record".utf8)
    /// What marks a bodyweight `<Record>`; the closing quote keeps out `…BodyMassIndex`.
    static let bodyMassType: [UInt8] = Array("\"HKQuantityTypeIdentifierBodyMass\"".utf8)
    private static let cdataPattern: [UInt8] = Array("[CDATA[".utf8)

    /// Creates a pre-pass for the document named `file` in messages.
    init(file: String) {
        self.file = file
    }

    /// Filters one chunk of the original document, appending the bytes for `XMLParser` to `out`.
    mutating func feed(_ input: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) throws(HealthImportError) {
        var index = 0
        let count = input.count
        while index < count {
            if state == .doubleQuoted && !emitting {
                // Hot path: the attribute values of dropped records.
                index = try skipQuoted(input, from: index, into: &out)
                continue
            }
            let byte = input[index]
            if byte >= 0x80 || !utf8.isComplete {
                guard utf8.accept(byte, at: consumed + index) else {
                    throw invalidUTF8(at: consumed + index)
                }
            }
            try step(byte, into: &out)
            if byte == 0x0A { line += 1 }
            index += 1
        }
        consumed += count
    }

    /// Ends the input: fails when the document is truncated, never had a `<HealthData>` element,
    /// or ends inside a UTF-8 sequence.
    mutating func finish(into out: inout [UInt8]) throws(HealthImportError) {
        guard utf8.isComplete else { throw invalidUTF8(at: utf8.sequenceStart) }
        guard sawRoot else {
            throw HealthImportError(
                kind: .notHealthExport, file: file,
                message: "no <HealthData> element: not an Apple Health export.xml")
        }
        guard rootClosed, state == .content else {
            throw HealthImportError(
                kind: .truncated, file: file, line: line,
                message: "truncated at line \(line): the document ends before </HealthData>")
        }
    }

    // MARK: - The state machine

    /// Scans a double-quoted attribute value of dropped (or held-back) content up to its closing
    /// quote; held-back bytes are appended to ``held`` in one piece.
    private mutating func skipQuoted(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, into out: inout [UInt8]
    ) throws(HealthImportError) -> Int {
        var index = start
        let count = input.count
        while index < count {
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                state = .tagBody
                index += 1
                break
            }
            if byte >= 0x80 || !utf8.isComplete {
                guard utf8.accept(byte, at: consumed + index) else { throw invalidUTF8(at: consumed + index) }
            } else if byte == 0x0A {
                if !holding { out.append(0x0A) }
                line += 1
            } else if byte == UInt8(ascii: "<") {
                throw malformed("'<' inside an attribute value")
            }
            index += 1
        }
        if holding {
            held.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
            if state == .tagBody {
                heldValueEnded(into: &out)
            } else if held.count > Self.maxHeldTag {
                settleHeld(into: &out)
            }
        }
        return index
    }

    /// Advances the state machine by one byte (already UTF-8 checked) and emits what it passes on.
    @inline(__always)
    private mutating func step(_ byte: UInt8, into out: inout [UInt8]) throws(HealthImportError) {
        switch state {
        case .prolog:
            try prolog(byte, into: &out)
        case .content:
            if byte == UInt8(ascii: "<") {
                state = .lessThan
            } else if rootClosed && !Self.isSpace(byte) {
                throw malformed("content after </HealthData>")
            }
            put(byte, into: &out)
        case .lessThan:
            try lessThan(byte, into: &out)
        case .startName:
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") {
                try startNameComplete(into: &out)
                state = .tagBody
                try step(byte, into: &out)
            } else {
                try appendNameByte(byte)
                put(byte, into: &out)
            }
        case .tagBody:
            put(byte, into: &out)
            switch byte {
            case UInt8(ascii: "\""): state = .doubleQuoted
            case UInt8(ascii: "'"): state = .singleQuoted
            case UInt8(ascii: "/"): state = .emptyClose
            case UInt8(ascii: ">"):
                state = .content
                if elements.depth == 1 { emitting = false }  // the root's start tag is done
                if holding { settleHeld(into: &out) }
            case UInt8(ascii: "<"): throw malformed("'<' inside a start tag")
            default: break
            }
        case .doubleQuoted, .singleQuoted:
            let quote = state == .doubleQuoted ? UInt8(ascii: "\"") : UInt8(ascii: "'")
            if byte == UInt8(ascii: "<") { throw malformed("'<' inside an attribute value") }
            put(byte, into: &out)
            if byte == quote { state = .tagBody }
        case .emptyClose:
            guard byte == UInt8(ascii: ">") else { throw malformed("'/' not followed by '>' in a start tag") }
            put(byte, into: &out)
            if holding { settleHeld(into: &out) }
            elements.closeInnermost()
            elementClosed()
        case .endName:
            if Self.isSpace(byte) || byte == UInt8(ascii: ">") {
                try endNameComplete()
                state = .endTail
                try step(byte, into: &out)
            } else {
                try appendNameByte(byte)
                put(byte, into: &out)
            }
        case .endTail:
            put(byte, into: &out)
            if byte == UInt8(ascii: ">") {
                elementClosed()
            } else if !Self.isSpace(byte) {
                throw malformed("unexpected character in an end tag")
            }
        case .bang:
            put(byte, into: &out)
            if byte == UInt8(ascii: "-") {
                state = .commentOpen
            } else if byte == UInt8(ascii: "[") && elements.depth > 0 {
                state = .cdataOpen
                marks = 1
            } else {
                throw malformed("markup declaration (<!…) inside the document; only comments and CDATA are allowed")
            }
        case .commentOpen:
            guard byte == UInt8(ascii: "-") else { throw malformed("'<!-' not followed by '-'") }
            put(byte, into: &out)
            state = .comment
            marks = 0
        case .comment:
            put(byte, into: &out)
            sectionByte(byte, mark: UInt8(ascii: "-"))
        case .cdataOpen:
            guard byte == Self.cdataPattern[marks] else { throw malformed("'<![' not followed by 'CDATA['") }
            put(byte, into: &out)
            marks += 1
            if marks == Self.cdataPattern.count {
                state = .cdata
                marks = 0
            }
        case .cdata:
            put(byte, into: &out)
            sectionByte(byte, mark: UInt8(ascii: "]"))
        case .processing:
            put(byte, into: &out)
            if byte == UInt8(ascii: ">") && marks == 1 {
                state = .content
            } else {
                marks = byte == UInt8(ascii: "?") ? 1 : 0
            }
        }
    }

    /// A byte inside a comment or CDATA section, which ends at a `>` after two `mark` bytes
    /// (`-->`, `]]>`).
    private mutating func sectionByte(_ byte: UInt8, mark: UInt8) {
        if byte == UInt8(ascii: ">") && marks >= 2 {
            state = .content
        } else {
            marks = byte == mark ? marks + 1 : 0
        }
    }

    /// Looks for `<HealthData` followed by a space, `>` or `/`; everything before it is dropped.
    private mutating func prolog(_ byte: UInt8, into out: inout [UInt8]) throws(HealthImportError) {
        let pattern = Self.rootPattern
        if prologMatched == pattern.count {
            if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") {
                sawRoot = true
                emitting = true
                out.append(contentsOf: pattern)
                elements.open(Self.rootName)
                state = .tagBody
                try step(byte, into: &out)
                return
            }
            prologMatched = 0
        }
        if byte == pattern[prologMatched] {
            prologMatched += 1
        } else {
            prologMatched = byte == UInt8(ascii: "<") ? 1 : 0
        }
        if byte == 0x0A { out.append(0x0A) }
    }

    /// The byte after a `<`.
    private mutating func lessThan(_ byte: UInt8, into out: inout [UInt8]) throws(HealthImportError) {
        let depth = elements.depth
        switch byte {
        case UInt8(ascii: "/"):
            guard depth > 0 else { throw malformed("end tag after </HealthData>") }
            if depth == 1 {
                // `</HealthData`: passed on although the '<' was held back at this level.
                out.append(UInt8(ascii: "<"))
                emitting = true
            }
            put(byte, into: &out)
            state = .endName
        case UInt8(ascii: "!"):
            put(byte, into: &out)
            state = .bang
        case UInt8(ascii: "?"):
            put(byte, into: &out)
            state = .processing
            marks = 0
        default:
            guard depth > 0 else { throw malformed("element after </HealthData>") }
            guard !Self.isSpace(byte), byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/") else {
                throw malformed("'<' not followed by a name")
            }
            try appendNameByte(byte)
            put(byte, into: &out)
            state = .startName
        }
    }

    /// Appends a byte to the output when passing content on (control bytes become spaces);
    /// when dropping, only line breaks are kept.
    @inline(__always)
    mutating func put(_ byte: UInt8, into out: inout [UInt8]) {
        if holding {
            held.append(byte)
            // Outside values, every quote opens one (the closing ones are read by skipQuoted).
            if byte == UInt8(ascii: "\"") && state == .tagBody { heldValueStart = held.count }
            if held.count > Self.maxHeldTag { settleHeld(into: &out) }
            return
        }
        if emitting {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                replacedControlBytes += 1
                if firstReplacementLine == nil { firstReplacementLine = line }
                out.append(0x20)
            } else {
                out.append(byte)
            }
        } else if byte == 0x0A {
            out.append(0x0A)
        }
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    func malformed(_ message: String) -> HealthImportError {
        HealthImportError(kind: .malformedXML, file: file, line: line, message: "malformed XML: \(message)")
    }

    private func invalidUTF8(at offset: Int) -> HealthImportError {
        HealthImportError(
            kind: .invalidUTF8, file: file, line: line, byteOffset: offset,
            message: "invalid UTF-8 at byte offset \(offset); an export.xml is UTF-8")
    }
}
