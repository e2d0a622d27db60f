import Testing
import WktMarkdown
@testable import WktSite

@Suite("Number formatting, scales and escaping")
struct FormattingTests {
    @Test("nice scales", arguments: [
        // (min, max, whole steps) → (lower, upper, step), worked out by hand.
        (0.0, 4.0, true, 0.0, 4.0, 1.0),
        (0.0, 6.0, true, 0.0, 6.0, 2.0),
        (0.0, 0.0, true, 0.0, 1.0, 1.0),
        (0.0, 1.0, true, 0.0, 1.0, 1.0),
        (60.0, 100.0, false, 60.0, 100.0, 10.0),
        (100.0, 100.0, false, 90.0, 110.0, 5.0),
        (0.0, 0.3, false, 0.0, 0.3, 0.1),
        (0.0, 1e9, false, 0.0, 1e9, 5e8),
        (0.0, 23_456.0, false, 0.0, 30_000.0, 10_000.0),
        (Double.nan, Double.infinity, false, 0.0, 1.0, 0.5),
        (-5.0, -5.0, false, -6.0, -4.0, 0.5),
    ])
    func scales(minimum: Double, maximum: Double, whole: Bool, lower: Double, upper: Double, step: Double) {
        let scale = ChartScale(minimum: minimum, maximum: maximum, wholeSteps: whole)
        #expect(abs(scale.lower - lower) < 1e-9)
        #expect(abs(scale.upper - upper) < 1e-9)
        #expect(abs(scale.step - step) < 1e-9)
        #expect(scale.position(scale.lower, bottom: 220, top: 20) == 220)
        #expect(scale.position(scale.upper, bottom: 220, top: 20) == 20)
        #expect(scale.position(.nan, bottom: 220, top: 20).isFinite)
    }

    @Test("tick decimals follow the step")
    func tickDecimals() {
        #expect(ChartScale(minimum: 0, maximum: 4, wholeSteps: true).tickDecimals == 0)
        #expect(ChartScale(minimum: 0, maximum: 2, wholeSteps: false).tickDecimals == 1)
        #expect(ChartScale(minimum: 0, maximum: 0.3, wholeSteps: false).tickDecimals == 1)
        #expect(ChartScale(minimum: 0, maximum: 0.04, wholeSteps: false).tickDecimals == 2)
    }

    @Test("escaping covers & < > \" ' and strips XML-forbidden characters")
    func escaping() {
        #expect(HTMLEscaping.escapeHTML(hostile) == hostileEscaped)
        #expect(HTMLEscaping.escapeHTML("AT&T Row") == "AT&amp;T Row")
        #expect(HTMLEscaping.escapeHTML("&amp;") == "&amp;amp;")
        #expect(HTMLEscaping.escapeHTML("a\u{0}b\u{1}c\u{8}d\u{B}e\u{C}f\u{1F}g\u{FFFE}h\u{FFFF}i") == "abcdefghi")
        #expect(HTMLEscaping.escapeHTML("tab\tlf\ncr\r") == "tab\tlf\ncr\r")
        #expect(HTMLEscaping.escapeHTML("Жим лёжа 深蹲 🏋️ \u{202E}x") == "Жим лёжа 深蹲 🏋️ \u{202E}x")
        #expect(HTMLEscaping.stripControlCharacters("<b>\u{7}</b>") == "<b></b>")
    }

    @Test("clipping keeps whole grapheme clusters")
    func clipping() {
        #expect(DisplayText.clipped("abc", maxCharacters: 3) == "abc")
        #expect(DisplayText.clipped("abcd", maxCharacters: 3) == "ab…")
        #expect(DisplayText.clipped("🏋️‍♀️🏋️‍♀️🏋️‍♀️", maxCharacters: 2) == "🏋️‍♀️…")
    }

    @Test("chart IDs are validated")
    func chartIDs() throws {
        #expect(try ChartID("weekly-workouts-2").value == "weekly-workouts-2")
        for bad in ["", "1abc", "Abc", "a b", "a_b", "a\"b", String(repeating: "a", count: 65), "é"] {
            #expect(throws: SiteError.invalidChartID(bad)) { try ChartID(bad) }
        }
        #expect(SiteError.invalidChartID("x").exitCode == 65)
    }
}
