import Testing

@testable import WktMarkdown

@Suite("NoteRenderer: raw HTML and link vectors (R-01, R-02)")
struct NoteRendererXSSTests {
    /// The production note renderer.
    let renderer = NoteRenderer()

    @Test(
        "R-01: raw HTML is omitted",
        arguments: [
            ("<script>alert(1)</script>", "<!-- raw HTML omitted -->\n"),
            ("<img src=x onerror=alert(1)>", "<!-- raw HTML omitted -->\n"),
            (
                "<svg><script>alert(1)</script></svg>",
                "<p><!-- raw HTML omitted --><!-- raw HTML omitted -->alert(1)"
                    + "<!-- raw HTML omitted --><!-- raw HTML omitted --></p>\n"
            ),
            ("hi <img src=x onerror=alert(1)> there", "<p>hi <!-- raw HTML omitted --> there</p>\n"),
        ])
    func rawHTMLOmitted(note: String, expected: String) throws {
        let rendered = try renderer.render(note)
        #expect(rendered.fallback == nil)
        #expect(rendered.html == expected)
        let lower = rendered.html.lowercased()
        #expect(!lower.contains("<script"))
        #expect(!lower.contains("<img"))
        #expect(!lower.contains("<svg"))
        #expect(!lower.contains("onerror"))
    }

    /// The R-02 vector set: every one must end as a link with an empty destination, or as text.
    static let linkVectors: [String] = [
        "[a](javascript:alert(1))",
        "[a](JaVaScRiPt:alert(1))",
        "[a](&#106;avascript:alert(1))",
        "[a](&#x6A;avascript:alert(1))",
        "[a](javascript&colon;alert(1))",
        "[a](javascript&#x3A;alert(1))",
        "[a](javascript&#58;alert(1))",
        "<javascript:alert(1)>",
        "<JAVASCRIPT:alert(1)>",
        "[a][r]\n\n[r]: javascript:alert(1)",
        "[r]\n\n[r]: JaVaScRiPt:alert(1) \"title\"",
        "[a][r]\n\n[r]: <javascript:alert(1)>",
        "[a](vbscript:msgbox(1))",
        "<vbscript:msgbox(1)>",
        "[a](file:///etc/passwd)",
        "<file:///etc/passwd>",
        "[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[a](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
        "[a](data:image/png;base64,iVBORw0KGgo=)",
        "[a](java\tscript:alert(1))",
        "[a](java&#9;script:alert(1))",
        "[a](java&#10;script:alert(1))",
        "[a](<java\nscript:alert(1)>)",
        "[a](%6Aavascript:alert(1))",
        "[a]( javascript:alert(1))",
        "[a](<%20javascript:alert(1)>)",
        "[a](&#32;javascript:alert(1))",
        "[a](\\javascript:alert(1))",
        "[a](javascript://%0Aalert(1))",
        "[a](//evil.example)",
        "[a](\\\\evil.example)",
        "[a](x:y)",
        "<x:y>",
        "ftp://evil.example/x",
        "![a](javascript:alert(1))",
        "![a](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
        "![a](data:image/png;base64,iVBORw0KGgo=)",
        "![a](https://example.org/x.png)",
        "[![a](javascript:alert(1))](javascript:alert(2))",
    ]

    @Test("R-02: no dangerous href or src survives", arguments: linkVectors)
    func linkVector(note: String) throws {
        let rendered = try renderer.render(note)
        #expect(rendered.fallback == nil)
        let values = try HTMLProbe.urlAttributeValues(in: rendered.html)
        for value in values {
            #expect(HTMLProbe.isAllowedNoteURL(value), "\(value) in \(rendered.html)")
        }
        #expect(!rendered.html.contains("src="), "images are shown as alt text")
        #expect(!rendered.html.contains("<img"))
        // Every link that is emitted carries rel.
        #expect(rendered.html.ranges(of: "<a ").count == rendered.html.ranges(of: "<a \(HTMLProbe.rel) href=").count)
    }

