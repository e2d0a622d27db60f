import Testing

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
