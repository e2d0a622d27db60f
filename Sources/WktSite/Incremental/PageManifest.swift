import WktCore

/// What a build records about its reusable pages, so the next build can take a page over from
/// the previous site instead of composing and rendering it again when the page's inputs are
/// unchanged (docs/product.md "Speed budgets": the rebuild after one new workout).
///
/// Text, one line per page after a header:
///
///     wkt-pages 1 <renderer digest> <page keys' global digest>
///     <key>\t<slot hash>\t<size>\t<slot>,<slot>,…\t<path>
///
/// The global digest (``PageKeys/global``: renderer, settings, templates, site title) is part of
/// every page's key, so when it changed no page can be taken over, and the next build knows so
/// before it computes any key (a manifest written before it was recorded has none).
/// `key` is the page's input digest (``PageKeys``), `slot hash` is the ``InputDigest`` of the
/// bytes in its slots and `size` the file's size as written, each slot is `offset+length` of a
/// layout field in that file
/// (``LayoutSkeleton/render(_:slots:)``), all numbers decimal and hashes 16 hex digits. The
/// renderer digest covers the executable's identity: pages of another build of wkt-site are
/// never reused. Anything that does not parse is ignored line by line (the page is rendered).
struct PageManifest: Sendable, Equatable {
    /// One reusable page.
    struct Entry: Sendable, Equatable {
        /// The page's input digest.
        let key: UInt64
        /// ``InputDigest/of(_:ranges:)`` of the slot bytes as written.
        let slotHash: UInt64
        /// Its size in bytes.
        let size: Int
        /// The byte ranges of its layout slots.
        let slots: [Range<Int>]

        /// Whether `bytes` are still exactly the page this entry records: its size, and its
        /// slots' hash (the slots lie within the bytes).
        func isIntact(_ bytes: [UInt8]) -> Bool {
            bytes.count == size && slots.allSatisfy { $0.upperBound <= bytes.count }
                && InputDigest.of(bytes, ranges: slots) == slotHash
        }
    }

    /// The format's name and version, the header's first two words.
    static let header = "wkt-pages 1"

    /// The digest of the renderer's identity.
    let renderer: String
    /// ``PageKeys/global`` of the build that wrote it, when recorded.
    let global: UInt64?
    /// Page path → entry.
    var entries: [String: Entry]

    /// An empty manifest for `renderer`.
    init(renderer: String, global: UInt64? = nil, entries: [String: Entry] = [:]) {
        self.renderer = renderer
        self.global = global
        self.entries = entries
    }

    /// The digest recorded for a renderer identity (an executable's path, size and time).
    static func rendererDigest(identity: String) -> String {
        String(SHA256.hex("renderer \(identity)").prefix(16))
    }

    /// Parses a manifest, skipping any lines before its header (it is recorded after other
    /// lines in the site's marker file); nil when there is no header of this version. Works on
    /// the UTF-8 bytes in place (no copy of the text, no array per line): the previous build's
    /// 2,300 lines are parsed on the thread that reads its pages, whose time the history load
    /// waits for before its second reader can start.
    init?(parsing text: Substring) {
        let parsed = text.utf8.withContiguousStorageIfAvailable(Self.parse) ?? Array(text.utf8).withUnsafeBufferPointer(Self.parse)
        guard let parsed else { return nil }
        self = parsed
    }

