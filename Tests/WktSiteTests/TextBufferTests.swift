import Foundation
import Testing
import WktCore
import WktTestSupport
@testable import WktSite

@Suite("TextBuffer")
struct TextBufferTests {
    @Test("integers are written as String(_:) writes them", arguments: [0, 7, 9, 10, 31, 99, 100, 2026, Int.max, -1, -305, Int.min])
    func decimals(value: Int) {
        var buffer = TextBuffer(capacity: 0)
        buffer.append("<")
        buffer.append(decimal: value)
        buffer.append(">")
        #expect(buffer.text == "<\(value)>")
    }

    @Test("counts and regular plurals are written as TextFormat writes them",
          arguments: [0, 1, 2, 12, 999, 1000, 1001, 123_456, 12_345_678, -1, -1000])
    func counts(value: Int) {
        var buffer = TextBuffer(capacity: 0)
        buffer.append(count: value)
        buffer.append(" · ")
        buffer.append(count: value, "rep")
        #expect(buffer.text == TextFormat.count(value) + " · " + TextFormat.plural(value, "rep"))
    }

    @Test("weights, estimates and volumes are written as DisplayUnits writes them, in kg and lb")
    func units() {
        var random = SplitMix64(seed: 3)
        for unit in [WeightUnit.kg, .lb] {
            let units = DisplayUnits(unit: unit)
            for round in 0..<4000 {
                let kg = [0, 0.004, 0.005, 0.049, 0.05, 0.45359237, 99.995, 999.95, 1e7 / 3][round % 9]
                    + Double(random.int(in: 0...2_000_000)) / [1, 8, 100, 7][round % 4] * (round % 11 == 0 ? -1 : 1)
                var buffer = TextBuffer(capacity: 0)
                buffer.append(volume: kg, units)
                buffer.append("|")
                buffer.append(estimate: kg, units)
                buffer.append("|")
                buffer.append(weightNumber: kg, units)
                buffer.append("|")
                buffer.append(weight: kg, units)
                let metric = RecordMetric.allInEventOrder[round % RecordMetric.allInEventOrder.count]
                buffer.append("|")
                buffer.append(record: metric, kg, units)
                let expected = units.volume(kg) + "|" + units.estimate(kg) + "|" + units.weightNumber(kg) + "|" + units.weight(kg)
                    + "|" + units.record(metric, kg)
                #expect(buffer.text == expected)
                // What a page shows of a record is its text escaped: the same bytes.
                #expect(HTML.text(units.record(metric, kg)) == units.record(metric, kg))
                if buffer.text != expected { return }
            }
        }
    }

    @Test("insert puts literal text at any position, past growths, and keeps what follows")
    func inserts() {
        for capacity in [0, 8, 64, 1000] {
            var buffer = TextBuffer(capacity: capacity)
            var expected: [UInt8] = []
            for round in 0..<300 {
                let piece = ["ab", "−", "1,234 kg", String(repeating: "y", count: 70)][round % 4]
                buffer.append(piece)
                expected += Array(piece.utf8)
                // Any byte position: compared as bytes, so one inside a character is fine too.
                let position = (round * 7919) % (buffer.count + 1)
                let text: StaticString = round % 3 == 0 ? "±" : round % 3 == 1 ? "+" : "\u{2212}"
                buffer.insert(text, at: position)
                expected.insert(contentsOf: Array(text.description.utf8), at: position)
                buffer.insert("", at: buffer.count)
            }
            var written: [UInt8] = []
            buffer.write(to: &written)
            #expect(written == expected)
        }
    }

    @Test("hasNonZeroDigit looks only from its position and only for the digits 1–9")
    func nonZeroDigits() {
        var buffer = TextBuffer(capacity: 0)
        buffer.append("7 → ")
        let start = buffer.count
        var found = [buffer.hasNonZeroDigit(from: start)]
        buffer.append("0.0 kg, 0 reps")
        found += [buffer.hasNonZeroDigit(from: start), buffer.hasNonZeroDigit(from: 0)]
        buffer.append("9")
        found.append(buffer.hasNonZeroDigit(from: start))
        #expect(found == [false, false, true, true])
    }

