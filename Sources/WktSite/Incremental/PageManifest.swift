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
    /// the UTF-8 bytes: 2,300 lines parse in well under a millisecond.
    init?(parsing text: Substring) {
        var utf8 = Array(text.utf8)[...]
        let header = Array((Self.header + " ").utf8)
        var renderer: String?
        var global: UInt64?
        var entries: [String: Entry] = [:]
        while !utf8.isEmpty {
            let end = utf8.firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = utf8[utf8.startIndex..<end]
            utf8 = end < utf8.endIndex ? utf8[(end + 1)...] : utf8[end...]
            if renderer == nil {
                if line.starts(with: header) {
                    // The renderer digest, then the global digest if recorded (16 hex digits).
                    let fields = line.dropFirst(header.count)
                    let space = fields.firstIndex(of: UInt8(ascii: " "))
                    renderer = String(decoding: fields[fields.startIndex..<(space ?? fields.endIndex)], as: UTF8.self)
                    if let space, fields.endIndex - space == 17 { global = Self.hexNumber(fields[(space + 1)...]) }
                }
                continue
            }
            if let (path, entry) = Self.entry(line) { entries[path] = entry }
        }
        guard let renderer else { return nil }
        self.renderer = renderer
        self.global = global
        self.entries = entries
    }

    /// One entry line, or nil when it does not parse.
    private static func entry(_ line: ArraySlice<UInt8>) -> (String, Entry)? {
        var fields: [ArraySlice<UInt8>] = []
        var rest = line
        while fields.count < 4, let tab = rest.firstIndex(of: UInt8(ascii: "\t")) {
            fields.append(rest[rest.startIndex..<tab])
            rest = rest[(tab + 1)...]
        }
        guard fields.count == 4, !rest.isEmpty, let key = hexNumber(fields[0]), let hash = hexNumber(fields[1]),
              let size = decimal(fields[2]), let slots = slots(fields[3])
        else { return nil }
        return (String(decoding: rest, as: UTF8.self), Entry(key: key, slotHash: hash, size: size, slots: slots))
    }

    /// 1–16 hex digits as a number.
    private static func hexNumber(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard (1...16).contains(digits.count) else { return nil }
        var value: UInt64 = 0
        for digit in digits {
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
    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard (1...15).contains(digits.count) else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// `offset+length,…` as ranges; nil when any part is malformed.
    private static func slots(_ text: ArraySlice<UInt8>) -> [Range<Int>]? {
        if text.isEmpty { return [] }
        var ranges: [Range<Int>] = []
        for part in text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let plus = part.firstIndex(of: UInt8(ascii: "+")), let offset = decimal(part[part.startIndex..<plus]),
                  let length = decimal(part[(plus + 1)...])
            else { return nil }
            ranges.append(offset..<offset + length)
        }
        return ranges
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