    /// ``init(parsing:)`` on the bytes of the text.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> PageManifest? {
        let header = Array((Self.header + " ").utf8)
        var renderer: String?
        var global: UInt64?
        var entries: [String: Entry] = [:]
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let line = start..<end
            start = end + 1
            if renderer == nil {
                if line.count >= header.count && header.indices.allSatisfy({ bytes[line.lowerBound + $0] == header[$0] }) {
                    // The renderer digest, then the global digest if recorded (16 hex digits).
                    let fields = line.lowerBound + header.count..<line.upperBound
                    var space = fields.lowerBound
                    while space < fields.upperBound && bytes[space] != UInt8(ascii: " ") { space += 1 }
                    renderer = String(decoding: UnsafeBufferPointer(rebasing: bytes[fields.lowerBound..<space]), as: UTF8.self)
                    if space < fields.upperBound, fields.upperBound - space == 17 {
                        global = hexNumber(bytes, space + 1..<fields.upperBound)
                    }
                }
                continue
            }
            if let (path, entry) = entry(bytes, line) { entries[path] = entry }
        }
        guard let renderer else { return nil }
        return PageManifest(renderer: renderer, global: global, entries: entries)
    }

    /// The entry on `line` of `bytes`, or nil when it does not parse: four tab-separated fields
    /// (hex key, hex slot hash, decimal size, slots), then the path, the rest of the line, not
    /// empty (it may hold tabs).
    private static func entry(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (String, Entry)? {
        var fields: (Range<Int>, Range<Int>, Range<Int>, Range<Int>) = (0..<0, 0..<0, 0..<0, 0..<0)
        var fieldStart = line.lowerBound
        for field in 0..<4 {
            var tab = fieldStart
            while tab < line.upperBound && bytes[tab] != UInt8(ascii: "\t") { tab += 1 }
            guard tab < line.upperBound else { return nil }
            switch field {
            case 0: fields.0 = fieldStart..<tab
            case 1: fields.1 = fieldStart..<tab
            case 2: fields.2 = fieldStart..<tab
            default: fields.3 = fieldStart..<tab
            }
            fieldStart = tab + 1
        }
        let path = fieldStart..<line.upperBound
        guard !path.isEmpty, let key = hexNumber(bytes, fields.0), let hash = hexNumber(bytes, fields.1),
              let size = decimal(bytes, fields.2), let slots = slots(bytes, fields.3)
        else { return nil }
        return (
            String(decoding: UnsafeBufferPointer(rebasing: bytes[path]), as: UTF8.self),
            Entry(key: key, slotHash: hash, size: size, slots: slots)
        )
    }

    /// 1–16 lowercase hex digits as a number.
    private static func hexNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ digits: Range<Int>) -> UInt64? {
        guard (1...16).contains(digits.count) else { return nil }
        var value: UInt64 = 0
        for index in digits {
            let digit = bytes[index]
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(nibble)
        }
        return value
    }

    /// 1–15 decimal digits as a number (no sign).
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ digits: Range<Int>) -> Int? {
        guard (1...15).contains(digits.count) else { return nil }
        var value = 0
        for index in digits {
            let digit = bytes[index]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// `offset+length,…` as ranges; nil when any part is malformed (an empty part too).
    private static func slots(_ bytes: UnsafeBufferPointer<UInt8>, _ text: Range<Int>) -> [Range<Int>]? {
        if text.isEmpty { return [] }
        var ranges: [Range<Int>] = []
        var partStart = text.lowerBound
        while true {
            var partEnd = partStart
            while partEnd < text.upperBound && bytes[partEnd] != UInt8(ascii: ",") { partEnd += 1 }
            var plus = partStart
            while plus < partEnd && bytes[plus] != UInt8(ascii: "+") { plus += 1 }
            guard plus < partEnd, let offset = decimal(bytes, partStart..<plus), let length = decimal(bytes, plus + 1..<partEnd)
            else { return nil }
            ranges.append(offset..<offset + length)
            guard partEnd < text.upperBound else { return ranges }
            partStart = partEnd + 1
        }
    }

    /// The manifest as text, pages sorted by path bytes (so equal builds record equal text).
    var text: String {
        var bytes = Array((Self.header + " " + renderer).utf8)
        if let global {
            bytes.append(UInt8(ascii: " "))
            Self.appendHex(global, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
        bytes.reserveCapacity(entries.count * 120)
        for path in entries.keys.sorted(by: ByteOrder.precedes) {
            guard let entry = entries[path] else { continue }
            Self.appendHex(entry.key, to: &bytes)
            bytes.append(UInt8(ascii: "\t"))
            Self.appendHex(entry.slotHash, to: &bytes)
            bytes.append(UInt8(ascii: "\t"))
            ASCIIDigits.append(entry.size, to: &bytes)
            bytes.append(UInt8(ascii: "\t"))
            for (index, slot) in entry.slots.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                ASCIIDigits.append(slot.lowerBound, to: &bytes)
                bytes.append(UInt8(ascii: "+"))
                ASCIIDigits.append(slot.count, to: &bytes)
            }
            bytes.append(UInt8(ascii: "\t"))
            if path.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes += path.utf8 }
            bytes.append(UInt8(ascii: "\n"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends 16 lower-case hex digits.
    private static func appendHex(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let nibble = UInt8((value >> UInt64(shift)) & 0xF)
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }
}
