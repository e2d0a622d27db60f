import Testing
@testable import WktCore

/// `PublishProfile.redact` and bodyweight (docs/product.md "Publishing: what a public site reveals").
@Suite("Publish profile: bodyweight")
struct BodyRedactTests {
    static let body = [
        BodyMeasurement(day: CivilDate(dayNumber: 20_000), weightKg: 80.5, source: "apple-health"),
        BodyMeasurement(day: CivilDate(dayNumber: 20_007), weightKg: 80.1, source: "wkt"),
    ]

    static func history() -> WorkoutHistory {
        var history = WorkoutHistory(workouts: [PublishProfileTests.rich()])
        history.body = body
        return history
    }

    @Test("hiding bodyweight removes every measurement and nothing else")
    func hidesBody() {
        let calendar = TrainingCalendar(dayCutoffHour: 0)
        let hidden = PublishProfile(hide: [.bodyweight]).redact(Self.history(), calendar: calendar)
        #expect(hidden.body.isEmpty)
        #expect(hidden.workouts == Self.history().workouts)
        #expect(hidden.timesOfDay)
    }

    @Test("other hidden fields keep the measurements")
    func keepsBody() {
        let calendar = TrainingCalendar(dayCutoffHour: 0)
        for field in PublishProfile.Field.allCases where field != .bodyweight {
            #expect(PublishProfile(hide: [field]).redact(Self.history(), calendar: calendar).body == Self.body)
        }
        #expect(PublishProfile().redact(Self.history(), calendar: calendar).body == Self.body)
    }

    @Test("the last measurement of a day and source wins; walk order is day, then source")
    func lastPerDay() {
        let day = CivilDate(dayNumber: 20_000)
        let list = [
            BodyMeasurement(day: day.adding(days: 1), weightKg: 81, source: "wkt"),
            BodyMeasurement(day: day, weightKg: 80, source: "wkt"),
            BodyMeasurement(day: day, weightKg: 79, source: "apple-health"),
            BodyMeasurement(day: day, weightKg: 80.2, source: "wkt"),
        ]
        #expect(BodyMeasurement.lastPerDay(list) == [
            BodyMeasurement(day: day, weightKg: 79, source: "apple-health"),
            BodyMeasurement(day: day, weightKg: 80.2, source: "wkt"),
            BodyMeasurement(day: day.adding(days: 1), weightKg: 81, source: "wkt"),
        ])
        #expect(BodyMeasurement.problem(withKilograms: 20) == nil && BodyMeasurement.problem(withKilograms: 400) == nil)
        #expect(BodyMeasurement.problem(withKilograms: 19.99) != nil && BodyMeasurement.problem(withKilograms: 400.01) != nil)
        #expect(BodyMeasurement.problem(withKilograms: .nan) != nil && BodyMeasurement.problem(withKilograms: .infinity) != nil)
    }
}
