import Foundation
import Testing
import WktCore
@testable import WktImport

@Suite("Apple Health workouts and time (T-01, T-02, T-12)")
struct HealthWorkoutTests {
    /// T-01 (New York, UTC is already Monday) and T-02 (+02:00, UTC is still Sunday).
    static let dayCases: [(start: String, end: String, day: Int, weekday: Weekday, offset: Int, key: String)] = [
        ("2024-06-02 23:30:00 -0400", "2024-06-03 00:15:00 -0400", 2, .sunday, -14400,
         "2024-06-03T03:30:00Z|2024-06-03T04:15:00Z|"),
        ("2024-06-03 00:30:00 +0200", "2024-06-03 01:00:00 +0200", 3, .monday, 7200,
         "2024-06-02T22:30:00Z|2024-06-02T23:00:00Z|"),
    ]

    @Test("T-01, T-02: the training day is the local date, not the UTC one", arguments: dayCases)
    func localDay(_ item: (start: String, end: String, day: Int, weekday: Weekday, offset: Int, key: String)) throws {
        let batch = try importHealth(healthDocument(workouts: [healthWorkout(start: item.start, end: item.end)])).get()
        let workout = try #require(batch.workouts.first)
        #expect(workout.start.date == CivilDate(year: 2024, month: 6, day: item.day))
        #expect(workout.start.date.weekday == item.weekday)
        #expect(workout.utcOffsetSeconds == item.offset)
        #expect(workout.sourceKey.hasPrefix(item.key))
    }

    @Test("T-12: travel from +02:00 to -05:00: each workout on its own local date, two keys")
    func travel() throws {
        let batch = try importHealth(healthDocument(workouts: [
            healthWorkout(start: "2024-07-10 07:00:00 +0200", end: "2024-07-10 07:45:00 +0200"),
            healthWorkout(start: "2024-07-10 22:00:00 -0500", end: "2024-07-10 22:40:00 -0500",
                          type: "HKWorkoutActivityTypeRunning"),
        ])).get()
        #expect(batch.workouts.map(\.start.description) == ["2024-07-10 07:00:00", "2024-07-10 22:00:00"])
        #expect(batch.workouts.map(\.utcOffsetSeconds) == [7200, -18000])
        #expect(batch.workouts[1].sourceKey.hasPrefix("2024-07-11T03:00:00Z|2024-07-11T03:40:00Z|"))
        #expect(Set(batch.workouts.map(\.sourceKey)).count == 2)
    }

    @Test("activity types map to short names and sentence-case names")
    func activityNames() {
        let cases: [(String, String, String)] = [
            ("HKWorkoutActivityTypeTraditionalStrengthTraining", "strength", "Strength training"),
            ("HKWorkoutActivityTypeFunctionalStrengthTraining", "strength", "Functional strength training"),
            ("HKWorkoutActivityTypeRunning", "running", "Running"),
            ("HKWorkoutActivityTypeCycling", "cycling", "Cycling"),
            ("HKWorkoutActivityTypeHighIntensityIntervalTraining", "hiit", "HIIT"),
            ("HKWorkoutActivityTypeCoreTraining", "core", "Core training"),
            ("HKWorkoutActivityTypeMixedCardio", "mixed-cardio", "Mixed cardio"),
            ("HKWorkoutActivityTypeStairClimbing", "stair-climbing", "Stair climbing"),
            ("HKWorkoutActivityTypeOther", "other", "Other"),
        ]
        for (type, activity, name) in cases {
            let mapped = HealthActivity.map(type)
            #expect(mapped?.activity == activity, "\(type)")
            #expect(mapped?.name == name, "\(type)")
        }
        #expect(HealthActivity.map("HKWorkoutActivityType") == nil)
        #expect(HealthActivity.map("HKWorkoutActivityType Yoga") == nil)
    }

    @Test("durations in s and h, kJ energy, statistics in kcal; missing duration is end − start")
    func unitsAndFallbacks() throws {
        let stats = """
             <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="1.5" durationUnit="h" sourceName="Zwift" startDate="2024-01-05 17:00:00 +0100" endDate="2024-01-05 18:31:00 +0100">
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-01-05 17:00:00 +0100" endDate="2024-01-05 18:31:00 +0100" sum="2092" unit="kJ"/>
             </Workout>
             <Workout workoutActivityType="HKWorkoutActivityTypeYoga" duration="95.4" durationUnit="s" sourceName="Watch" startDate="2024-01-06 07:00:00 +0100" endDate="2024-01-06 07:02:00 +0100"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeWalking" sourceName="Watch" startDate="2024-01-07 07:00:00 +0100" endDate="2024-01-07 07:20:30 +0100"/>
            """
        let batch = try importHealth(healthDocument(workouts: [stats])).get()
        #expect(batch.workouts.map(\.durationSeconds) == [5400, 95, 1230])
        #expect(batch.workouts.map(\.energyKcal) == [500, nil, nil])
        #expect(batch.workouts.map(\.activity) == ["cycling", "yoga", "walking"])
    }

    @Test("a bad Workout value rejects the file with its line")
    func badValues() throws {
        let cases = [
            (healthWorkout(start: "yesterday", end: "2024-06-01 18:30:00 +0200"), "startDate"),
            (healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 17:30:00 +0200"), "before"),
            (healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200", type: ""),
             "workoutActivityType"),
            (healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200",
                           extra: " totalEnergyBurnedUnit=\"kWh\"").replacingOccurrences(
                                of: "totalEnergyBurnedUnit=\"kcal\" ", with: ""), "energy unit"),
            (healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200")
                .replacingOccurrences(of: "duration=\"30\"", with: "duration=\"1e300\""), "over a year"),
        ]
        for (workout, words) in cases {
            let error = try #require(healthError(try importHealth(healthDocument(workouts: [workout]))))
            #expect(error.kind == .badValue)
            #expect(error.line == 5)
            #expect(error.message.contains(words), "\(error)")
        }
    }
}
