/// The one JSON writer: a JSON value whose objects keep their key order, written by hand so the
/// bytes are fixed (Foundation's `JSONEncoder` does not keep key order and formats numbers its own
/// way). It writes `stats.json`, the wkt JSON of `wkt-site export` and `wkt-site import --json`.
///
/// Not `indirect`: objects and arrays hold their children in arrays, which are already on the
/// heap, so a scalar needs no box of its own. As an `indirect` enum every value was a heap
/// allocation: 70,000 of them, made and freed, for the PR events of the 10-year demo's
/// `stats.json` alone.
public enum JSONValue: Sendable {
    /// An object; keys in the given order.
    case object([(String, JSONValue)])
    /// An array.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// A day, written as the string `YYYY-MM-DD` (``CivilDate/description``) without making one.
    case day(CivilDate)
    /// An integer.
    case int(Int)
    /// Kilograms (or any quantity kept to 0.001): written by ``JSONValue/formatKg(_:)``.
    case kg(Double)
    /// A decimal kept to 0.001, whole numbers without a point: written by
    /// ``JSONValue/formatDecimal(_:)``.
    case decimal(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// A string, or `null` when nil.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    /// A date as `YYYY-MM-DD`, or `null` when nil.
    public static func date(_ value: CivilDate?) -> JSONValue { value.map { .day($0) } ?? .null }
    /// Kilograms, or `null` when nil.
    public static func kg(_ value: Double?) -> JSONValue { value.map { .kg($0) } ?? .null }
    /// An integer, or `null` when nil.
    public static func int(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
    /// A decimal, or `null` when nil.
    public static func decimal(_ value: Double?) -> JSONValue { value.map { .decimal($0) } ?? .null }

    /// Pretty-printed text: two-space indent, `"key": value`, one member or element per line,
    /// empty containers as `{}` and `[]`, no trailing newline.
    public func pretty() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// One line: `{"key": value, "key": [1, 2]}`, `, ` between members and elements, empty
    /// containers as `{}` and `[]`.
    public func compact() -> String {
        var out: [UInt8] = []
        writeCompact(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func writeCompact(to out: inout [UInt8]) {
        switch self {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { out.append(contentsOf: ", ".utf8) }
                JSONValue.appendQuoted(member.0, to: &out)
                JSONValue.appendLiteral(": ", to: &out)
                member.1.writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.append(contentsOf: ", ".utf8) }
                element.writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        default: writeScalar(to: &out)
        }
    }

    /// Appends the pretty form of this value at `indent` (its first line unindented).
    func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return JSONValue.appendLiteral("{}", to: &out) }
            out.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                JSONValue.newline(&out, indent: indent + 1)
                JSONValue.appendQuoted(member.0, to: &out)
                JSONValue.appendLiteral(": ", to: &out)
                member.1.write(to: &out, indent: indent + 1)
                if offset < members.count - 1 { out.append(UInt8(ascii: ",")) }
            }
            JSONValue.newline(&out, indent: indent)
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            guard !elements.isEmpty else { return JSONValue.appendLiteral("[]", to: &out) }
            out.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                JSONValue.newline(&out, indent: indent + 1)
                element.write(to: &out, indent: indent + 1)
                if offset < elements.count - 1 { out.append(UInt8(ascii: ",")) }
            }
            JSONValue.newline(&out, indent: indent)
            out.append(UInt8(ascii: "]"))
        default: writeScalar(to: &out)
        }
    }

    /// A string, number, `true`, `false` or `null` (containers are written by the callers).
    private func writeScalar(to out: inout [UInt8]) {
        switch self {
        case .string(let text): JSONValue.appendQuoted(text, to: &out)
        case .day(let day): JSONValue.appendDay(day, to: &out)
        case .int(let value): ASCIIDigits.append(value, to: &out)
        case .kg(let value): JSONValue.appendKg(value, to: &out)
        case .decimal(let value): JSONValue.appendDecimal(value, to: &out)
        case .bool(let value): JSONValue.appendLiteral(value ? "true" : "false", to: &out)
        case .null: JSONValue.appendLiteral("null", to: &out)
        case .object, .array: break
        }
    }

    /// Appends `"YYYY-MM-DD"`: ``appendQuoted(_:to:)`` of the day's description, its ten bytes
    /// written in place for the days that description writes in place (years 0–9999).
    static func appendDay(_ day: CivilDate, to out: inout [UInt8]) {
        guard (0...9999).contains(day.year), (0...99).contains(day.month), (0...99).contains(day.day) else {
            return appendQuoted(day.description, to: &out)
        }
        @inline(__always) func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10) }
        out.append(UInt8(ascii: "\""))
        out.append(digit(day.year / 1000))
        out.append(digit(day.year / 100))
        out.append(digit(day.year / 10))
        out.append(digit(day.year))
        out.append(UInt8(ascii: "-"))
        out.append(digit(day.month / 10))
        out.append(digit(day.month))
        out.append(UInt8(ascii: "-"))
        out.append(digit(day.day / 10))
        out.append(digit(day.day))
        out.append(UInt8(ascii: "\""))
    }

    /// Appends ``formatKg(_:)``'s text; the digits of a number below 10¹² written in place.
    static func appendKg(_ kg: Double, to out: inout [UInt8]) {
        guard kg.isFinite, abs((kg * 1000).rounded()) < 1e15, appendExact(kg, minDecimals: 1, to: &out) else {
            return out.append(contentsOf: formatKg(kg).utf8)
        }
    }

    /// Appends ``formatDecimal(_:)``'s text; the digits of a number below 9×10¹⁵ written in place.
    static func appendDecimal(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite, abs(value) < 9e15, appendExact(value, minDecimals: 0, to: &out) else {
            return out.append(contentsOf: formatDecimal(value).utf8)
        }
    }

    /// Appends ``DecimalFormat/exact(_:decimals:minDecimals:)`` of `value` with three decimals;
    /// false (nothing appended) where that gives nil.
    private static func appendExact(_ value: Double, minDecimals: Int, to out: inout [UInt8]) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalFormat.maxWrittenBytes) { buffer in
            guard let count = DecimalFormat.write(exact: value, decimals: 3, minDecimals: minDecimals, into: buffer) else {
                return false
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
            return true
        }
    }

    /// Appends literal text: from its bytes in place, not through `String.UTF8View` (which
    /// costs a call per byte when appended to an array).
    @inline(__always)
    static func appendLiteral(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// A line break and `indent` levels of two spaces. The spaces are copied from a fixed run:
    /// appending `repeatElement(" ", count:)` went element by element through the generic
    /// `Repeated` collection, 2 % of `stats --json` (callgrind, 10-year demo).
    static func newline(_ out: inout [UInt8], indent: Int) {
        out.append(UInt8(ascii: "\n"))
        var remaining = 2 * indent
        while remaining > 0 {
            let count = min(remaining, spaces.count)
            spaces.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<count])) }
            remaining -= count
        }
    }

    /// The spaces ``newline(_:indent:)`` copies from.
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// A JSON string literal per RFC 8259: `"` and `\` escaped, control characters U+0000–U+001F
    /// as `\b \f \n \r \t` or `\u00XX`, and `<`, `>`, `&`, U+2028, U+2029 as `\u003c`,
    /// `\u003e`, `\u0026`, `\u2028`, `\u2029` (the same JSON value, but a page or script that
    /// inlines the file can never meet `</script>`, `<!--` or a JavaScript line terminator from
    /// a workout's name; docs/reliability.md A-12); everything else (non-ASCII too) as UTF-8.
    public static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal (``quote(_:)``). Runs of bytes that need no
    /// escape are copied whole: byte by byte, with a copy of every string's bytes first, this
    /// was 40 % of encoding `stats.json` (3 MB for the 10-year demo, on every build).
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Nearly every key and value needs no escape: checked and copied whole in place, without
        // the copy and the per-byte dispatch below (a third of writing `stats.json`, callgrind).
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            // Below 64 the bytes to escape are bits of one word (the controls 0x00–0x1F, `"`,
            // `&`, `<`, `>`): a shift and a test a byte instead of seven comparisons.
            let escapedBelow64: UInt64 = 0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
            for byte in utf8 where byte < 64 ? (escapedBelow64 >> UInt64(byte)) & 1 != 0 : (byte == 0x5C || byte == 0xE2) {
                return false
            }
            out.append(contentsOf: utf8)
            return true
        }
        if plain == true { return out.append(UInt8(ascii: "\"")) }
        var text = text
        text.withUTF8 { utf8 in
            var plain = 0  // where the run of bytes not yet copied starts
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let escape: String
                var length = 1
                switch byte {
                case UInt8(ascii: "<"): escape = #"\u003c"#
                case UInt8(ascii: ">"): escape = #"\u003e"#
                case UInt8(ascii: "&"): escape = #"\u0026"#
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] & 0xFE) == 0xA8:
                    // U+2028 (E2 80 A8) or U+2029 (E2 80 A9).
                    escape = utf8[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
                    length = 3
                case UInt8(ascii: "\""): escape = #"\""#
                case UInt8(ascii: "\\"): escape = #"\\"#
                case 0x08: escape = #"\b"#
                case 0x0C: escape = #"\f"#
                case 0x0A: escape = #"\n"#
                case 0x0D: escape = #"\r"#
                case 0x09: escape = #"\t"#
                case 0x00..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    escape = #"\u00"# + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
                default:
                    index += 1  // UTF-8 bytes ≥ 0x80 pass through unchanged
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<index]))
                out.append(contentsOf: escape.utf8)
                index += length
                plain = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<utf8.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The one number format for kilograms: rounded to 0.001, written with at least one and at
    /// most three decimals and no trailing zeros beyond the first (`100.0`, `22.68`, `0.453`,
    /// `-0.0` never: zero is `0.0`). Magnitudes of 10¹² kg and more use Swift's shortest
    /// round-trip form (`1e+15`); a non-finite value, which no importer produces, is `null`.
    public static func formatKg(_ kg: Double) -> String {
        guard kg.isFinite else { return "null" }
        let thousandths = (kg * 1000).rounded()
        guard abs(thousandths) < 1e15 else { return (thousandths / 1000).description }
        return DecimalFormat.exact(kg, decimals: 3, minDecimals: 1) ?? "null"
    }

    /// The number format of wkt JSON (docs/formats.md §5): a decimal with at most three fraction
    /// digits and no trailing zeros (`100`, `22.68`, `0.125`, `-2.5`, zero is `0`); `null` for a
    /// value that is not finite or of 9×10¹⁵ and more.
    public static func formatDecimal(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 9e15 else { return "null" }
        return DecimalFormat.exact(value, decimals: 3, minDecimals: 0) ?? "null"
    }
}
