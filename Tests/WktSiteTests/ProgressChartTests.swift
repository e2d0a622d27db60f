import Testing
import WktCore
import WktTestSupport
@testable import WktSite

@Suite("Progress chart (weekly best)")
struct ProgressChartTests {
    let calendar = TrainingCalendar()
    let kg = ValueFormat(decimals: 1, unit: "kg")

    /// Mondays of ISO 2026 weeks: week 1 starts 2025-12-29.
    func monday(_ week: Int) throws -> CivilDate { try day(2025, 12, 29).adding(days: 7 * (week - 1)) }

    @Test("a week's points merge to its best; running best and PR weeks follow the weekly bests")
    func runningBestAndPRs() throws {
        let series = WeeklyBest(points: [
            (try monday(1), 100), (try monday(1).adding(days: 3), 104),  // week 1: baseline 104, no PR
            (try monday(2), 102),                                        // below the best
            (try monday(3).adding(days: 6), 110),                        // Sunday of week 3: PR
            (try monday(4), 110.0004),                                   // equal in thousandths: no PR
            (try monday(5), 111),                                        // PR
        ], calendar: calendar)
        #expect(series.weeks.map(\.start) == [try monday(1), try monday(2), try monday(3), try monday(4), try monday(5)])
        #expect(series.weeks.map(\.best) == [104, 102, 110, 110.0004, 111])
        #expect(series.weeks.map(\.runningBest) == [104, 104, 110, 110, 111])
        #expect(series.weeks.map(\.isPR) == [false, false, true, false, true])
        #expect(series.segments.count == 1)
    }

    @Test("weeks gathered in one pass from points in day order equal the dictionary's, and points out of order still work")
    func bestByWeekOnePass() throws {
        var random = SplitMix64(seed: 31)
        let values: [Double] = [0, -0.0, 100, 100.0004, 99.5, .nan, .infinity, -5, 250]
        for round in 0..<400 {
            var day = try day(2024, 1, 1).adding(days: random.int(in: 0...6))
            var points: [(date: CivilDate, value: Double)] = []
            for _ in 0..<random.int(in: 0...40) {
                day = day.adding(days: random.int(in: 0...9))
                points.append((day, values[random.int(in: 0...values.count - 1)]))
            }
            if round % 3 == 0, points.count > 1 { points.swapAt(0, points.count - 1) }  // out of order
            let weekStart: Weekday = round % 2 == 0 ? .monday : .sunday
            let calendar = TrainingCalendar(settings: Settings(timezone: "UTC", weekStart: weekStart))
            let gathered = WeeklyBest.bestByWeek(points, calendar: calendar)
            let reference = WeeklyBest.bestByWeekUnordered(points, calendar: calendar)
            #expect(gathered.map(\.start) == reference.map(\.start), "round \(round)")
            // Bit for bit, so -0.0 against 0.0 counts.
            #expect(gathered.map(\.best.bitPattern) == reference.map(\.best.bitPattern), "round \(round)")
        }
    }

    @Test("more than 4 empty weeks break the line; 4 do not; the running best carries on")
    func gaps() throws {
        // Week 1 → week 6: 4 empty weeks (2–5), joined. Week 6 → week 12: 5 empty weeks, broken.
        let series = WeeklyBest(points: [(try monday(1), 100), (try monday(6), 90), (try monday(12), 95), (try monday(13), 101)],
                                calendar: calendar)
        #expect(series.weeks.map(\.segment) == [0, 0, 1, 1])
        #expect(series.segments.map { $0.map(\.best) } == [[100, 90], [95, 101]])
        #expect(series.weeks.map(\.runningBest) == [100, 100, 100, 101])
        #expect(series.weeks.map(\.isPR) == [false, false, false, true])

        let chart = ProgressChart(id: try ChartID("progress"), title: "Bench: best e1RM per week (kg)", valueName: "Best e1RM",
                                  points: [(try monday(1), 100), (try monday(6), 90), (try monday(12), 95), (try monday(13), 101)],
                                  calendar: calendar, format: kg).render()
        let running = try #require(chart.svg.components(separatedBy: "running-best").last)
        let lines = running.components(separatedBy: "</g>")[0]
        #expect(lines.components(separatedBy: "<polyline").count - 1 == 2, "one polyline per stretch")
        #expect(chart.summary == "best 101 kg in 2026-W13, 1 PR week, 4 weeks with data, the line broken at 1 gap of more than 4 weeks")
        expectSafeChart(chart, width: 980, height: 244)
    }

