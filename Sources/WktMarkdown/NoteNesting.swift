/// The deepest line of a note, by the container-marker count of docs/reliability.md P6.
struct NoteNesting: Equatable, Sendable {
    /// The number of container markers at the start of the deepest line.
    let depth: Int
    /// The 1-based number of that line (the first such line on a tie).
    let line: Int

    /// Measures `bytes` (UTF-8; LF, CR and CRLF end a line, as in CommonMark).
    ///
    /// At the start of each line, after optional spaces and tabs, a run of container markers is
    /// counted: `>`; `-`, `*` or `+` followed by a space, a tab or the end of the line; and 1–9
    /// digits followed by `.` or `)` and then a space, a tab or the end of the line. Spaces and
    /// tabs between markers are skipped; the first other character ends the run. This
    /// over-counts thematic breaks such as `* * *`, which is harmless: the only consequence of a
    /// high count is the escaped-text fallback.
    static func deepest(in bytes: [UInt8]) -> NoteNesting {
        var deepest = NoteNesting(depth: 0, line: 1)
        var index = 0
        var line = 1
        while index < bytes.count {
            var depth = 0
            while let next = markerEnd(in: bytes, from: skipBlanks(in: bytes, from: index)) {
                depth += 1
                index = next
            }
            if depth > deepest.depth { deepest = NoteNesting(depth: depth, line: line) }
            while index < bytes.count, !isLineEnd(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                index += 1
            }
            index += 1
            line += 1
        }
        return deepest
    }

    /// The index after the container marker that starts at `index`, or `nil` if none starts there.
    private static func markerEnd(in bytes: [UInt8], from index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: ">"):
            return index + 1
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            return endsMarker(bytes, at: index + 1) ? index + 1 : nil
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var end = index
            while end < bytes.count, end - index <= 9, isDigit(bytes[end]) { end += 1 }
            guard end - index <= 9, end < bytes.count,
                bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"),
                endsMarker(bytes, at: end + 1)
            else { return nil }
            return end + 1
        default:
            return nil
        }
    }

    /// Whether a list marker may end before `index`: a space, a tab, a line end or the text end.
    private static func endsMarker(_ bytes: [UInt8], at index: Int) -> Bool {
        index >= bytes.count || isBlank(bytes[index]) || isLineEnd(bytes[index])
    }

    /// The first index at or after `index` that is not a space or a tab.
    private static func skipBlanks(in bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count, isBlank(bytes[index]) { index += 1 }
        return index
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
