import Testing

@testable import WktMarkdown

@Suite("MarkdownEscaping for generated page Markdown")
struct MarkdownEscapingTests {
    /// Renders generated page Markdown with the production profile.
    func page(_ markdown: String) throws -> String {
        try MarkdownRenderer.pages.render(markdown)
    }

    @Test("every ASCII punctuation character gets a backslash")
    func punctuation() {
        let ascii = String(String.UnicodeScalarView((0x21...0x7E).compactMap(Unicode.Scalar.init)))
        let expected =
            ##"\!\"\#\$\%\&\'\(\)\*\+\,\-\.\/0123456789\:\;\<\=\>\?\@"##
            + ##"ABCDEFGHIJKLMNOPQRSTUVWXYZ\[\\\]\^\_\`abcdefghijklmnopqrstuvwxyz\{\|\}\~"##
        #expect(MarkdownEscaping.escapeMarkdown(ascii) == expected)
        #expect(MarkdownEscaping.escapeMarkdown("Bench Press (Barbell)") == #"Bench Press \(Barbell\)"#)
    }

    @Test("the printable-ASCII fast path writes what the general rules write")
    func fastPathMatchesGeneral() {
        var texts = ["", " ", "a", "2026-11-21", "Bench Press (Barbell)", " lead", "trail ", "  ", "a  b", "\\", "|x|", "*_`~"]
        let alphabet = Array(" abcXYZ019-.()[]|*_\\`~<>&;:!#\t\né\u{7F}\u{1}")
        var seed: UInt64 = 53
        for _ in 0..<3000 {
            var text = ""
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int((seed >> 40) % 12) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int((seed >> 33) % UInt64(alphabet.count))])
            }
            texts.append(text)
        }
        for text in texts {
            #expect(MarkdownEscaping.escapeMarkdown(text) == MarkdownEscaping.escapeGeneral(text), "\(text.debugDescription)")
        }
    }

    @Test("the full ASCII punctuation set renders back as written")
    func punctuationRoundTrip() throws {
        let ascii = String(String.UnicodeScalarView((0x21...0x7E).compactMap(Unicode.Scalar.init)))
        let expected =
            "<p>!&quot;#$%&amp;'()*+,-./0123456789:;&lt;=&gt;?@"
            + "ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~</p>\n"
        #expect(try page(MarkdownEscaping.escapeMarkdown(ascii)) == expected)
    }

    @Test("line breaks and tabs become spaces; outer spaces are dropped")
    func whitespace() {
        #expect(MarkdownEscaping.escapeMarkdown("a|b\nc") == #"a\|b c"#)
        #expect(MarkdownEscaping.escapeMarkdown("  *x*\r\ny\t \r") == #"\*x\* y"#)
        #expect(MarkdownEscaping.escapeMarkdown("a\r\rb") == "a  b")
        #expect(MarkdownEscaping.escapeMarkdown(" \n\t ") == "")
        #expect(MarkdownEscaping.escapeMarkdown("") == "")
    }

    @Test("a name cannot break a table row")
    func tableCell() throws {
        let name = MarkdownEscaping.escapeMarkdown("Row | Cable\nNew row")
        let html = try page("| Exercise | Sets |\n|---|---|\n| \(name) | 3 |\n")
        let expected = """
            <table>
            <thead>
            <tr>
            <th>Exercise</th>
            <th>Sets</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>Row | Cable New row</td>
            <td>3</td>
            </tr>
            </tbody>
            </table>

            """
        #expect(html == expected)
    }

    @Test(
        "Markdown syntax in names renders as literal text",
        arguments: [
            (
                "## ", "# 1. *Squat* [x](javascript:alert(1)) <b>",
                "<h2># 1. *Squat* [x](javascript:alert(1)) &lt;b&gt;</h2>\n"
            ),
            ("", "1. first", "<p>1. first</p>\n"),
            ("", "- dash", "<p>- dash</p>\n"),
            ("", "> quote", "<p>&gt; quote</p>\n"),
            ("", "    indented", "<p>indented</p>\n"),
            ("", "~~x~~ _y_ `z`", "<p>~~x~~ _y_ `z`</p>\n"),
            ("", "[ ] task", "<p>[ ] task</p>\n"),
            ("", "a\\", "<p>a\\</p>\n"),
            ("", "www.example.com https://x.org ftp://y.org", "<p>www.example.com https://x.org ftp://y.org</p>\n"),
            ("", "&#106; &copy; <!-- c -->", "<p>&amp;#106; &amp;copy; &lt;!-- c --&gt;</p>\n"),
            ("", "---", "<p>---</p>\n"),
        ])
    func literal(prefix: String, name: String, expected: String) throws {
        #expect(try page(prefix + MarkdownEscaping.escapeMarkdown(name)) == expected)
    }

    @Test("a known limit: an e-mail address in a name still becomes a mailto autolink")
    func emailAutolink() throws {
        // The autolink extension scans consolidated text, where `\@` is a plain `@` again.
        let html = try page(MarkdownEscaping.escapeMarkdown("ask coach@example.com"))
        #expect(html == #"<p>ask <a href="mailto:coach@example.com">coach@example.com</a></p>"# + "\n")
    }

    @Test("R-04/R-05 through page Markdown: shown as written, no double decoding")
    func payloadsInPages() throws {
        let payload = MarkdownEscaping.escapeMarkdown(#""><svg onload=alert(1)>'"#)
        #expect(try page(payload) == "<p>&quot;&gt;&lt;svg onload=alert(1)&gt;'</p>\n")
        #expect(try page(MarkdownEscaping.escapeMarkdown("AT&T Row")) == "<p>AT&amp;T Row</p>\n")
        #expect(try page(MarkdownEscaping.escapeMarkdown("&amp;")) == "<p>&amp;amp;</p>\n")
    }

    @Test("R-06: controls are stripped from page Markdown too")
    func controls() {
        #expect(MarkdownEscaping.escapeMarkdown("a\u{1}b\u{B}c\u{FFFE}d") == "abcd")
    }

    @Test("R-07: bidi controls are isolated with U+2068 … U+2069, balanced")
    func bidi() throws {
        #expect(MarkdownEscaping.escapeMarkdown("\u{202E}evil") == "\u{2068}\u{202E}evil\u{2069}")
        #expect(MarkdownEscaping.escapeMarkdown("x\u{2069}\u{2067}y") == "\u{2068}x\u{2067}y\u{2069}\u{2069}")
        #expect(MarkdownEscaping.escapeMarkdown("\u{2066}a\u{2069}b") == "\u{2068}\u{2066}a\u{2069}b\u{2069}")
        #expect(MarkdownEscaping.escapeMarkdown("plain") == "plain")
        let html = try page("A " + MarkdownEscaping.escapeMarkdown("\u{202E}evil*") + " B")
        #expect(html == "<p>A \u{2068}\u{202E}evil*\u{2069} B</p>\n")
    }
}
