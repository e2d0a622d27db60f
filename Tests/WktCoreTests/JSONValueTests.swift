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
}
