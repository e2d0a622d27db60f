import Foundation
import Testing
import WktCore

@Suite("JSONValue: the one JSON writer")
struct JSONValueTests {
    static let value: JSONValue = .object([
        ("name", .string("a\"b")), ("n", .int(3)), ("kg", .kg(100)), ("x", .decimal(100)), ("y", .decimal(22.6796185)),
        ("none", .int(nil)), ("list", .array([.bool(true), .object([]), .array([])])),
    ])

    @Test("pretty: two-space indent, one member per line, empty containers inline")
    func pretty() {
        #expect(Self.value.pretty() == """
            {
              "name": "a\\"b",
              "n": 3,
              "kg": 100.0,
              "x": 100,
              "y": 22.68,
              "none": null,
              "list": [
                true,
                {},
                []
              ]
            }
            """)
    }

    @Test("pretty: deep nesting indents two spaces a level, past the 64 spaces copied at once")
    func deepIndent() {
        var value: JSONValue = .int(1)
        for _ in 0..<40 { value = .array([value]) }
        let lines = value.pretty().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 81)
        for (number, line) in lines.enumerated() {
            let level = number <= 40 ? number : 80 - number
            let text = number < 40 ? "[" : number == 40 ? "1" : "]"
            #expect(line == Substring(String(repeating: " ", count: 2 * level) + text), "line \(number)")
        }
    }

    @Test("compact: one line, \", \" between members and elements")
    func compact() {
        #expect(Self.value.compact()
            == #"{"name": "a\"b", "n": 3, "kg": 100.0, "x": 100, "y": 22.68, "none": null, "list": [true, {}, []]}"#)
        #expect(JSONValue.array([]).compact() == "[]")
        #expect(JSONValue.string("<\u{2028}").compact() == #""\u003c\u2028""#)
    }

    @Test("decimals: at most three places, no trailing zeros, null when not finite or ≥ 9e15")
    func decimals() {
        #expect(JSONValue.formatDecimal(-0.0) == "0")
        #expect(JSONValue.formatDecimal(-2.5) == "-2.5")
        #expect(JSONValue.formatDecimal(8.9e15) == "8900000000000000")
        #expect(JSONValue.formatDecimal(9e15) == "null")
        #expect(JSONValue.formatDecimal(.nan) == "null")
        #expect(JSONValue.formatKg(1e12) == "1000000000000.0")
        #expect(JSONValue.formatKg(1e15) == "1000000000000000.0")
        #expect(JSONValue.formatKg(1e17) == "1e+17")
    }

    /// The string escaping as first written, byte by byte: the reference for the run-copying one.
    private static func referenceQuote(_ text: String) -> String {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            switch byte {
            case UInt8(ascii: "<"): out += Array(#"\u003c"#.utf8)
            case UInt8(ascii: ">"): out += Array(#"\u003e"#.utf8)
            case UInt8(ascii: "&"): out += Array(#"\u0026"#.utf8)
            case 0xE2 where index + 1 < utf8.count && utf8[index] == 0x80 && (utf8[index + 1] & 0xFE) == 0xA8:
                out += Array((utf8[index + 1] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                index += 2
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    @Test("strings: every escape, at the start, the end and between runs, as the byte-by-byte reference writes it")
    func quoteMatchesReference() {
        let pieces = [
            "", "a", "Bench Press", "<", ">", "&", "\"", "\\", "\u{8}", "\u{C}", "\n", "\r", "\t", "\u{0}", "\u{1F}",
            "\u{7F}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{20AC}", "é", "🏋️", "Жим", "</script>",
        ]
        var seed: UInt64 = 11
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for first in pieces {
            for second in pieces {
                let text = first + second
                #expect(JSONValue.quote(text) == Self.referenceQuote(text), "\(text.debugDescription)")
            }
        }
        for _ in 0..<500 {
            let text = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
            #expect(JSONValue.quote(text) == Self.referenceQuote(text), "\(text.debugDescription)")
        }
        // A long name without escapes goes through whole, inside containers too.
        let long = String(repeating: "Romanian Deadlift (Barbell) ", count: 40)
        #expect(JSONValue.array([.string(long)]).compact() == "[\"" + long + "\"]")
    }

    @Test("days, integers, kilograms and decimals written in place: the bytes of their text forms, over random values and the edges")
    func scalarsInPlace() throws {
        var generator = SystemRandomNumberGenerator()
        var numbers: [Double] = [
            0, -0.0, 0.0005, -0.0005, 0.0004999, 1.0005, 2.5, 22.6796185, 100, 1e12 - 0.001, 1e12, 1e12 + 1, 8.99e15, 9e15, 1e16,
            -1e12, 1e300, -1e300, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        for _ in 0..<5_000 {
            let magnitude = Double.random(in: -6...16, using: &generator)
            let sign: Double = Bool.random(using: &generator) ? 1 : -1
            numbers.append(sign * Double.random(in: 1..<10, using: &generator) * pow(10, magnitude.rounded(.down)))
            numbers.append((Double.random(in: -2_000...2_000, using: &generator) * 1000).rounded() / 1000 + 0.0005)
        }
        for number in numbers {
            #expect(JSONValue.kg(number).compact() == JSONValue.formatKg(number), "kg \(number)")
            #expect(JSONValue.decimal(number).compact() == JSONValue.formatDecimal(number), "decimal \(number)")
        }
        var integers = [0, 1, -1, 9, 10, -10, Int.max, Int.min, Int.max - 1, Int.min + 1]
        for _ in 0..<2_000 { integers.append(Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...62, using: &generator)) }
        for integer in integers { #expect(JSONValue.int(integer).compact() == String(integer)) }
        var days = [try #require(CivilDate(year: 1, month: 1, day: 1)), try #require(CivilDate(year: 9999, month: 12, day: 31)),
                    try #require(CivilDate(year: 10_000, month: 1, day: 1)), try #require(CivilDate(year: 0, month: 2, day: 29)),
                    try #require(CivilDate(year: -1, month: 12, day: 31))]
        for _ in 0..<2_000 { days.append(CivilDate(dayNumber: Int.random(in: -800_000...3_000_000, using: &generator))) }
        for day in days {
            #expect(JSONValue.date(day).compact() == "\"" + day.description + "\"", "\(day)")
            #expect(JSONValue.object([("d", .date(day))]).pretty() == "{\n  \"d\": \"" + day.description + "\"\n}")
        }
        #expect(JSONValue.date(nil).compact() == "null")
    }
}
