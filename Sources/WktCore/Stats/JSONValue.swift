/// A JSON value whose objects keep their key order, written by hand so the bytes are fixed
/// (Foundation's `JSONEncoder` does not keep key order and formats numbers its own way).
public indirect enum JSONValue: Sendable {
    /// An object; keys in the given order.
    case object([(String, JSONValue)])
    /// An array.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// Kilograms (or any quantity kept to 0.001): written by ``JSONValue/formatKg(_:)``.
    case kg(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// A string, or `null` when nil.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    /// A date as `YYYY-MM-DD`, or `null` when nil.
    public static func date(_ value: CivilDate?) -> JSONValue { value.map { .string($0.description) } ?? .null }
    /// Kilograms, or `null` when nil.
    public static func kg(_ value: Double?) -> JSONValue { value.map { .kg($0) } ?? .null }
    /// An integer, or `null` when nil.
    public static func int(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }

    /// Pretty-printed text: two-space indent, `"key": value`, one member or element per line,
    /// empty containers as `{}` and `[]`, no trailing newline.
    public func pretty() -> String {
        var out = ""
        write(to: &out, indent: 0)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return out += "{}" }
            out += "{\n"
            for (offset, member) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                out += JSONValue.quote(member.0)
                out += ": "
                member.1.write(to: &out, indent: indent + 1)
                out += offset == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let elements):
            guard !elements.isEmpty else { return out += "[]" }
            out += "[\n"
            for (offset, element) in elements.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                element.write(to: &out, indent: indent + 1)
                out += offset == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let text): out += JSONValue.quote(text)
        case .int(let value): out += String(value)
        case .kg(let value): out += JSONValue.formatKg(value)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// A JSON string literal per RFC 8259: `"` and `\` escaped, control characters U+0000–U+001F
    /// as `\b \f \n \r \t` or `\u00XX`, everything else (including non-ASCII) as UTF-8.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = Array("0123456789abcdef")
                out += "\\u00" + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 0xF)])
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The one number format for kilograms: rounded to 0.001, written with at least one and at
    /// most three decimals and no trailing zeros beyond the first (`100.0`, `22.68`, `0.453`,
    /// `-0.0` never: zero is `0.0`). Magnitudes of 10¹² kg and more use Swift's shortest
    /// round-trip form (`1e+15`); a non-finite value, which no importer produces, is `null`.
    public static func formatKg(_ kg: Double) -> String {
        guard kg.isFinite else { return "null" }
        let thousandths = (kg * 1000).rounded()
        guard abs(thousandths) < 1e15, let whole = Int(exactly: thousandths) else {
            return (thousandths / 1000).description
        }
        let magnitude = abs(whole)
        var fraction = ASCIIDigits.pad(magnitude % 1000, 3)
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        return (whole < 0 ? "-" : "") + String(magnitude / 1000) + "." + fraction
    }
}
