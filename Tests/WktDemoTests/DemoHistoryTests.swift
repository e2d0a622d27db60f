import Testing
import WktCore
@testable import WktDemo

@Suite("Demo history: determinism and options")
struct DemoDeterminismTests {
    @Test("the same options give the same batch, byte for byte")
    func sameOptionsSameBatch() {
        let options = DemoOptions(years: 2, seed: 42, endDay: Demo.endDay)
        let first = DemoHistory.generate(options)
        let second = DemoHistory.generate(options)
        #expect(first.workouts == second.workouts)
        #expect(fingerprint(first) == fingerprint(second))
        #expect(fingerprint(first) == fingerprint(Demo.twoYears))
        #expect(first.file == "demo")
        #expect(first.format == "demo")
        #expect(first.unitAssumed == nil)
        #expect(first.carried == .all)
        #expect(first.skipped.isEmpty && first.pseudoRows == 0 && first.warnings.isEmpty && first.schedule == nil)
    }

    @Test("a different seed or end day gives a different history")
    func differentSeedDiffers() {
        let other = DemoHistory.generate(DemoOptions(years: 2, seed: 43, endDay: Demo.endDay))
        #expect(other.workouts != Demo.twoYears.workouts)
        #expect(other.workouts.first?.start != Demo.twoYears.workouts.first?.start)
        let zero = DemoHistory.generate(DemoOptions(years: 2, seed: 0, endDay: Demo.endDay))
        #expect(zero.workouts != Demo.twoYears.workouts)
        let earlier = DemoHistory.generate(DemoOptions(years: 2, seed: 42, endDay: Demo.endDay.adding(days: -1)))
        #expect(earlier.workouts.last.map { $0.start.date <= Demo.endDay.adding(days: -1) } == true)
    }

    @Test("defaults are two years and seed 42")
    func defaults() {
        let options = DemoOptions(endDay: Demo.endDay)
        #expect(options.years == 2)
        #expect(options.seed == 42)
        #expect(fingerprint(DemoHistory.generate(options)) == fingerprint(Demo.twoYears))
    }

    @Test("years outside 1…30 are a usage error (exit 64)", arguments: [0, -3, 31, 100])
    func yearsOutOfRange(years: Int) {
        let options = DemoOptions(years: years, endDay: Demo.endDay)
        #expect(throws: DemoError.yearsOutOfRange(given: years, allowed: 1...30)) { try options.validate() }
        #expect(throws: DemoError.self) { try DemoHistory.generateValidated(options) }
        #expect(DemoError.yearsOutOfRange(given: years, allowed: 1...30).exitCode == 64)
        #expect(DemoError.yearsOutOfRange(given: years, allowed: 1...30).description.contains("--years \(years)"))
    }

    @Test("1 and 30 years are accepted")
    func yearsAccepted() throws {
        try DemoOptions(years: 1, endDay: Demo.endDay).validate()
        try DemoOptions(years: 30, endDay: Demo.endDay).validate()
        let validated = try DemoHistory.generateValidated(DemoOptions(years: 1, seed: 42, endDay: Demo.endDay))
        #expect(fingerprint(validated) == fingerprint(Demo.oneYear))
    }

    @Test("an end day that pushes the history out of four-digit years is a usage error")
    func endDayOutOfRange() throws {
        let early = try #require(CivilDate(year: 1020, month: 6, day: 1))
        #expect(throws: DemoError.endDayOutOfRange(endDay: "1020-06-01", years: 30)) {
            try DemoOptions(years: 30, endDay: early).validate()
        }
        #expect(DemoError.endDayOutOfRange(endDay: "1020-06-01", years: 30).exitCode == 64)
    }

    @Test("generate clamps years into 1…30 instead of failing")
    func generateClamps() {
        let zero = DemoHistory.generate(DemoOptions(years: 0, seed: 42, endDay: Demo.endDay))
        #expect(fingerprint(zero) == fingerprint(Demo.oneYear))
    }
}

@Suite("Demo history: size and pace")
struct DemoSizeTests {
    /// Expected ranges. Workouts: about 4 a week over the weeks left after ~3 holiday weeks a
    /// year and a 6–10 week injury (1 year ≈ 41 weeks × 3.5–4.5, 10 years ≈ 485 weeks × 4.3);
    /// sets ≈ 19 a workout; exercises: the catalogue has 124, a 10-year history uses about all.
    struct Case: Sendable, CustomTestStringConvertible {
        let years: Int
        let workouts: ClosedRange<Int>
        let sets: ClosedRange<Int>
        let exercises: ClosedRange<Int>
        var testDescription: String { "\(years) years" }
    }

    static let cases = [
        Case(years: 1, workouts: 110...200, sets: 2_200...4_500, exercises: 45...100),
        Case(years: 2, workouts: 300...450, sets: 5_500...10_000, exercises: 80...125),
        Case(years: 10, workouts: 2_000...2_200, sets: 35_000...45_000, exercises: 100...140),
        Case(years: 30, workouts: 5_500...7_000, sets: 100_000...140_000, exercises: 100...140),
    ]

