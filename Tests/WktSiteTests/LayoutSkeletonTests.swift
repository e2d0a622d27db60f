import Testing
import WktMarkdown
@testable import WktSite

@Suite("Layout skeletons")
struct LayoutSkeletonTests {
    static func context(
        title: String, description: String, root: String, section: NavSection?, body: String, shareMeta: String = ""
    ) -> PageContext {
        PageContext(
            title: title, description: description, root: root, current: section, body: body,
            siteTitle: "AT&T Gym", buildID: "b1d", footer: "Built <by> wkt-site", shareMeta: shareMeta)
    }

    static func skeleton(_ layout: LayoutRenderer, root: String, section: NavSection?) -> LayoutSkeleton? {
        LayoutSkeleton(layout: layout, root: root, section: section, siteTitle: "AT&T Gym", buildID: "b1d", footer: "Built <by> wkt-site")
    }

    @Test("the built-in layout splices for every depth and section, byte for byte like Mustache")
    func builtInSplices() throws {
        let layout = try LayoutRenderer()
        let renderer = PageRenderer(
            layout: layout, notes: NoteRenderer(), siteTitle: "AT&T Gym", buildID: "b1d", footer: "Built <by> wkt-site", baseURL: nil)
        #expect(renderer.skeletons.count == 12)
        let titles = ["Bench & <Press>", "Squat \"low\" 'bar'", "e\u{301}\"\u{301}'x", "", "line\r\nbreak\n", "AT&T Gym"]
        for root in ["", "../"] {
            for section in [nil] + NavSection.allCases.map(Optional.some) {
                let skeleton = try #require(Self.skeleton(layout, root: root, section: section))
                for title in titles {
                    let meta = ShareMeta.tags(title: title, description: title, siteTitle: "AT&T Gym", kind: .article, url: nil)
                    let context = Self.context(
                        title: title, description: title + " sets", root: root, section: section, body: "<p>\(title)</p>\n",
                        shareMeta: meta + "\n" + title)
                    let spliced = String(decoding: skeleton.render(context), as: UTF8.self)
                    #expect(spliced == (try layout.renderPage(context)))
                    #expect(spliced.contains("<meta name=\"description\" content=\"\(LayoutSkeletonTests.escaped(title)) sets\">\n\(meta)\n\(title)\n"))
                }
            }
        }
    }

