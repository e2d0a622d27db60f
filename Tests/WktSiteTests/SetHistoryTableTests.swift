import Testing
import WktCore
import WktMarkdown
@testable import WktSite

/// The set history written straight as HTML (`PageComposer.historyYearHTML`) against what
/// cmark-gfm renders from its Markdown (`historyTable`), the way every year was written before:
/// the two must be the same bytes whenever the HTML form is taken, for any names, notes and sets.
@Suite("Set history table")
struct SetHistoryTableTests {
    /// Pieces of random text: letters, every ASCII punctuation character, Markdown and HTML
    /// syntax, entities, autolink triggers, spaces of every kind, controls, bidi controls,
    /// noncharacters, combining marks and astral scalars.
    static let pieces = [
        "a", "Z", "0", "Squat", " ", "  ", "\\", "|", "*", "_", "[", "]", "(", ")", "<", ">", "&", "\"", "'", "`", "~", "~~",
        ":", "/", ".", ",", "www.", "www.example.com", "http://x.io", "@", "a@b.co", "#", "!", "-", "+", "=", "{", "}",
        "$", "%", "^", ";", "?", "é", "ß", "日本", "😀", "e\u{301}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{202E}", "\u{2066}",
        "\u{2069}", "\u{200E}", "\u{FFFE}", "\u{FFFF}", "\u{1}", "\u{0}", "\t", "\n", "\r\n", "\u{7F}", "\u{85}", "\u{FEFF}",
        "&amp;", "&#39;", "&copy", "<b>", "</td>", "**x**", "_y_", "[x](y)", "![i](j)", "<http://a.b>", "\\|", "- [ ] ",
        "1. ", "# ", "> ", "    ", "---",
    ]

    /// A random text of up to `length` pieces.
    static func randomText(_ next: (Int) -> Int, length: Int = 5) -> String {
        (0..<next(length + 1)).map { _ in pieces[next(pieces.count)] }.joined()
    }