    @Test("workout, set and exercise counts", arguments: cases)
    func counts(_ expected: Case) {
        let batch = Demo.batch(years: expected.years)
        let facts = HistoryFacts(batch)
        #expect(expected.workouts.contains(batch.workouts.count))
        #expect(expected.sets.contains(batch.setCount))
        #expect(expected.exercises.contains(facts.exerciseNames.count))
        let setsPerWorkout = Double(batch.setCount) / Double(batch.workouts.count)
        #expect(setsPerWorkout >= 15 && setsPerWorkout <= 25)
    }

    @Test("about four workouts a week outside layoffs", arguments: [1, 2, 10, 30])
    func weeklyPace(years: Int) {
        let facts = HistoryFacts(Demo.batch(years: years))
        #expect(facts.workoutsPerActiveWeek >= 3.5 && facts.workoutsPerActiveWeek <= 4.5)
    }

    @Test("every planned session becomes a workout")
    func noSessionLost() {
        var root = DemoRandom(seed: 42)
        var calendar = root.fork()
        let plan = CalendarPlan.make(endDay: Demo.endDay, years: 10, rng: &calendar)
        #expect(plan.sessions.count == Demo.tenYears.workouts.count)
    }
}

@Suite("Demo history: calendar")
struct DemoCalendarTests {
    @Test("starts are unique, sorted, inside [endDay − years, endDay] and the keys", arguments: [1, 2, 10])
    func startsInsideSpan(years: Int) throws {
        let batch = Demo.batch(years: years)
        let first = try #require(CivilDate(year: 2026 - years, month: 11, day: 21))
        let workouts = batch.workouts
        #expect(!workouts.isEmpty)
        for (previous, next) in zip(workouts, workouts.dropFirst()) {
            #expect(previous.start < next.start)
        }
        let oldest = try #require(workouts.first)
        let newest = try #require(workouts.last)
        #expect(oldest.start.date >= first)
        #expect(oldest.start.date.days(to: first.adding(days: 14)) >= 0)
        #expect(newest.start.date <= Demo.endDay)
        #expect(newest.start.date >= Demo.endDay.adding(days: -2))
        for workout in workouts {
            #expect(workout.source == .demo)
            #expect(workout.sourceKey == workout.start.description)
            #expect(workout.activity == "strength")
            #expect((5...21).contains(workout.start.hour))
            #expect(workout.durationSeconds.map { (2_700...5_400).contains($0) } == true)
            #expect(!workout.exercises.isEmpty)
        }
        #expect(Set(workouts.map(\.sourceKey)).count == workouts.count)
    }

    @Test("a 29 February end day starts on 28 February")
    func leapDay() throws {
        let end = CivilDate(dayNumber: 19_782)  // 2024-02-29
        #expect(end.description == "2024-02-29")
        let batch = DemoHistory.generate(DemoOptions(years: 1, seed: 7, endDay: end))
        let oldest = try #require(batch.workouts.first)
        let newest = try #require(batch.workouts.last)
        #expect(oldest.start.date >= CivilDate(dayNumber: 19_416))  // 2023-02-28
        #expect(newest.start.date <= end)
        #expect(newest.start.date >= end.adding(days: -2))
    }

    @Test("holidays and one long injury break", arguments: [1, 2, 10])
    func layoffs(years: Int) {
        let facts = HistoryFacts(Demo.batch(years: years))
        #expect(facts.layoffGaps.contains { $0 >= 14 })
        // The injury: 42–70 days without training, so a gap of at least 43 days.
        #expect(facts.layoffGaps.filter { $0 >= 43 }.count == 1)
        // One holiday a year (a few may merge with the injury or be shorter than ten days).
        #expect(facts.layoffGaps.count >= years)
        #expect(facts.layoffGaps.allSatisfy { $0 <= 80 })
    }

    @Test("programmes change over the years")
    func programmes() throws {
        let names = Demo.tenYears.workouts.map(\.name)
        #expect(names.first == "Full Body A")
        for name in ["Full Body B", "Upper A", "Lower B", "Upper Power", "Push Day", "Pull Day", "Leg Day", "Squat Day"] {
            #expect(names.contains(name), "\(name)")
        }
        let firstUpper = try #require(names.firstIndex(of: "Upper A"))
        let firstPush = try #require(names.firstIndex(of: "Push Day"))
        let lastFullBody = try #require(names.lastIndex(of: "Full Body A"))
        #expect(lastFullBody < firstUpper && firstUpper < firstPush)
    }

    @Test("mornings, evenings and most weekdays are used")
    func timesOfDay() {
        let workouts = Demo.tenYears.workouts
        let morning = workouts.filter { $0.start.hour < 9 }.count
        let evening = workouts.filter { $0.start.hour >= 17 }.count
        #expect(morning > workouts.count / 5)
        #expect(evening > workouts.count / 5)
        #expect(Set(workouts.map(\.start.date.weekday)).count == 7)
        #expect(Set(workouts.map(\.start.minute)).count >= 50)
    }
}