    /// `text` as ``LayoutSkeleton/appendMustacheEscaped(_:to:)`` writes it.
    static func escaped(_ text: String) -> String {
        var output: [UInt8] = []
        LayoutSkeleton.appendMustacheEscaped(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @Test("a spliced page is one allocation of its exact size, not an array grown by appending")
    func exactCapacity() throws {
        let layout = try LayoutRenderer()
        let skeleton = try #require(Self.skeleton(layout, root: "../", section: .workouts))
        // A body far larger than the layout, with every escaped character in the escaped fields.
        let body = String(repeating: "<tr><td>Bench &amp; press</td><td>100 kg × 5</td></tr>\n", count: 400)
        let context = Self.context(
            title: "Bench & <Press> \"x\" 'y'", description: "A & B <c>", root: "../", section: .workouts, body: body)
        var slots: [Range<Int>] = []
        let bytes = skeleton.render(context, slots: &slots)
        #expect(bytes.count > 20_000)
        // Grown by appending, the capacity would be up to twice the size; reserved, only the
        // allocator's rounding is left.
        #expect(bytes.capacity - bytes.count < 64, "\(bytes.capacity) for \(bytes.count) bytes")
        let spliced = try #require(skeleton.splice(bytes, slots: slots))
        #expect(spliced.bytes == bytes)
        #expect(spliced.bytes.capacity - spliced.bytes.count < 64, "\(spliced.bytes.capacity) for \(spliced.bytes.count) bytes")
    }

    @Test("a layout without {{{shareMeta}}} still splices, and its pages simply have no share tags")
    func layoutWithoutShareTags() throws {
        let builtIn = try #require(EmbeddedResources.templates.first { $0.path == "layout.mustache" }).contents
        let source = builtIn.replacingOccurrences(of: "{{{shareMeta}}}\n", with: "")
        #expect(source != builtIn)
        let layout = try LayoutRenderer(overrides: [(name: "layout", source: source)])
        #expect(layout.fastPathFallbacks().isEmpty)
        let skeleton = try #require(Self.skeleton(layout, root: "../", section: .workouts))
        #expect(!skeleton.pieces.contains { if case .field(.shareMeta, _) = $0 { true } else { false } })
        let context = Self.context(title: "T", description: "D", root: "../", section: .workouts, body: "<p>b</p>", shareMeta: "<meta property=\"og:x\">")
        let html = String(decoding: skeleton.render(context), as: UTF8.self)
        #expect(html == (try layout.renderPage(context)) && !html.contains("og:"))
    }

    @Test("Mustache escapes by grapheme cluster: a quote with a combining mark stays, CR LF and the five characters do not")
    func escaping() {
        var output: [UInt8] = []
        LayoutSkeleton.appendMustacheEscaped("<a href='x'>&\"</a>", to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;")
        output = []
        LayoutSkeleton.appendMustacheEscaped("\"\u{301} · <\r\n&", to: &output)
        let expected = "\"\u{301} · &lt;\r\n&amp;"
        #expect(String(decoding: output, as: UTF8.self) == expected)
        // Text without any of the five is copied whole, non-ASCII and combining marks included.
        for plain in ["Жим лёжа · 100 × 5", "e\u{301}\r\n🏋️", "", "Bench Press (Barbell), 2026-11-21"] {
            output = []
            LayoutSkeleton.appendMustacheEscaped(plain, to: &output)
            #expect(String(decoding: output, as: UTF8.self) == plain)
        }
    }

    @Test("user layouts render as Mustache renders them; a transform or an indented partial is not spliced")
    func userTemplates() throws {
        let layouts = [
            ("<title>{{#description}}[{{description}}]{{/description}}{{^title}}-{{/title}}</title>{{{body}}}", true),
            ("<title>{{uppercased(documentTitle)}}</title>{{{body}}}", false),
            ("<div>\n  {{> partials/wrap}}\n</div>\n", false),
        ]
        for (source, splices) in layouts {
            let layout = try LayoutRenderer(overrides: [(name: "layout", source: source), (name: "partials/wrap", source: "{{{body}}}\n{{footer}}\n")])
            #expect((Self.skeleton(layout, root: "", section: nil) != nil) == splices, "\(source)")
            let renderer = PageRenderer(
                layout: layout, notes: NoteRenderer(), siteTitle: "AT&T Gym", buildID: "b1d", footer: "Built <by> wkt-site", baseURL: nil)
            for description in ["", "x<y"] {
                let page = Page(path: "index.html", source: "test", title: "T", description: description, section: nil,
                                blocks: [.html(Array("<p>a</p>\n<p>b</p>\n".utf8))])
                let context = Self.context(title: "T", description: description, root: "", section: nil, body: "<p>a</p>\n<p>b</p>\n")
                #expect(String(decoding: try renderer.render(page).bytes, as: UTF8.self) == (try layout.renderPage(context)))
            }
        }
    }

    @Test("a user layout with plain fields splices like the built-in one")
    func userTemplateSplices() throws {
        let layout = try LayoutRenderer(overrides: [(name: "layout", source: "<h1>{{title}}</h1><p title=\"{{description}}\">{{{body}}}</p>{{root}}")])
        let skeleton = try #require(Self.skeleton(layout, root: "../", section: .records))
        let context = Self.context(title: "A & B", description: "\"q\"", root: "../", section: .records, body: "<b>x</b>")
        #expect(String(decoding: skeleton.render(context), as: UTF8.self) == "<h1>A &amp; B</h1><p title=\"&quot;q&quot;\"><b>x</b></p>../")
    }
}

@Suite("Markdown blocks rendered together")
struct MarkdownBatchTests {
    static func separately(_ blocks: [PageBlock]) throws -> [String] {
        try blocks.compactMap { block in
            guard case .markdown(let text) = block else { return nil }
            return try MarkdownRenderer.pages.render(text)
        }
    }

    @Test("a page's Markdown blocks rendered in one call equal the blocks rendered one by one")
    func batchEqualsSeparate() throws {
        let renderer = PageRenderer(layout: try LayoutRenderer(), notes: NoteRenderer(), siteTitle: "S", buildID: "b", footer: "F", baseURL: nil)
        let cases: [[PageBlock]] = [
            [.markdown("## Sets\n"), .html(Array("<h3>Squat</h3>\n".utf8)), .markdown("| Set | Reps |\n| ---: | ---: |\n| 1 | 5 |\n"),
             .note("~~old~~ note"), .markdown("| a |\n| --- |\n| b |"), .markdown(""), .markdown("Last *line* www.example.com")],
            // The separator's own text in a block: cut in the wrong number of parts, so rendered one by one.
            [.markdown("x\n"), .markdown(PageRenderer.blockSeparator + "\n"), .markdown("y\n")],
        ]
        for blocks in cases {
            let page = Page(path: "workouts/x.html", source: "test", title: "T", description: "D", section: .workouts, blocks: blocks)
            #expect(try renderer.renderedMarkdown(of: page).map { String(decoding: $0, as: UTF8.self) } == (try Self.separately(blocks)))
        }
    }

    /// ``PageRenderer/cut(_:into:)``'s parts as text.
    static func cut(_ html: [UInt8], into count: Int) -> [String]? {
        PageRenderer.cut(html, into: count).map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    @Test("cutting at the rendered separator needs exactly one separator between parts")
    func cut() {
        let separator = String(decoding: PageRenderer.renderedBlockSeparator, as: UTF8.self)
        #expect(Self.cut(Array("<p>a</p>\n\(separator)<p>b</p>\n".utf8), into: 2) == ["<p>a</p>\n", "<p>b</p>\n"])
        #expect(Self.cut(Array("<p>a</p>\n\(separator)\(separator)".utf8), into: 2) == nil)
        #expect(Self.cut(Array("<p>a</p>\n".utf8), into: 2) == nil)
        // At either end, and between near misses: `<` is everywhere in HTML, and a separator's
        // beginning without its end is text.
        #expect(Self.cut([], into: 1) == [""])
        #expect(Self.cut([], into: 2) == nil)
        #expect(Self.cut(Array("\(separator)x".utf8), into: 2) == ["", "x"])
        #expect(Self.cut(Array("x\(separator)".utf8), into: 2) == ["x", ""])
        let nearMiss = String(separator.dropLast(2))
        #expect(Self.cut(Array("<<\(nearMiss)<\(separator)<p>wkt".utf8), into: 2) == ["<<\(nearMiss)<", "<p>wkt"])
        #expect(Self.cut(Array(separator.dropLast().utf8), into: 1) == [String(separator.dropLast())])
        var seed: UInt64 = 3
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pieces = ["", "<", "<p>", "é<", nearMiss, "<table>\n<tr><td>1</td></tr>", "wkt"]
        for _ in 0..<300 {
            let parts = (0..<(1 + next(5))).map { _ in (0..<next(4)).map { _ in pieces[next(pieces.count)] }.joined() }
            #expect(Self.cut(Array(parts.joined(separator: separator).utf8), into: parts.count) == parts)
        }
    }
}
