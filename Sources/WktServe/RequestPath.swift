/// A request target's path checked for the local preview (docs/product.md "Local preview"): the
/// components of a file below the site's root, or why the path is refused.
///
/// The rules, applied to the raw (percent-encoded) path before anything touches the disk:
/// - it starts with `/` (origin form; `*` and `http://…` targets are refused);
/// - it has only visible ASCII (clients percent-encode everything else), no `\` and no empty
///   component before the last one (`//etc/passwd`, `/a//b`);
/// - percent escapes are decoded exactly once, each `%` must be followed by two hex digits, and
///   the decoded component must be valid UTF-8 without control characters (`%00` included) and
///   without `/` or `\` (`%2f`, `%5c`): an escape never creates a separator;
/// - no component is `.` or `..`, raw or decoded (`..`, `%2e%2e`, `.%2E`).
///
/// Each breach is a malformed request (400). What remains is a list of plain names; whether they
/// lead to a file inside the root, symbolic links resolved, is ``SiteFiles``' job (404 if not).
struct RequestPath: Equatable {
    /// The decoded components (`["exercises", "squat.html"]`); empty for `/`.
    let components: [String]
    /// Whether the path ends with `/` (a folder was asked for).
    let isFolder: Bool
    /// The raw path as sent (only visible ASCII, so safe to echo in a `Location` header).
    let raw: String

    /// Why a path is refused; every case answers 400.
    enum Refusal: Error, Equatable {
        case notOriginForm
        case forbiddenByte
        case backslash
        case emptyComponent
        case badEscape
        case encodedSeparator
        case controlCharacter
        case notUTF8
        case dotSegment
    }

    /// Checks `raw` (the path part of the request target, without the query).
    init(raw: String) throws(Refusal) {
        let bytes = Array(raw.utf8)
        guard bytes.first == UInt8(ascii: "/") else { throw .notOriginForm }
        for byte in bytes {
            guard byte > 0x20, byte < 0x7F else { throw .forbiddenByte }
            if byte == UInt8(ascii: "\\") { throw .backslash }
        }
        let parts = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        var components: [String] = []
        for (index, part) in parts.enumerated() {
            if part.isEmpty {
                // Only the last component may be empty: `/` itself and `/dir/`.
                guard index == parts.count - 1 else { throw .emptyComponent }
                continue
            }
            components.append(try Self.decode(Array(part)))
        }
        self.components = components
        self.isFolder = bytes.last == UInt8(ascii: "/")
        self.raw = raw
    }

    /// One component, percent escapes decoded once and checked.
    static func decode(_ part: [UInt8]) throws(Refusal) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(part.count)
        var index = 0
        while index < part.count {
            let byte = part[index]
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 2 < part.count, let high = hexValue(part[index + 1]), let low = hexValue(part[index + 2]) else {
                throw .badEscape
            }
            let value = high << 4 | low
            if value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") { throw .encodedSeparator }
            if value < 0x20 || value == 0x7F { throw .controlCharacter }
            decoded.append(value)
            index += 3
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { throw .notUTF8 }
        if text == "." || text == ".." { throw .dotSegment }
        return text
    }

    /// The value of one hex digit, or nil.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
