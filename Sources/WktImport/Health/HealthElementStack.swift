/// The open elements of the document ``HealthPrepass`` checks, innermost last, and the name of
/// the tag being read.
///
/// The names are kept concatenated in one buffer (no allocation per element): `ends[i]` is the
/// end of name `i` in `names`, and the name of the tag being read (the pending name) is appended
/// after the innermost one, then opened (a start tag) or compared with it (an end tag).
struct HealthElementStack {
    private var names: [UInt8] = []
    private var ends: [Int] = []

    /// The number of open elements.
    var depth: Int { ends.count }

    /// The length in bytes of the pending name.
    var pendingLength: Int { names.count - (ends.last ?? 0) }

    /// Appends a byte to the pending name.
    mutating func appendPending(_ byte: UInt8) {
        names.append(byte)
    }

    /// Opens an element named `name` (there must be no pending name).
    mutating func open(_ name: [UInt8]) {
        names.append(contentsOf: name)
        ends.append(names.count)
    }

    /// Opens the element whose start tag's name was just read.
    mutating func openPending() {
        ends.append(names.count)
    }

    /// Whether the innermost open element is named `name`.
    func innermostIs(_ name: [UInt8]) -> Bool {
        let top = ends.count - 1
        let start = top > 0 ? ends[top - 1] : 0
        return names[start..<ends[top]].elementsEqual(name)
    }

    /// Nil when the pending name (an end tag's) is the innermost open element's; otherwise both
    /// names, for the message.
    func pendingMismatch() -> (found: String, expected: String)? {
        let top = ends.count - 1
        let openStart = top > 0 ? ends[top - 1] : 0
        let openEnd = ends[top]
        guard !names[openEnd...].elementsEqual(names[openStart..<openEnd]) else { return nil }
        return (String(decoding: names[openEnd...], as: UTF8.self), String(decoding: names[openStart..<openEnd], as: UTF8.self))
    }

    /// Closes the innermost open element, dropping the pending name too.
    mutating func closeInnermost() {
        ends.removeLast()
        names.removeSubrange((ends.last ?? 0)...)
    }
}