    /// A seeded generator of numbers in `0..<bound`.
    static func generator(seed start: UInt64) -> (Int) -> Int {
        var seed = start
        return { bound in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
    }

    /// What cmark-gfm makes of `markdown` with the page profile, as text.
    static func rendered(_ markdown: String) throws -> String {
        String(decoding: try MarkdownRenderer.pages.renderBytes(markdown), as: UTF8.self)
    }

    @Test("text that renders as itself is written as cmark-gfm renders it, in a link and in a cell")
    func textRendersAsItself() throws {
        let next = Self.generator(seed: 41)
        var taken = 0
        for round in 0..<4_000 {
            let text = Self.randomText(next)
            guard MarkdownEscaping.rendersAsItself(text) else { continue }
            taken += 1
            let markdown = "| A | B |\n| --- | --- |\n| " + MD.link(text, root: "../", path: "workouts/x.html") + " | "
                + MD.text(text) + " |\n"
            var cell = TextBuffer(capacity: 16)
            HTML.appendRendered(text, to: &cell)
            let expected = "<table>\n<thead>\n<tr>\n<th>A</th>\n<th>B</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
                + "<td><a href=\"../workouts/x.html\">\(cell.text)</a></td>\n<td>\(cell.text)</td>\n</tr>\n</tbody>\n</table>\n"
            let actual = try Self.rendered(markdown)
            #expect(actual == expected, "round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if actual != expected { return }
        }
        #expect(taken > 800, "the random texts reach the HTML form often enough (\(taken) of 4,000)")
    }

    @Test("each kind of text left out of the HTML form would render otherwise", arguments: [
        "coach@example.com",  // the autolink extension makes it a mailto: link
        " Leg day", "Leg day ",  // the space is dropped
        "Curl \u{202E}lrac",  // wrapped in isolates
        "Bench\u{1}Day",  // the control is dropped
        "Push\u{FFFE}",  // the noncharacter is dropped
        "",  // (unnamed)
    ])
    func exclusionsAreNeeded(text: String) throws {
        #expect(!MarkdownEscaping.rendersAsItself(text))
        var cell = TextBuffer(capacity: 16)
        HTML.appendRendered(text, to: &cell)
        #expect(try Self.rendered(MD.text(text)) != "<p>\(cell.text)</p>\n")
    }

    @Test("paths of letters, digits, '-', '.', '_' and '/' only go into a link as they are")
    func verbatimHrefs() throws {
        #expect(HTML.isVerbatimHref("workouts/2026-11-16-1746.html"))
        #expect(HTML.isVerbatimHref("exercises/squat_barbell-2.html"))
        for path in ["a b.html", "a&b.html", "ä.html", "a\"b", "a<b", "a%20b", "a?b"] {
            #expect(!HTML.isVerbatimHref(path), "\(path)")
        }
        // Each of the allowed bytes really is written as it is.
        let allowed = "abcxyzABCXYZ0189-._/"
        #expect(try Self.rendered("[x](\(allowed))") == "<p><a href=\"\(allowed)\">x</a></p>\n")
    }

    /// A random history: workouts over three years with random names, check-ins, ratings, pain
    /// flags, planned sets and sets of every kind, a bodyweight for the assisted exercise.
    static func randomHistory(_ next: (Int) -> Int) -> WorkoutHistory {
        let exercises = ["Squat (Barbell)", "Assisted Pull Up", "Plank", "Run"]
        var workouts: [StoredWorkout] = []
        for id in 1...40 {
            let day = CivilDate(year: 2024 + next(3), month: 1 + next(12), day: 1 + next(28))!
            let start = "\(day) \(String(10 + next(10))):\(String(10 + next(50))):00"
            // Mostly names that render as themselves (one other name makes its years Markdown).
            let name = next(12) > 0 ? ["Push", "Leg Day", "", "Arms & Abs", "Upper \"<A>\"", "Día 2 ✓", "Joe's 5/3/1"][next(7)]
                : Self.randomText(next, length: 3)
            var blocks: [ExerciseBlock] = []
            for exercise in exercises where next(2) == 0 {
                let sets = (0..<(1 + next(4))).map { _ in
                    WorkoutSet(
                        kind: SetKind.allCases[next(SetKind.allCases.count)],
                        weightKg: [nil, 0, 20, 61.25, 102.058, 1_234.567][next(6)], reps: [nil, 0, 1, 5, 12][next(5)],
                        seconds: [nil, nil, 45, 3_725.5][next(4)], distanceM: [nil, nil, nil, 400, 5_000.5][next(5)])
                }
                blocks.append(ExerciseBlock(
                    name: exercise, painFlag: next(5) == 0, plannedSets: next(4) == 0 ? 3 : nil, sets: sets))
            }
            let checkIns = next(6) == 0 ? [CheckIn(name: next(3) == 0 ? Self.randomText(next, length: 2) : "energy", value: next(6))] : []
            workouts.append(SiteFixture.workout(
                Int64(id), start, name, rating: next(4) == 0 ? 1 + next(5) : nil, checkIns: checkIns, blocks))
        }
        var history = WorkoutHistory(workouts: workouts)
        history.body = [BodyMeasurement(day: CivilDate(year: 2024, month: 1, day: 1)!, weightKg: 80, source: "test")]
        return history
    }

    @Test("every year of random set histories is the bytes cmark-gfm renders from its Markdown", arguments: WeightUnit.allCases)
    func randomYears(unit: WeightUnit) throws {
        var (html, markdown) = (0, 0)
        for seed in UInt64(1)...24 {
            let next = Self.generator(seed: seed * 7 + (unit == .kg ? 0 : 1_000))
            let site = SiteModel(history: Self.randomHistory(next), settings: SiteFixture.settings(unit: unit), today: SiteFixture.today)
            let composer = PageComposer(site: site)
            for exercise in site.exercises {
                let sessions = Array(exercise.sessions.reversed())
                let notes = sessions.map { composer.sessionNotes(exercise.name, in: site.workouts[$0.workoutIndex].workout) }
                let assisted = composer.isAssisted(exercise.name)
                for withNotes in [false, true] {
                    var start = 0
                    while start < sessions.count {
                        let year = site.workouts[sessions[start].workoutIndex].day.year
                        var end = start + 1
                        while end < sessions.count, site.workouts[sessions[end].workoutIndex].day.year == year { end += 1 }
                        let rows = sessions[start..<end]
                        let rowNotes = withNotes ? notes[start..<end] : nil
                        start = end
                        guard composer.historyYearRendersAsItself(rows, notes: rowNotes) else {
                            markdown += 1
                            continue
                        }
                        html += 1
                        let expected = try Self.rendered(
                            "### \(TextFormat.year(year))\n\n" + composer.historyTable(rows, notes: rowNotes, assisted: assisted, root: "../"))
                        let written = composer.historyYearHTML(year, rows, notes: rowNotes, assisted: assisted, root: "../").text + "\n"
                        #expect(written == expected, "\(exercise.name) \(year), notes \(withNotes), seed \(seed)")
                        if written != expected { return }
                    }
                }
            }
        }
        #expect(html > 200 && markdown > 40, "both forms are exercised: \(html) years as HTML, \(markdown) as Markdown")
    }

    @Test("every page of the fixture and of random histories is the same with tables as HTML and as Markdown")
    func wholeSites() throws {
        var inputs = [SiteFixture.input(), SiteFixture.input(unit: .lb)]
        for seed in UInt64(1)...3 {
            let history = Self.randomHistory(Self.generator(seed: seed * 131))
            inputs.append(SiteBuildInput(history: history, settings: SiteFixture.settings(), today: SiteFixture.today))
        }
        var pages = 0
        var htmlBlocks = 0
        for input in inputs {
            let render = try SiteRender(input)
            let markdown = PageComposer(site: render.site, tablesAsHTML: false)
            for job in render.composer.jobs {
                let fast = try render.composer.page(for: job)
                let slow = try markdown.page(for: job)
                htmlBlocks += fast.blocks.count { if case .html = $0 { true } else { false } }
                    - slow.blocks.count { if case .html = $0 { true } else { false } }
                let (written, rendered) = (try render.renderer.render(fast), try render.renderer.render(slow))
                #expect(written.path == rendered.path)
                #expect(written.bytes == rendered.bytes, "\(written.path)")
                pages += 1
            }
        }
        #expect(pages > 200)
        #expect(htmlBlocks > 50, "the HTML form is taken (\(htmlBlocks) more HTML blocks than with Markdown only)")
    }

    @Test("an exercise page's set history is the same with the HTML form and with Markdown only")
    func wholePage() throws {
        let site = SiteModel(history: SiteFixture.history, settings: SiteFixture.settings(), today: SiteFixture.today)
        let composer = PageComposer(site: site)
        let squat = try #require(site.exercises.first { $0.name == "Squat (Barbell)" })
        let page = try composer.exercisePage(squat, listPath: "exercises/index.html")
        // The fixture's squat workouts are named plainly, so every year is written as HTML,
        // and the plan/check-in column is there.
        let years = page.blocks.compactMap { block -> String? in
            guard case .html(let bytes) = block else { return nil }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.contains("<th>Plan and check-in</th>") ? text : nil
        }
        #expect(years.count == 1)
        #expect(years.first?.hasPrefix("<h3>2026</h3>\n<table>\n<thead>\n<tr>\n<th align=\"left\">Date</th>\n") == true)
    }

    /// Pieces of text we make (numbers, dates, units) mixed with every kind of trouble.
    static let generatedPieces = [
        "1,234", "0", "12.5", " kg", " lb", "–", " · ", "×", " × BW", "Sun 2025-12-28", "09:03", "10 reps", "3 of 5", "(", ")",
        "%", "+", "/", ":", "-", ".", ",", " ", "  ", "www.", "WwW.", "ww.", "://", "http", "*", "_", "<", ">", "&", "'", "\"",
        "\\", "|", "~", "#", "!", "[", "]", "`", "@", "\u{202E}", "\u{FFFE}", "\u{1}", "\t", "é", "日", "😀",
    ]

    @Test("random tables of typed cells: the HTML form, when taken, is the bytes cmark-gfm renders from the Markdown")
    func randomCellTables() throws {
        let next = Self.generator(seed: 97)
        let titles = ["Date", "Reached on", "Last done", "Workout", "Sets", "Volume", "Exercises with PRs", "Joe's", "a@b.c", " x"]
        var (html, markdown) = (0, 0)
        for round in 0..<3_000 {
            let columns = (0..<(1 + next(5))).map { _ in MD.Column(titles[next(titles.count)], numeric: next(3) == 0) }
            func generated() -> String {
                next(3) == 0 ? "" : (0..<(1 + next(3))).map { _ in Self.generatedPieces[next(Self.generatedPieces.count)] }.joined()
            }
            func text() -> String { next(2) == 0 ? ["Push", "Arms & Abs", "Upper \"<A>\"", "", "Día 2"][next(5)] : Self.randomText(next, length: 2) }
            let rows = (0..<next(4)).map { _ in
                (0..<(columns.count - next(2))).map { _ -> MD.Cell in
                    switch next(4) {
                    case 0: .text(text())
                    case 1: .link(text(), root: ["../", "", "a b/"][next(3)], path: ["workouts/2026-11-16-1746.html", "x%y.html", "ä.html"][next(3)])
                    case 2: .generated(generated())
                    default: .strong(generated(), then: next(2) == 0 ? "" : generated())
                    }
                }
            }
            guard let written = MD.cellTableHTML(columns, rows) else {
                markdown += 1
                continue
            }
            html += 1
            let expected = try Self.rendered(MD.table(columns, rows.map { $0.map(\.markdown) }))
            #expect(written.text + "\n" == expected, "round \(round): \(rows)")
            if written.text + "\n" != expected { return }
        }
        #expect(html > 300 && markdown > 300, "both forms are exercised: \(html) tables as HTML, \(markdown) as Markdown")
    }

    @Test("bold text is followed by nothing or by a space and more verbatim text; a lone space would be trimmed")
    func strongCells() throws {
        #expect(MD.Cell.strong("120 kg", then: "").rendersAsItself)
        #expect(MD.Cell.strong("120 kg", then: " · 1.5 × BW").rendersAsItself)
        for then in [" ", "x", "  x", " x "] {
            #expect(!MD.Cell.strong("120 kg", then: then).rendersAsItself, "\(then)")
        }
        #expect(!MD.Cell.strong("", then: "").rendersAsItself)
        // What cmark-gfm does with the lone space: the cell is trimmed.
        let markdown = MD.table([MD.Column("A")], [[MD.Cell.strong("1", then: " ").markdown]])
        #expect(try Self.rendered(markdown).contains("<td><strong>1</strong></td>"))
    }

    @Test("generated text with an autolink trigger, Markdown syntax or an escaped character is not verbatim", arguments: [
        "www.example.com", "WWW.x", "see http://x", "1 * 2", "a_b", "<b>", "a & b", "\"x\"", "x'", "a|b", "~x~", "[x]", " 5", "5 ",
        "\u{202E}5", "5\u{FFFE}", "5\t",
    ])
    func notVerbatim(text: String) {
        #expect(!MD.isVerbatim(generated: text))
    }

    @Test("verbatim generated text", arguments: ["", "1,234 kg", "Sun 2025-12-28", "09:03", "– · 2.06 × BW", "3 of 5 (60%)", "5/3/1", "ww.x"])
    func verbatim(text: String) throws {
        #expect(MD.isVerbatim(generated: text))
        #expect(try Self.rendered("| a |\n| --- |\n| \(text) |\n").contains("<td>\(text)</td>"))
    }
}
