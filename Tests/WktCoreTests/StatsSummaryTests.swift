import Testing
@testable import WktCore

@Suite("Terminal summary")
struct StatsSummaryTests {
    @Test("bars: ▁ for zero weeks, █ for the busiest")
    func bars() {
        #expect(StatsSummary.bars([0, 1, 2, 3, 4, 5, 6, 7]) == "▁▂▃▄▅▆▇█")
        #expect(StatsSummary.bars([0, 0]) == "▁▁")
        #expect(StatsSummary.bars([1, 14]) == "▂█")
        #expect(StatsSummary.bars([3, 3, 0]) == "██▁")
        #expect(StatsSummary.bars([]) == "")
    }

    @Test("the summary shows the week, streaks, target, bars and latest PRs")
    func summary() {
        let history = [
            H.w(1, "2026-11-09 18:00", "Push", [H.ex("Bench", [H.s(100, 5)])]),
            H.w(2, "2026-11-16 18:00", "Push", [H.ex("Bench", [H.s(102.5, 5)])]),
            H.w(3, "2026-11-18 18:00", "Push", [H.ex("Bench", [H.s(105, 3)])]),
            H.w(4, "2026-11-30 18:00", "Later"),
        ]
        let settings = H.settings(target: 2, schedule: Schedule(days: [.friday: "Legs"]))
        let report = H.report(history, today: "2026-11-19", settings: settings)
        let lines = StatsSummary.lines(report: report, settings: settings, today: H.d("2026-11-19"))
        let text = lines.map { $0.text + "\n" }.joined()
        #expect(text == """
            wkt-site stats · today 2026-11-19 (Thu) · 2026-W47
            This week   Mon ✓  Tue ·  Wed ✓  Thu ●  Fri ○  Sat ·  Sun ·
                        ✓ done  ● today  ○ planned  ✗ missed  · rest
            Workouts this week: 2 of 2
            Week streak: 1 (longest 1: 2026-W47)
            Day streak: 1 (longest 1: 2026-11-18)
            Last 2 weeks: ▅█  1 2  (2026-W46 – 2026-W47)
            Totals: 3 workouts, 3 working sets, 13 reps, 1,328 kg volume
            1 workout after 2026-11-19 ignored
            Sets per muscle: this week, last week, average of 1 week
              no sets of a mapped exercise yet
            No sets in 14 days: abdominals, abductors, adductors, biceps, calves, chest, forearms, glutes, hamstrings, lats, lower_back, neck, quadriceps, shoulders, traps, triceps, upper_back
            Unmapped: Bench (3 sets)
            Recent PRs:
              2026-11-18  Bench: heaviest 105 kg (was 102.5 kg)
              2026-11-18  Bench: 1-rep max 105 kg (was 102.5 kg)
              2026-11-18  Bench: 2-rep max 105 kg (was 102.5 kg)
              2026-11-18  Bench: 3-rep max 105 kg (was 102.5 kg)
              2026-11-16  Bench: 5-rep max 102.5 kg (was 100 kg)

            """)
        #expect(lines[0].spans.first == SummaryLine.Span("wkt-site stats", mark: .title))
        #expect(lines[1].spans.filter { $0.mark != nil }.map(\.mark) == [
            .day(.done), .day(.rest), .day(.done), .day(.today), .day(.planned), .day(.rest), .day(.rest),
        ])
        #expect(lines.flatMap(\.spans).filter { $0.mark == .warning }.map(\.text) == ["1 workout after 2026-11-19 ignored"])
        #expect(!text.contains("\u{1B}"))
        let empty = StatsSummary.lines(report: H.report([], today: "2026-11-19"), settings: H.settings(), today: H.d("2026-11-19"))
            .map { $0.text + "\n" }.joined()
        #expect(empty.contains("No workouts up to 2026-11-19."))
        #expect(empty.contains("Recent PRs: none yet"))
        #expect(empty.contains("Week streak: 0\n"))
    }
}