    @Test("PR weeks are diamonds, other weeks circles; the table lists week, best, running best and PR")
    func markersAndTable() throws {
        let chart = ProgressChart(id: try ChartID("progress"), title: "T", valueName: "Best e1RM",
                                  points: [(try monday(1), 100), (try monday(2), 105), (try monday(3), 103)],
                                  calendar: calendar, format: kg).render()
        let parsed = parseXML(chart.svg)
        #expect(parsed.elements.filter { $0 == "polygon" }.count == 1)
        #expect(parsed.elements.filter { $0 == "circle" }.count == 2)
        #expect(parsed.texts.contains { $0.element == "title" && $0.text == "2026-W02: 105 kg, PR" })
        #expect(chart.table.columns.map(\.heading) == ["Week", "Best e1RM", "Running best", "PR"])
        #expect(chart.table.rows == [
            ["2026-W01", "100 kg", "100 kg", "no"],
            ["2026-W02", "105 kg", "105 kg", "yes"],
            ["2026-W03", "103 kg", "105 kg", "no"],
        ])
        // Eight-ish steps (100…105 in steps of 1), tick labels carry the unit.
        #expect(chart.svg.contains(">100 kg</text>") && chart.svg.contains(">105 kg</text>") && chart.svg.contains(">103 kg</text>"))
        #expect(chart.legend.items.map(\.key) == [.circle(series: 1), .diamond, .line(series: 2, dashed: false)])
        #expect(chart.html.contains("<ul class=\"chart-legend\">"))
        // The sticky gutter repeats the tick labels and is hidden from assistive tech.
        let axis = try #require(chart.axis)
        #expect(axis.contains("class=\"chart-svg chart-axis gutter-72\"") && axis.contains("aria-hidden=\"true\""))
        #expect(axis.contains(">105 kg</text>"))
        #expect(chart.html.contains("<div class=\"chart-plot\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg chart-axis"))
        expectSafeChart(chart, width: 980, height: 244)
    }

    @Test("no points: an empty chart that says so")
    func empty() throws {
        let chart = ProgressChart(id: try ChartID("progress"), title: "T", valueName: "Best e1RM", points: [],
                                  calendar: calendar, format: kg).render()
        #expect(chart.summary == "no data")
        #expect(chart.svg.contains(">No data yet</text>"))
        expectSafeChart(chart, width: 980, height: 244)
    }

    @Test("weighted sets chart e1RM; bodyweight sets reps; time-only sets time; distance only nothing")
    func metricChoice() throws {
        let today = try day(2026, 1, 5)
        let weighted = ExerciseSession(workoutID: 1, day: today, workingSets: 1, reps: 5, volumeKg: 500, heaviestKg: 100, e1rmKg: 116)
        let bodyweight = ExerciseSession(workoutID: 2, day: today, workingSets: 1, reps: 10, volumeKg: 0, heaviestKg: nil, e1rmKg: nil)
        #expect(ProgressMetric.choose(sessions: [bodyweight, weighted], sets: [WorkoutSet(weightKg: 100, reps: 5)]) == .e1rm)
        #expect(ProgressMetric.choose(sessions: [bodyweight], sets: [WorkoutSet(reps: 10), WorkoutSet(reps: 8)]) == .reps)
        #expect(ProgressMetric.choose(sessions: [bodyweight], sets: [WorkoutSet(seconds: 60)]) == .time)
        #expect(ProgressMetric.choose(sessions: [bodyweight], sets: [WorkoutSet(distanceM: 400)]) == nil)
    }

    @Test("date columns of Markdown tables are written left-aligned, which the style sheet keeps on one line")
    func dateColumns() {
        let table = MD.table([MD.Column("Date"), MD.Column("Workout"), MD.Column("Sets", numeric: true), MD.Column("Reached on")], [])
        #expect(table.hasSuffix("| :--- | --- | ---: | :--- |\n"))
    }
}
