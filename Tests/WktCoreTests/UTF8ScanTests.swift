import Testing
import WktCore

/// The in-place byte tests (``Swift/String/containsUTF8Byte(where:)``) answer as the UTF-8
/// view's own `contains` and `allSatisfy`.
@Suite("Byte tests over a string's UTF-8")
struct UTF8ScanTests {
    @Test("the same answers as String.UTF8View for ASCII, non-ASCII, empty, small and long strings and substrings")
    func sameAsView() {
        let long = String(repeating: "Bench Press (Barbell) ", count: 50)
        let texts = ["", "a", "Squat", "Café Curl", "e\u{301}", "🏋️", "<b>&", "\u{0}\u{1F}", long, long + "é",
                     String(long.dropFirst(3).prefix(40)), String(Substring("xx<yy").dropFirst())]
        let tests: [(UInt8) -> Bool] = [{ $0 < 0x80 }, { $0 == UInt8(ascii: "<") }, { $0 < 0x20 }, { _ in true }, { _ in false }]
        for text in texts {
            for test in tests {
                #expect(text.containsUTF8Byte(where: test) == text.utf8.contains(where: test), "\(text.debugDescription)")
                #expect(text.allUTF8Bytes(satisfy: test) == text.utf8.allSatisfy(test), "\(text.debugDescription)")
            }
        }
    }

    @Test("all ASCII: as the UTF-8 view says, with the first non-ASCII byte anywhere in an eight-byte word or the tail")
    func allASCII() {
        var texts = ["", "a", "Squat", "Café", "é", "e\u{301}", "\u{7F}", "\u{80}", "🏋️", String(repeating: "Bench Press ", count: 20)]
        for length in [7, 8, 9, 15, 16, 17, 40] {
            for position in 0..<length {
                var scalars = Array(repeating: "x", count: length)
                scalars[position] = "ü"
                texts.append(scalars.joined())
            }
        }
        texts.append(String(Substring("ab\u{E9}cdefghij").dropFirst(3)))
        for text in texts {
            #expect(text.isAllASCII == text.utf8.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
        }
    }
}
