import Testing

@testable import WktMarkdown

@Suite("MarkdownRenderer profiles")
struct MarkdownRendererTests {
    /// Bit values from cmark-gfm.h, written out so the guard does not depend on the wrapper.
    static let unsafeBit: Int32 = 1 << 17
    static let preferStyleAttributesBit: Int32 = 1 << 15
    static let validateUTF8Bit: Int32 = 1 << 9
    static let hardBreaksBit: Int32 = 1 << 2

    @Test("renderBytes gives the bytes of render, for hostile text too, in every profile")
    func renderBytesEqualsRender() throws {
        var inputs = [
            "", "plain", "| a | b |\n| --- | ---: |\n| é | 𝄞 |\n", "<script>alert(1)</script> & \"q\" 'a'",
            "e\u{301}\u{301} \u{2028}\u{2029} \u{202E}bidi\u{202C} \u{0}nul \u{FFFE}\u{FFFF} \t tab",
            "[link](javascript:x) ![img](http://x/y.png) www.example.com ~~strike~~ - [ ] task",
            "&amp; &#0; &#xD800; &#x110000; &nbsp; \\& \\<", "💪🏽 " + String(repeating: "ä", count: 5_000),
            "# h\n\n> quote\n\n```\ncode \u{0}\n```\n",
        ]
        // Random strings of awkward pieces: markup, entities, combining marks, astral scalars.
        let pieces = ["<", ">", "&", "&amp;", "|", "\n", "*", "_", "`", "\u{301}", "é", "𝄞", "\u{0}", "\\", "[", "](", ")", "www.", ":", "~"]
        var seed: UInt64 = 7
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<(Int(seed >> 59) + 1) * 8 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int((seed >> 33) % UInt64(pieces.count))]
            }
            inputs.append(text)
        }
        for renderer in [MarkdownRenderer.pages, .notes, .notesWithoutAutolinks] {
            for input in inputs {
                #expect(try renderer.renderBytes(input) == Array(try renderer.render(input).utf8), "\(input.debugDescription)")
            }
        }
    }

    @Test("pages renders a GFM table with align attributes, not style=")
    func pagesTable() throws {
        let markdown = "| Set | Reps |\n|:--|--:|\n| 1 | 5 |\n| 2 | 3 |\n"
        let expected = """
            <table>
            <thead>
            <tr>
            <th align="left">Set</th>
            <th align="right">Reps</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td align="left">1</td>
            <td align="right">5</td>
            </tr>
            <tr>
            <td align="left">2</td>
            <td align="right">3</td>
            </tr>
            </tbody>
            </table>

            """
        #expect(try MarkdownRenderer.pages.render(markdown) == expected)
    }

    @Test("pages renders strikethrough")
    func pagesStrikethrough() throws {
        #expect(try MarkdownRenderer.pages.render("~~100 kg~~ 102.5 kg") == "<p><del>100 kg</del> 102.5 kg</p>\n")
    }

    @Test("pages renders www, URL and e-mail autolinks")
    func pagesAutolinks() throws {
        let html = try MarkdownRenderer.pages.render("see www.example.com, https://example.org/x. or coach@example.com")
        let expected =
            #"<p>see <a href="http://www.example.com">www.example.com</a>, "#
            + #"<a href="https://example.org/x">https://example.org/x</a>. or "#
            + #"<a href="mailto:coach@example.com">coach@example.com</a></p>"# + "\n"
        #expect(html == expected)
    }

    @Test("pages renders task lists as disabled checkboxes")
    func pagesTaskList() throws {
        let html = try MarkdownRenderer.pages.render("- [ ] squat\n- [x] bench\n")
        let expected = """
            <ul>
            <li><input type="checkbox" disabled="" /> squat</li>
            <li><input type="checkbox" checked="" disabled="" /> bench</li>
            </ul>

            """
        #expect(html == expected)
    }

    @Test("pages keeps single line breaks soft")
    func pagesSoftBreak() throws {
        #expect(try MarkdownRenderer.pages.render("a\nb") == "<p>a\nb</p>\n")
    }

    @Test("notes do not render tables: the rows stay one paragraph")
    func notesHaveNoTables() throws {
        let html = try MarkdownRenderer.notes.render("| a | b |\n|---|---|\n| 1 | 2 |")
        #expect(html == "<p>| a | b |<br />\n|---|---|<br />\n| 1 | 2 |</p>\n")
    }

    @Test("notes render strikethrough and autolinks with rel")
    func notesStrikethroughAndAutolink() throws {
        let html = try MarkdownRenderer.notes.render("~~sore~~ fine, log at www.example.com")
        let expected =
            #"<p><del>sore</del> fine, log at "#
            + #"<a rel="nofollow noopener noreferrer" href="http://www.example.com">www.example.com</a></p>"#
            + "\n"
        #expect(html == expected)
    }

    @Test("R-03: <b>x</b> with the production options has no <b> in either profile")
    func rawHTMLGuard() throws {
        for renderer in [MarkdownRenderer.pages, MarkdownRenderer.notes] {
            let html = try renderer.render("<b>x</b>")
            #expect(html == "<p><!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n")
            #expect(!html.contains("<b>"))
            #expect(renderer.options & Self.unsafeBit == 0, "CMARK_OPT_UNSAFE must never be set")
            #expect(renderer.options & Self.preferStyleAttributesBit == 0, "style= is blocked by the CSP")
            #expect(renderer.options & Self.validateUTF8Bit != 0)
        }
    }

    @Test("the profiles carry the documented extensions and options")
    func profiles() {
        #expect(MarkdownRenderer.pages.extensions == ["table", "strikethrough", "autolink", "tagfilter", "tasklist"])
        #expect(MarkdownRenderer.notes.extensions == ["strikethrough", "autolink", "tagfilter"])
        #expect(MarkdownRenderer.pages.linkPolicy == .safeMode)
        #expect(MarkdownRenderer.notes.linkPolicy == .webOnly)
        #expect(MarkdownRenderer.pages.options == Self.validateUTF8Bit)
        #expect(MarkdownRenderer.notes.options == Self.validateUTF8Bit | Self.hardBreaksBit)
    }

    @Test("pages safe mode empties javascript: but keeps generated relative links")
    func pagesSafeModeLinks() throws {
        let html = try MarkdownRenderer.pages.render("[a](javascript:alert(1)) [b](exercises/bench-press/)")
        #expect(html == #"<p><a href="">a</a> <a href="exercises/bench-press/">b</a></p>"# + "\n")
    }

    @Test("the error carries the extension name and exit code 74")
    func errorDescription() {
        let error = MarkdownError.unknownExtension(name: "table")
        #expect(error.exitCode == 74)
        #expect(
            error.description == "markdown: cmark-gfm has no syntax extension 'table' (check libcmark-gfm-extensions)")
        let failed = MarkdownError.renderFailed(stage: .renderHTML, inputBytes: 12)
        #expect(failed.exitCode == 74)
        #expect(failed.description == "markdown: cmark-gfm failed to render HTML (input 12 bytes)")
    }

    @Test("64 concurrent renders in a task group give identical, correct output")
    func concurrentRenders() async throws {
        let markdown = "# Log\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~x~~ www.example.com\n\n- [x] done\n"
        let expected = """
            <h1>Log</h1>
            <table>
            <thead>
            <tr>
            <th>a</th>
            <th>b</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>1</td>
            <td>2</td>
            </tr>
            </tbody>
            </table>
            <p><del>x</del> <a href="http://www.example.com">www.example.com</a></p>
            <ul>
            <li><input type="checkbox" checked="" disabled="" /> done</li>
            </ul>

            """
        let note = "**PR** at [log](https://example.org/a?b=1&c=2)"
        let expectedNote =
            #"<p><strong>PR</strong> at <a rel="nofollow noopener noreferrer" "#
            + #"href="https://example.org/a?b=1&amp;c=2">log</a></p>"# + "\n"
        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<64 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        return (index, try MarkdownRenderer.pages.render(markdown))
                    }
                    return (index, try NoteRenderer().render(note).html)
                }
            }
            var collected: [(Int, String)] = []
            for try await result in group { collected.append(result) }
            return collected.sorted { $0.0 < $1.0 }
        }
        #expect(results.count == 64)
        for (index, html) in results {
            #expect(html == (index.isMultiple(of: 2) ? expected : expectedNote), "render \(index)")
        }
    }
}
