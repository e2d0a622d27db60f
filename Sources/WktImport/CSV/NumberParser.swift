/// Strict parsing of the numbers in export files (docs/formats.md §0.4–0.5, docs/reliability.md I-08–I-10).
///
/// Accepted: ASCII digits with an optional fraction after a dot (`8`, `8.0`, `82.5`,
/// `2.2679618500000003`); with `decimalComma` (`;` files) also `82,5`. Empty means "not given" and
/// gives nil, never 0. Everything else is an error with a reason: signs (`-5`), `nan`, `inf`,
/// exponents (`1e309`), spaces around or inside the value, thousands separators, and a comma
/// followed by exactly three digits (`1,000` is 1000 or 1.0: ambiguous), or any comma in a `,` file.
/// Values are therefore finite and never negative.
enum NumberParser {
    /// Why a field is not an acceptable number.
    struct Failure: Error, Equatable {
        /// The reason, quoting the text (`'nan' is not a number`).
        var message: String
    }

    /// The largest number of characters a numeric field may have.
    static let maxLength = 40

    /// Parses a non-negative decimal; nil when the field is empty.
    static func decimal(_ bytes: some Collection<UInt8>, decimalComma: Bool) throws(Failure) -> Double? {
        if bytes.isEmpty { return nil }
        let text = { String(decoding: bytes, as: UTF8.self) }
        guard bytes.count <= maxLength else { throw Failure(message: "'\(text())' is too long for a number") }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var integerDigits = 0
        var separator: UInt8?
        for b in bytes {
            if ASCII.isDigit(b) {
                if separator == nil { integerDigits += 1 } else { fractionDigits += 1 }
                if digits < 18 {
                    mantissa = mantissa * 10 + Int(b - ASCII.zero)
                    if mantissa > 0 || separator != nil { digits += 1 }
                } else {
                    digits += 1
                }
            } else if (b == ASCII.dot || b == ASCII.comma) && separator == nil {
                separator = b
            } else {
                throw Failure(message: reason(for: bytes, offending: b, text: text()))
            }
        }
        guard integerDigits > 0, separator == nil || fractionDigits > 0 else {
            throw Failure(message: "'\(text())' is not a number")
        }
        if separator == ASCII.comma {
            guard decimalComma else {
                throw Failure(message: "'\(text())' is ambiguous: a comma in a number of a comma-separated file")
            }
            guard fractionDigits != 3 else {
                throw Failure(message: "'\(text())' is ambiguous: a thousands separator or a decimal comma")
            }
        }
        if digits <= 15 && fractionDigits < powersOfTen.count {
            // Clinger's fast path: both operands are exact doubles, so one division rounds correctly.
            return Double(mantissa) / powersOfTen[fractionDigits]
        }
        return try slowParse(bytes, text: text())
    }

    /// Parses a whole non-negative number written as a decimal: `20` and `20.0` give 20, `20.5` is
    /// an error; nil when empty.
    static func integer(_ bytes: some Collection<UInt8>, decimalComma: Bool) throws(Failure) -> Int? {
        guard let value = try decimal(bytes, decimalComma: decimalComma) else { return nil }
        guard value == value.rounded(.towardZero) else {
            throw Failure(message: "'\(String(decoding: bytes, as: UTF8.self))' is not a whole number")
        }
        guard value < 1e12 else {
            throw Failure(message: "'\(String(decoding: bytes, as: UTF8.self))' is too large")
        }
        return Int(value)
    }

    /// 10^0 … 10^22, all exactly representable as doubles.
    private static let powersOfTen: [Double] = (0...22).map { k in
        (0..<k).reduce(1.0) { acc, _ in acc * 10 }
    }

    /// Parses a grammar-checked number with more than 15 significant digits through the standard
    /// library's correctly rounded conversion.
    private static func slowParse(_ bytes: some Collection<UInt8>, text: String) throws(Failure) -> Double {
        let normalized = String(decoding: bytes.map { $0 == ASCII.comma ? ASCII.dot : $0 }, as: UTF8.self)
        guard let value = Double(normalized), value.isFinite else {
            throw Failure(message: "'\(text)' is out of range")
        }
        return value
    }

    /// The most helpful reason for an unexpected byte.
    private static func reason(for bytes: some Collection<UInt8>, offending b: UInt8, text: String) -> String {
        let lower = text.lowercased()
        if b == ASCII.space || b == UInt8(ascii: "\t") {
            return "'\(text)' has spaces around or inside the number"
        }
        if b == UInt8(ascii: "-") { return "'\(text)' is negative (or not a number)" }
        if b == UInt8(ascii: "+") { return "'\(text)' has a sign; write the bare number" }
        if lower.contains("nan") || lower.contains("inf") { return "'\(text)' is not a finite number" }
        if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") { return "'\(text)' uses exponent notation" }
        if b == ASCII.dot || b == ASCII.comma { return "'\(text)' has more than one decimal or thousands separator" }
        return "'\(text)' is not a number"
    }
}
