import WktCore

/// The `start` field: RFC 3339 with an optional offset (docs/formats.md §5).
enum WktJSONTime {
    /// Parses `2026-11-18T06:00:00+01:00`, `…Z` (offset 0) or `2026-11-18T06:00:00` (no offset:
    /// wall time in the configured zone). A space may stand for the `T`; fractional seconds
    /// (`06:00:00.250`) are accepted and dropped. Nil for anything else.
    static func parse(_ text: String) -> (start: WallTime, offsetSeconds: Int?)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, let start = WallTime.parse(String(decoding: bytes[0..<19], as: UTF8.self)) else {
            return nil
        }
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            guard index > digitsStart else { return nil }
        }
        let rest = bytes[index...]
        if rest.isEmpty { return (start, nil) }
        if rest.elementsEqual([UInt8(ascii: "Z")]) || rest.elementsEqual([UInt8(ascii: "z")]) { return (start, 0) }
        guard rest.count == 6, rest[index + 3] == UInt8(ascii: ":"),
              let hours = ASCIIDigits.int(rest[(index + 1)..<(index + 3)]), hours <= 23,
              let minutes = ASCIIDigits.int(rest[(index + 4)..<(index + 6)]), minutes <= 59
        else { return nil }
        let magnitude = hours * 3600 + minutes * 60
        switch rest[index] {
        case UInt8(ascii: "+"): return (start, magnitude)
        case UInt8(ascii: "-"): return (start, -magnitude)
        default: return nil
        }
    }

    /// `2026-11-18T06:00:00+01:00`, or without an offset when it is unknown. Offsets are written
    /// in whole minutes, as RFC 3339 requires.
    static func format(_ start: WallTime, offsetSeconds: Int?) -> String {
        guard let offset = offsetSeconds else { return start.iso8601 }
        let magnitude = abs(offset)
        return start.iso8601 + (offset < 0 ? "-" : "+")
            + ASCIIDigits.pad(magnitude / 3600, 2) + ":" + ASCIIDigits.pad(magnitude % 3600 / 60, 2)
    }
}

/// The precision of wkt JSON numbers (written by ``JSONValue/formatDecimal(_:)``).
enum WktJSONNumber {
    /// Rounds to 0.001, the precision every decimal field is written with.
    static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
