import Testing
import WktTestSupport

@testable import WktMarkdown

@Suite("HTMLEscaping (R-04 … R-07)")
struct HTMLEscapingTests {
    @Test("R-04: the attribute-breaking payload is fully escaped")
    func payload() {
        #expect(HTMLEscaping.escapeHTML(#""><svg onload=alert(1)>'"#) == "&quot;&gt;&lt;svg onload=alert(1)&gt;&#39;")
    }

    @Test("R-05: AT&T and a literal &amp; are shown as written")
    func ampersands() {
        #expect(HTMLEscaping.escapeHTML("AT&T Row") == "AT&amp;T Row")
        #expect(HTMLEscaping.escapeHTML("&amp;") == "&amp;amp;")
        #expect(HTMLEscaping.escapeHTML("Café ß 漢字 🏋️") == "Café ß 漢字 🏋️")
    }

    @Test("R-06: C0 controls except TAB/LF/CR and U+FFFE/U+FFFF are stripped")
    func controls() {
        let allC0 = String(String.UnicodeScalarView((0x00...0x1F).compactMap(Unicode.Scalar.init)))
        #expect(HTMLEscaping.stripControlCharacters(allC0 + "\u{FFFE}\u{FFFF}x") == "\t\n\rx")
        #expect(HTMLEscaping.escapeHTML("a\u{1}b\u{B}c\u{FFFE}d<") == "abcd&lt;")
        #expect(HTMLEscaping.stripControlCharacters("é\u{0}漢\u{FFFF}🏋️") == "é漢🏋️")
        // Neighbours of the stripped scalars survive: U+FFBE, U+FFFC, U+FFFD, DEL, NEL.
        #expect(
            HTMLEscaping.stripControlCharacters("\u{FFBE}\u{FFFC}\u{FFFD}\u{7F}\u{85}")
                == "\u{FFBE}\u{FFFC}\u{FFFD}\u{7F}\u{85}")
        #expect(HTMLEscaping.stripControlCharacters("") == "")
    }

    @Test("R-07: text with a bidi control is escaped and wrapped in <bdi>")
    func bidi() {
        #expect(HTMLEscaping.escapeHTMLIsolatingBidi("Curl \u{202E}lruC") == "<bdi>Curl \u{202E}lruC</bdi>")
        #expect(HTMLEscaping.escapeHTMLIsolatingBidi("<\u{2067}>") == "<bdi>&lt;\u{2067}&gt;</bdi>")
        #expect(HTMLEscaping.escapeHTMLIsolatingBidi("A\u{200B}\u{202E}B") == "<bdi>A\u{200B}\u{202E}B</bdi>")
        #expect(HTMLEscaping.escapeHTMLIsolatingBidi("rest\u{200F}") == "<bdi>rest\u{200F}</bdi>")
        #expect(
            HTMLEscaping.escapeHTMLIsolatingBidi("zero\u{200B}width\u{200D}joiner") == "zero\u{200B}width\u{200D}joiner"
        )
        #expect(HTMLEscaping.escapeHTMLIsolatingBidi("AT&T") == "AT&amp;T")
        #expect(HTMLEscaping.escapeHTMLIsolatingBidi("مرحبا") == "مرحبا")
    }

    @Test("every bidi control in the documented ranges is detected, and only those")
    func bidiRanges() {
        let controls: [UInt32] = Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x200E, 0x200F, 0x061C]
        for value in controls {
            let scalar = Unicode.Scalar(value).map(String.init) ?? ""
            #expect(HTMLEscaping.containsBidiControl("a" + scalar), "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x2029, 0x202F, 0x2065, 0x206A, 0x200B, 0x200D, 0x061B] {
            let scalar = Unicode.Scalar(value).map(String.init) ?? ""
            #expect(!HTMLEscaping.containsBidiControl("a" + scalar), "U+\(String(value, radix: 16))")
        }
    }
}

/// The eight-bytes-at-a-time prefilters of the escaping checks (``TextBytes/Word``): exact
/// answers for every word, and the same verdicts as the byte-by-byte checks on any text.
@Suite("Escaping checks eight bytes at a time")
struct WordCheckTests {
    @Test("each word test agrees with a byte-by-byte test on 200,000 words of random and chosen bytes")
    func wordTests() {
        var random = SplitMix64(seed: 0xE5C_A9E)
        let chosen: [UInt8] = [0, 1, 0x08, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x7F, 0x80, 0xA0, 0xBF, 0xEE, 0xEF, 0xF0, 0xFF]
        for round in 0..<200_000 {
            var bytes = (0..<8).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if round % 2 == 0 { bytes = bytes.map { chosen[Int($0) % chosen.count] } }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect(TextBytes.Word.hasByte(below: 0x20, in: word) == bytes.contains { $0 < 0x20 })
            #expect(TextBytes.Word.hasByte(below: 0x80, in: word) == bytes.contains { $0 < 0x80 })
            #expect(TextBytes.Word.hasNonASCII(word) == bytes.contains { $0 >= 0x80 })
            for byte: UInt8 in [0xEF, UInt8(ascii: "&"), UInt8(ascii: "'"), 0] {
                #expect(TextBytes.Word.hasByte(byte, in: word) == bytes.contains(byte))
            }
        }
    }

    @Test("escaping and the bidi check give what the byte-by-byte checks give, on 20,000 texts")
    func sameVerdicts() {
        var random = SplitMix64(seed: 0xB1D1)
        let pieces = ["a", "Bench", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{1}", "\u{1F}", "\u{7F}", "é", "\u{FFFE}", "\u{FFFF}",
                      "\u{F000}", "\u{202E}", "\u{200F}", "\u{61C}", "😀", "12345678", "x"]
        for _ in 0..<20_000 {
            let text = (0..<(random.next() % 20)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            #expect(HTMLEscaping.escapeHTML(text) == Self.escapedByteByByte(text), "\(text.debugDescription)")
            let bidi = text.unicodeScalars.contains { HTMLEscaping.isBidiControl($0) }
            #expect(HTMLEscaping.containsBidiControl(text) == bidi, "\(text.debugDescription)")
        }
    }

    /// `escapeHTML` without its quick check: stripped, then every special character escaped.
    private static func escapedByteByByte(_ text: String) -> String {
        var output = ""
        for scalar in String(decoding: TextBytes.strippedBytes(text), as: UTF8.self).unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
