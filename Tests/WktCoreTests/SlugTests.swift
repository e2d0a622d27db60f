import Testing
@testable import WktCore
import WktTestSupport

@Suite("Slugger (docs/reliability.md P8, F-01 … F-06)")
struct SlugTests {
    /// Hash suffixes below were computed independently:
    /// `python3 -c "import hashlib; print(hashlib.sha256('NAME'.encode()).hexdigest()[:8])"`.
    @Test("F-01: path-like names give slugs without separators")
    func pathLike() {
        let slugs = Slugger.slugs(for: ["../../etc/passwd", "Bench/Press", "a\\b", "C:x"])
        #expect(slugs == ["../../etc/passwd": "etc-passwd", "Bench/Press": "bench-press", "a\\b": "a-b", "C:x": "c-x"])
    }

    @Test("F-02: dot names, blanks and Windows reserved names")
    func dotsAndReserved() {
        let slugs = Slugger.slugs(for: [".", "..", "...", " ", ".htaccess", "CON", "nul.txt"])
        #expect(slugs == [
            ".": "cdb4ee2a", "..": "5ec1f7e7", "...": "ab5df625", " ": "36a9e7f1",
            ".htaccess": "htaccess", "CON": "con-a3dbc4b6", "nul.txt": "nul-txt",
        ])
    }

    @Test("F-03: emoji, CJK and Cyrillic names give non-empty stable slugs")
    func scripts() {
        let names = ["🏋️", "深蹲", "Жим лёжа"]
        let slugs = Slugger.slugs(for: names)
        #expect(slugs == ["🏋️": "1608833f", "深蹲": "深蹲", "Жим лёжа": "жим-лежа-07873c02"])
        #expect(Slugger.slugs(for: names.reversed()) == slugs)
    }

    @Test("F-04: Café NFC and NFD merge; CAFE and Cafe get distinct slugs")
    func cafe() {
        let nfc = "Caf\u{E9}", nfd = "Cafe\u{301}"
        let slugs = Slugger.slugs(for: [nfd, "Cafe", nfc, "CAFE"])
        // Code-point order: CAFE < Cafe < Café. Café is lossy (accent folded), Cafe collides with CAFE.
        #expect(slugs["CAFE"] == "cafe")
        #expect(slugs["Cafe"] == "cafe-0d5f2e74")
        #expect(slugs[nfc] == "cafe-73473dcc")
        #expect(slugs[nfd] == "cafe-73473dcc")
        #expect(Slugger.slugs(for: [nfc])[nfc] == "cafe-73473dcc")  // lossy even alone: stable
    }

    @Test("F-05: Squat and squat differ beyond case")
    func caseOnly() {
        let slugs = Slugger.slugs(for: ["squat", "Squat"])
        #expect(slugs == ["Squat": "squat", "squat": "squat-52edeccc"])
        #expect(slugs["Squat"]?.lowercased() != slugs["squat"]?.lowercased())
    }

    @Test("F-06: very long names are cut at a grapheme boundary to ≤ 64 bytes with a hash")
    func longNames() {
        let ascii = String(repeating: "a", count: 10_000)
        let cyrillic = String(repeating: "ж", count: 150)  // 300 bytes
        let hangul = "ab" + String(repeating: "\u{AC00}\u{11C3}", count: 20)  // 6-byte graphemes
        let slugs = Slugger.slugs(for: [ascii, cyrillic, hangul])
        #expect(slugs[ascii] == String(repeating: "a", count: 55) + "-27dd1f61")
        #expect(slugs[cyrillic] == String(repeating: "ж", count: 27) + "-9cc86211")
        #expect(slugs[hangul] == "ab" + String(repeating: "\u{AC00}\u{11C3}", count: 8) + "-05a240e3")
        for slug in slugs.values { #expect(slug.utf8.count <= 64) }
        // Exactly 64 bytes fits without a hash.
        let fits = String(repeating: "b", count: 64)
        #expect(Slugger.slugs(for: [fits])[fits] == fits)
    }

    @Test("plain names, lossy folds and taken hashed slugs")
    func rules() {
        #expect(Slugger.slugs(for: ["Bench Press (Barbell)"]) == ["Bench Press (Barbell)": "bench-press-barbell"])
        #expect(Slugger.base(of: "  Squat -- 2×5 ").base == "squat-2-5")
        #expect(Slugger.base(of: "  Squat -- 2×5 ").needsSuffix == false)
        #expect(Slugger.base(of: "Straße").needsSuffix)  // ß → ss is more than lower-casing
        #expect(Slugger.base(of: "ﬁx²").base == "fix2")
        #expect(Slugger.base(of: "ﬁx²").needsSuffix)
        #expect(Slugger.hashSuffix(of: "Straße") == "58a3778c")
        // A name literally equal to another's hashed slug: the later one in code-point order moves on.
        let slugs = Slugger.slugs(for: ["cafe 73473dcc", "Caf\u{E9}"])
        #expect(slugs["Caf\u{E9}"] == "cafe-73473dcc")
        #expect(slugs["cafe 73473dcc"] != "cafe-73473dcc")
        #expect(Set(slugs.values).count == 2)
    }

    @Test("a slug the caller reserves gets the name's hash suffix; others stay as they are")
    func reserved() {
        let slugs = Slugger.slugs(for: ["Index", "Squat"], reserving: { $0 == "index" })
        #expect(slugs["Index"] == "index-" + Slugger.hashSuffix(of: "Index"))
        #expect(slugs["Squat"] == "squat")
        #expect(Slugger.slugs(for: ["Index"], reserving: { _ in false }) == Slugger.slugs(for: ["Index"]))
    }

    @Test("property: slugs are non-empty, ≤ 64 bytes, separator-free, unique and order-independent")
    func properties() {
        var rng = SplitMix64(seed: 0x5EED_51A6)
        let alphabet = Array("aAbB zZ09._-/\\:éÉßﬁ²Жж深蹲🏋️\u{301}\u{0}\u{1F}CONnul·—()[]İı")
        for _ in 0..<300 {
            let count = rng.int(in: 1...12)
            let names = (0..<count).map { _ in
                String((0..<rng.int(in: 0...20)).map { _ in alphabet[rng.int(in: 0...(alphabet.count - 1))] })
            }
            let slugs = Slugger.slugs(for: names)
            #expect(Slugger.slugs(for: names.reversed()) == slugs)
            var seen: Set<String> = []
            for name in Set(names.map(CanonicalName.normalize)) {
                guard let slug = slugs[name] else {
                    Issue.record("no slug for \(name.debugDescription)")
                    continue
                }
                #expect(!slug.isEmpty && slug.utf8.count <= 64)
                #expect(!slug.contains("/") && !slug.contains("\\") && !slug.contains(".") && !slug.contains(" "))
                #expect(!slug.hasPrefix("-") && !slug.hasSuffix("-"))
                #expect(!Slugger.reservedNames.contains(slug))
                #expect(seen.insert(slug.lowercased()).inserted, "duplicate slug \(slug)")
            }
        }
    }

    @Test("an ASCII name's base by its bytes equals the Unicode steps', for every ASCII character and random ASCII names up to 100 bytes")
    func asciiBaseMatchesUnicodeSteps() throws {
        var names = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        names += (0..<128).map { "a\(UnicodeScalar(UInt8($0)))b" } + ["", "CON", "Nul", "lpt9", "com0-", "-x-", "A--B", "\r\n", "X\r\nY"]
        var random = SplitMix64(seed: 64)
        let pieces = ["A", "z", "Q", "0", "9", " ", "-", "_", ".", "/", "\\", "(", "~", "\t", "\u{7F}", "\u{0}", "Bench", "CON", "Press"]
        for _ in 0..<3000 {
            names.append((0..<random.int(in: 0...40)).map { _ in pieces[random.int(in: 0...pieces.count - 1)] }.joined())
        }
        for name in names {
            let fast = try #require(Slugger.asciiBase(of: name))
            let slow = Slugger.unicodeBase(of: name)
            #expect(fast.base == slow.base && fast.needsSuffix == slow.needsSuffix, "\(name.utf8.map { $0 })")
            #expect(Slugger.collisionKey(name) == Slugger.foldedCollisionKey(name), "\(name.utf8.map { $0 })")
        }
        #expect(Slugger.asciiBase(of: "Café") == nil && Slugger.asciiBase(of: "e\u{301}") == nil)
        // Non-ASCII slugs keep Foundation's folding.
        #expect(Slugger.collisionKey("ŽIM-Лёжа") == Slugger.foldedCollisionKey("ŽIM-Лёжа"))
    }
}