    @Test("literals, strings, bytes and integers, past many growths, read back as the same text appended to a String")
    func growsAndKeepsEverything() {
        var seed: UInt64 = 5
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let strings = ["", "a", "Bench Press (Barbell)", "Жим лёжа", "🏋️‍♀️", String(repeating: "x", count: 5000), "<&\"'>"]
        for capacity in [0, 1, 64, 100_000] {
            var buffer = TextBuffer(capacity: capacity)
            var expected = ""
            for _ in 0..<2000 {
                switch next(4) {
                case 0:
                    buffer.append("<td align=\"right\">")
                    expected += "<td align=\"right\">"
                case 1:
                    let text = strings[next(strings.count)]
                    buffer.append(text)
                    expected += text
                case 2:
                    let byte = UInt8(ascii: "a") + UInt8(next(26))
                    buffer.append(byte: byte)
                    expected.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let value = next(1_000_000)
                    buffer.append(decimal: value)
                    expected += String(value)
                }
            }
            #expect(buffer.count == expected.utf8.count)
            #expect(buffer.text == expected)
        }
    }

    @Test("write(to:) appends exactly the bytes written, as text gives them")
    func writeToBytes() {
        var buffer = TextBuffer(capacity: 0)
        for piece in ["<h3>", "Жим лёжа", " & 🏋️‍♀️", String(repeating: "x", count: 300)] { buffer.append(piece) }
        var bytes: [UInt8] = Array("prefix".utf8)
        buffer.write(to: &bytes)
        #expect(bytes == Array(("prefix" + buffer.text).utf8))
    }

    @Test("links to root + path equal links to the joined string", arguments: ["", "../", "https://example.com/x/"])
    func linksWithRoot(root: String) {
        for (label, path) in [("Bench Press (Barbell)", "exercises/bench.html"), ("<b>&\u{202E}", "workouts/2026-11-21-0700.html"), ("", "")] {
            #expect(MD.link(label, root: root, path: path) == MD.link(label, root: "", path: root + path))
            #expect(HTML.link(label, root: root, path: path) == HTML.link(label, to: root + path))
            #expect(HTML.link(label, root: root, path: path, rel: "prev") == HTML.link(label, to: root + path, rel: "prev"))
        }
        #expect(MD.link("a", root: "../", path: "b.html") == "[a](../b.html)")
        #expect(HTML.link("a", root: "../", path: "b.html") == "<a href=\"../b.html\">a</a>")
    }

    @Test("fixed-point numbers are written as DecimalFormat.fixed writes them")
    func fixedNumbers() {
        var values: [Double] = [0, -0.0, 0.04, -0.04, 0.05, -0.05, 12.25, -12.25, 999.95, 1e15, -1e15, 3e15, .nan, .infinity, -.infinity]
        var seed: UInt64 = 5
        for _ in 0..<1000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let magnitude = Double(seed >> 11) / Double(1 << 53) * pow(10, Double(seed % 19))
            values.append(seed & 1 == 0 ? magnitude : -magnitude)
        }
        for decimals in [-1, 0, 1, 2, 6, 9] {
            var buffer = TextBuffer(capacity: 0)
            var expected = ""
            for value in values {
                buffer.append(fixed: value, decimals: decimals)
                buffer.append(" ")
                expected += DecimalFormat.fixed(value, decimals: decimals) + " "
            }
            #expect(buffer.text == expected, "decimals \(decimals)")
        }
        // Grouped, with fewer decimals kept, written past many growths of a small buffer.
        var grouped = TextBuffer(capacity: 0)
        var expected = ""
        for value in values {
            grouped.append(fixed: value, decimals: 2, minDecimals: 0, grouping: true)
            grouped.append("|")
            expected += DecimalFormat.grouped(value, decimals: 2, minDecimals: 0) + "|"
        }
        #expect(grouped.text == expected)
    }

    @Test("the lead line: each part escaped and kept on one line, parts joined by a middle dot")
    func leadLine() {
        #expect(HTML.lead([]).text == "<p class=\"lead\"></p>")
        #expect(HTML.lead(["Monday 2026-11-23"]).text == "<p class=\"lead\"><span class=\"nowrap\">Monday 2026-11-23</span></p>")
        #expect(HTML.lead(["a<b", "", "\u{202E}x"]).text == "<p class=\"lead\"><span class=\"nowrap\">a&lt;b</span> · "
                    + "<span class=\"nowrap\">(unnamed)</span> · <span class=\"nowrap\"><bdi>\u{202E}x</bdi></span></p>")
    }
}
