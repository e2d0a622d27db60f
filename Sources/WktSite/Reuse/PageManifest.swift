import WktCore

/// What a build records about its reusable pages, so the next build can take a page over from
/// the previous site instead of composing and rendering it again when the page's inputs are
/// unchanged (PRODUCT.md: "rebuild after one new workout ≤ 0.3 s").
///
/// Text, one line per page after a header:
///
///     wkt-pages 1 <renderer digest>
///     <key>\t<content hash>\t<size>\t<slot>,<slot>,…\t<path>
///
/// `key` is the page's input digest (``PageKeys``), `content hash` and `size` describe the file
/// as written (``ContentHash``), each slot is `offset+length` of a layout field in that file
/// (``LayoutSkeleton/render(_:slots:)``), all numbers decimal and hashes 16 hex digits. The
/// renderer digest covers the executable's identity: pages of another build of wkt-site are
/// never reused. Anything that does not parse is ignored line by line (the page is rendered).
struct PageManifest: Sendable, Equatable {
    /// One reusable page.
    struct Entry: Sendable, Equatable {
        /// The page's input digest.
        let key: UInt64
        /// ``ContentHash`` of the file as written.
        let contentHash: UInt64
        /// Its size in bytes.
        let size: Int
        /// The byte ranges of its layout slots.
        let slots: [Range<Int>]
    }

    /// The format's name and version, the header's first two words.
    static let header = "wkt-pages 1"

    /// The digest of the renderer's identity.
    let renderer: String
    /// Page path → entry.
    var entries: [String: Entry]

    /// An empty manifest for `renderer`.
    init(renderer: String, entries: [String: Entry] = [:]) {
        self.renderer = renderer
        self.entries = entries
    }

    /// The digest recorded for a renderer identity (an executable's path, size and time).
    static func rendererDigest(identity: String) -> String {
        String(SHA256.hex("renderer \(identity)").prefix(16))
    }

    /// Parses a manifest, skipping any lines before its header (it is recorded after other
    /// lines in the site's marker file); nil when there is no header of this version.
    init?(parsing text: Substring) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        while let line = lines.first, !line.hasPrefix(Self.header + " ") { lines.removeFirst() }
        guard let first = lines.popFirst() else { return nil }
        self.renderer = String(first.dropFirst(Self.header.count + 1))
        var entries: [String: Entry] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let key = UInt64(fields[0], radix: 16), let hash = UInt64(fields[1], radix: 16),
                  let size = Int(fields[2]), size >= 0, let slots = Self.slots(fields[3]), !fields[4].isEmpty
            else { continue }
            entries[String(fields[4])] = Entry(key: key, contentHash: hash, size: size, slots: slots)
        }
        self.entries = entries
    }

    /// `offset+length,…` as ranges; nil when any part is malformed.
    private static func slots(_ text: Substring) -> [Range<Int>]? {
        if text.isEmpty { return [] }
        var ranges: [Range<Int>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let numbers = part.split(separator: "+", omittingEmptySubsequences: false)
            guard numbers.count == 2, let offset = Int(numbers[0]), let length = Int(numbers[1]), offset >= 0, length >= 0,
                  offset <= Int.max - length
            else { return nil }
            ranges.append(offset..<offset + length)
        }
        return ranges
    }

    /// The manifest as text, pages sorted by path bytes (so equal builds record equal text).
    var text: String {
        var text = Self.header + " " + renderer + "\n"
        for path in entries.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let entry = entries[path] else { continue }
            text += Self.hex(entry.key) + "\t" + Self.hex(entry.contentHash) + "\t" + String(entry.size) + "\t"
            text += entry.slots.map { "\($0.lowerBound)+\($0.count)" }.joined(separator: ",")
            text += "\t" + path + "\n"
        }
        return text
    }

    /// 16 lower-case hex digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
