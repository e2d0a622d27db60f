import Testing
import WktCore
@testable import WktDemo

/// The demo lifter's bodyweight and assisted exercises (``DemoBody``).
@Suite("Demo history: bodyweight and assisted exercises")
struct DemoBodyTests {
    @Test("weekly measurements: deterministic, plausible, one per Monday at most, source demo, a slow trend")
    func measurements() {
        let options = DemoOptions(years: 2, seed: 42, endDay: Demo.endDay)
        let body = Demo.twoYears.body
        #expect(body == DemoHistory.generate(options).body)
        #expect(body != DemoHistory.generate(DemoOptions(years: 2, seed: 43, endDay: Demo.endDay)).body)
        #expect(body.count > 80 && body.count < 105, "about 90 % of 104 weeks: \(body.count)")
        #expect(body.allSatisfy { $0.day.weekday == .monday && $0.source == "demo" })
        #expect(body.allSatisfy { BodyMeasurement.problem(withKilograms: $0.weightKg) == nil })
        #expect(body.allSatisfy { ($0.weightKg * 10).rounded() == $0.weightKg * 10 })
        #expect(BodyMeasurement.lastPerDay(body) == body, "oldest first, one per day")
        #expect(body.allSatisfy { $0.day <= Demo.endDay })
        let firstMonth = body.prefix(4).map(\.weightKg).reduce(0, +) / 4
        let lastMonth = body.suffix(4).map(\.weightKg).reduce(0, +) / 4
        #expect(lastMonth - firstMonth > 3 && lastMonth - firstMonth < 10, "\(firstMonth) → \(lastMonth)")
        #expect(Demo.tenYears.body.allSatisfy { $0.weightKg > 70 && $0.weightKg < 85 })
    }

    @Test("assisted pull-ups and dips in the first months, with help that shrinks; none later")
    func assisted() throws {
        let workouts = Demo.twoYears.workouts
        let start = try #require(workouts.first).start.date
        var help: [String: [Double]] = [:]
        for workout in workouts {
            for block in workout.exercises where block.name.hasSuffix("(Assisted)") {
                #expect(start.days(to: workout.start.date) < DemoBody.assistedDays)
                #expect(block.sets.allSatisfy { ($0.weightKg ?? 0) >= 5 && ($0.weightKg ?? 0) <= 40 && ($0.reps ?? 0) > 0 })
                help[block.name, default: []].append(contentsOf: block.sets.compactMap(\.weightKg))
            }
        }
        #expect(Set(help.keys) == ["Pull Up (Assisted)", "Dip (Assisted)"])
        for (name, values) in help {
            #expect(values == values.sorted(by: >), "\(name): the help never grows")
        }
        let pullUps = help["Pull Up (Assisted)"] ?? []
        #expect((pullUps.first ?? 0) > (pullUps.last ?? 0), "the pull-up help shrinks: \(pullUps)")
    }
}