    @Test(
        "R-02: exact output for parsed vector links",
        arguments: [
            ("[a](javascript:alert(1))", "<p><a \(HTMLProbe.rel) href=\"\">a</a></p>\n"),
            ("[a](&#106;avascript:alert(1))", "<p><a \(HTMLProbe.rel) href=\"\">a</a></p>\n"),
            ("[a](javascript&colon;alert(1))", "<p><a \(HTMLProbe.rel) href=\"\">a</a></p>\n"),
            ("[a](javascript&#x3A;alert(1))", "<p><a \(HTMLProbe.rel) href=\"\">a</a></p>\n"),
            ("<javascript:alert(1)>", "<p><a \(HTMLProbe.rel) href=\"\">javascript:alert(1)</a></p>\n"),
            ("[a][r]\n\n[r]: javascript:alert(1)", "<p><a \(HTMLProbe.rel) href=\"\">a</a></p>\n"),
            ("[a](%6Aavascript:alert(1))", "<p><a \(HTMLProbe.rel) href=\"\">a</a></p>\n"),
            ("[a](//evil.example)", "<p><a \(HTMLProbe.rel) href=\"\">a</a></p>\n"),
            ("[a](x:y)", "<p><a \(HTMLProbe.rel) href=\"\">a</a></p>\n"),
            ("[a](data:image/png;base64,iVBORw0KGgo=)", "<p><a \(HTMLProbe.rel) href=\"\">a</a></p>\n"),
            ("![my PR](https://example.org/pr.png \"t\")", "<p>my PR</p>\n"),
            ("![](https://example.org/pr.png)", "<p></p>\n"),
            ("![outer ![inner](a.png) *b*](c.png)", "<p>outer inner <em>b</em></p>\n"),
            ("[![a](x.png)](https://example.org/)", "<p><a \(HTMLProbe.rel) href=\"https://example.org/\">a</a></p>\n"),
        ])
    func exactLinkOutput(note: String, expected: String) throws {
        #expect(try renderer.render(note).html == expected)
    }

    @Test(
        "web links keep their destination, percent-encoded, and get rel",
        arguments: [
            (
                "[log](https://example.org/a?b=1&c=2)",
                "<p><a \(HTMLProbe.rel) href=\"https://example.org/a?b=1&amp;c=2\">log</a></p>\n"
            ),
            ("[log](HTTP://example.org/\"x)", "<p><a \(HTMLProbe.rel) href=\"HTTP://example.org/%22x\">log</a></p>\n"),
            (
                "[mail](mailto:coach@example.com \"Coach\")",
                "<p><a \(HTMLProbe.rel) href=\"mailto:coach@example.com\" title=\"Coach\">mail</a></p>\n"
            ),
            (
                "<https://example.org>",
                "<p><a \(HTMLProbe.rel) href=\"https://example.org\">https://example.org</a></p>\n"
            ),
            (
                "coach@example.com",
                "<p><a \(HTMLProbe.rel) href=\"mailto:coach@example.com\">coach@example.com</a></p>\n"
            ),
        ])
    func webLinks(note: String, expected: String) throws {
        #expect(try renderer.render(note).html == expected)
    }

    @Test("the web-destination check is an exact, case-insensitive prefix match")
    func webDestination() {
        #expect(LinkPolicy.isWebDestination("https://x"))
        #expect(LinkPolicy.isWebDestination("HtTp://x"))
        #expect(LinkPolicy.isWebDestination("MAILTO:a@b"))
        #expect(!LinkPolicy.isWebDestination(" https://x"))
        #expect(!LinkPolicy.isWebDestination("https:x"))
        #expect(!LinkPolicy.isWebDestination("http:/x"))
        #expect(!LinkPolicy.isWebDestination("//x"))
        #expect(!LinkPolicy.isWebDestination("/x"))
        #expect(!LinkPolicy.isWebDestination(""))
        #expect(!LinkPolicy.isWebDestination("javascript:alert(1)"))
    }
}
