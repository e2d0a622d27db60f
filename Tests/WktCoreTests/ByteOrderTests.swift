import Testing
import WktCore

/// ``ByteOrder``: strings ordered by their UTF-8 bytes, the order of every path listing.
@Suite("Byte order of strings")
struct ByteOrderTests {
    static let samples = [
        "", "a", "A", "ab", "a/b", "a-b", "a.html", "a/index.html", "workouts/2026-11-18-0600.html",
        "workouts/2026-11-18-0600-2.html", "caf\u{E9}", "cafe\u{301}", "café/x", "Z", "~", "é", "ü", "🏋️", "\u{0}",
        "exercises/index-10.html", "exercises/index-2.html", "sitemap.xml", "robots.txt",
    ]

    @Test("the same answer as comparing the UTF-8 sequences, for every pair (NFC and NFD, prefixes, empty)")
    func sameAsSequences() {
        for lhs in Self.samples {
            for rhs in Self.samples {
                #expect(ByteOrder.precedes(lhs, rhs) == lhs.utf8.lexicographicallyPrecedes(rhs.utf8), "\(lhs.debugDescription) \(rhs.debugDescription)")
            }
        }
        // Long strings sharing a long prefix, and strings made from substrings.
        let long = String(repeating: "exercises/bench-press-", count: 20)
        #expect(ByteOrder.precedes(long + "a", long + "b"))
        #expect(!ByteOrder.precedes(long + "b", long + "a"))
        #expect(ByteOrder.precedes(long, long + "a"))
        #expect(!ByteOrder.precedes(long, long))
        let sub = String(long.dropFirst(10).prefix(30))
        #expect(ByteOrder.precedes(sub, String(long.dropFirst(10))) == sub.utf8.lexicographicallyPrecedes(long.dropFirst(10).utf8))
    }

    @Test("sorting by it gives byte order, not Swift's Unicode order")
    func sorting() {
        let sorted = Self.samples.sorted(by: ByteOrder.precedes)
        #expect(sorted == Self.samples.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        // Swift's == calls NFC and NFD equal; on disk and here they are two names, 'e' (0x65) first.
        let nfd = sorted.firstIndex { $0.utf8.elementsEqual("cafe\u{301}".utf8) }
        let nfc = sorted.firstIndex { $0.utf8.elementsEqual("caf\u{E9}".utf8) }
        #expect(nfd != nil && nfc != nil && nfd! < nfc!)
    }

    @Test("same UTF-8: byte for byte, not canonical equivalence, for every pair of small, long, bridged-free and sliced strings")
    func sameUTF8() {
        let long = String(repeating: "Bench Press (Barbell) ", count: 50)
        let texts = ["", "a", "b", "ab", "ba", "Squat 1", "Squat 2", "Alpha Bravo Charlie", "Alpha Bravx Charlie", "Café Curl", "Cafe\u{301} Curl", "K", "\u{212A}",
                     long, long + "é", long + "e", long + "f",
                     String(long.dropFirst(3).prefix(40)), String(Substring("xxabyy").dropFirst(2).prefix(2))]
        for first in texts {
            for second in texts {
                #expect(ByteOrder.sameBytes(first, second) == Array(first.utf8).elementsEqual(Array(second.utf8)),
                        "\(first.debugDescription) \(second.debugDescription)")
            }
        }
        #expect("Café Curl" == "Cafe\u{301} Curl" && !ByteOrder.sameBytes("Café Curl", "Cafe\u{301} Curl"))
    }
}
