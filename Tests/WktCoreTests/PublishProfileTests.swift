import Foundation
import Testing
@testable import WktCore
import WktTestSupport

/// `PublishProfile.redact`: each hidden kind of value is removed, and nothing else changes.
@Suite("Publish profile")
struct PublishProfileTests {
    /// A workout with every kind of private value: notes at all three levels, check-ins, a pain
    /// flag, a rating, a start with an offset and a source key holding the start time.
    static func rich(id: Int64 = 1, start: String = "2026-11-18 17:43", name: String = "Push") -> StoredWorkout {
        let sets = [
            WorkoutSet(weightKg: 100, reps: 5, rpe: 8, notes: "set note"),
            WorkoutSet(kind: .warmup, weightKg: 40, reps: 10),
        ]
        let blocks = [
            ExerciseBlock(name: "Bench Press", notes: "block note", supersetID: 2, painFlag: true, plannedSets: 3, sets: sets),
            ExerciseBlock(name: "Dip", sets: [WorkoutSet(reps: 12, notes: "dip note")]),
        ]
        return StoredWorkout(id: id, workout: Workout(
            source: .strong, sourceKey: "\(start):00", start: H.t(start), utcOffsetSeconds: 3600, durationSeconds: 2640,
            name: name, notes: "workout note", activity: "strength", energyKcal: 320, rating: 4,
            checkIns: [CheckIn(name: "energy", value: 3), CheckIn(name: "knee_pain", value: 2)], exercises: blocks))
    }

    static func redact(_ fields: Set<PublishProfile.Field>, _ workouts: [StoredWorkout], cutoff: Int = 0) -> WorkoutHistory {
        PublishProfile(hide: fields).redact(
            WorkoutHistory(workouts: workouts), calendar: TrainingCalendar(dayCutoffHour: cutoff))
    }

    static func only(_ field: PublishProfile.Field) -> Workout {
        redact([field], [rich()]).workouts[0].workout
    }

    @Test("notes: workout, exercise and set notes go; nothing else changes")
    func notes() {
        var expected = Self.rich().workout
        expected.notes = nil
        for block in expected.exercises.indices {
            expected.exercises[block].notes = nil
            for set in expected.exercises[block].sets.indices { expected.exercises[block].sets[set].notes = nil }
        }
        #expect(Self.only(.notes) == expected)
        #expect(Self.only(.notes) != Self.rich().workout)
    }

    @Test("check_ins: every check-in value goes; nothing else changes")
    func checkIns() {
        var expected = Self.rich().workout
        expected.checkIns = []
        #expect(Self.only(.checkIns) == expected)
    }

    @Test("pain_flags: every exercise's pain flag is cleared; nothing else changes")
    func painFlags() {
        var expected = Self.rich().workout
        expected.exercises[0].painFlag = false
        #expect(Self.only(.painFlags) == expected)
    }

    @Test("ratings: the rating goes; nothing else changes")
    func ratings() {
        var expected = Self.rich().workout
        expected.rating = nil
        #expect(Self.only(.ratings) == expected)
    }

    @Test("times: the start becomes its training day at the cutoff hour; offset and source key go; durations stay")
    func times() throws {
        var expected = Self.rich().workout
        expected.start = H.t("2026-11-18 00:00")
        expected.utcOffsetSeconds = nil
        expected.sourceKey = ""
        let history = Self.redact([.times], [Self.rich()])
        #expect(history.workouts[0].workout == expected)
        #expect(history.workouts[0].workout.durationSeconds == 2640)
        #expect(!history.timesOfDay)
        #expect(WorkoutHistory(workouts: [Self.rich()]).timesOfDay)
        #expect(Self.redact([.notes], [Self.rich()]).timesOfDay, "only `times` drops the times of day")

        // With a cutoff of 4, 01:30 on the 19th counts for the 18th: it shows the 18th at 04:00,
        // and 23:10 on the 18th shows the 18th at 04:00 too; no training day moves.
        let calendar = TrainingCalendar(dayCutoffHour: 4)
        let night = [Self.rich(id: 1, start: "2026-11-18 23:10"), Self.rich(id: 2, start: "2026-11-19 01:30"),
                     Self.rich(id: 3, start: "2026-11-19 04:00")]
        let redacted = Self.redact([.times], night, cutoff: 4)
        #expect(redacted.workouts.map(\.workout.start) == [H.t("2026-11-18 04:00"), H.t("2026-11-18 04:00"), H.t("2026-11-19 04:00")])
        #expect(redacted.workouts.map { calendar.trainingDay(of: $0.workout) } == night.map { calendar.trainingDay(of: $0.workout) })
    }

    @Test("times: workouts of one day keep the order they were done in, not the order of their names")
    func timesKeepOrder() {
        let day = [Self.rich(id: 7, start: "2026-11-18 06:00", name: "Zercher"), Self.rich(id: 3, start: "2026-11-18 18:00", name: "Arms")]
        let redacted = Self.redact([.times], day)
        #expect(redacted.workouts.map(\.id) == [7, 3])
        #expect(WorkoutHistory(workouts: redacted.workouts).workouts.map(\.id) == [3, 7], "sorting again would reorder them")
    }

    @Test("bodyweight hides nothing yet, and an empty profile returns the history as it is")
    func nothingToHide() {
        #expect(Self.only(.bodyweight) == Self.rich().workout)
        let history = Self.redact([], [Self.rich(), Self.rich(id: 2, start: "2026-11-19 07:00")])
        #expect(history.workouts == [Self.rich(), Self.rich(id: 2, start: "2026-11-19 07:00")])
        #expect(history.timesOfDay)
    }

    @Test("every field at once: the statistics and stats.json are those of the unredacted history")
    func statisticsUnchanged() {
        var random = SplitMix64(seed: 12)
        for round in 0..<40 {
            let cutoff = [0, 3, 5][round % 3]
            var workouts: [StoredWorkout] = []
            var day = H.d("2025-01-06")
            for id in 1...Int64(random.int(in: 5...40)) {
                day = day.adding(days: random.int(in: 0...3))
                let time = "\(day) \(ASCIIDigits.pad(random.int(in: 0...23), 2)):\(ASCIIDigits.pad(random.int(in: 0...59), 2))"
                var workout = Self.rich(id: id, start: time, name: ["Push", "Pull", "Arms"][random.int(in: 0...2)])
                for block in workout.workout.exercises.indices {
                    for set in workout.workout.exercises[block].sets.indices {
                        workout.workout.exercises[block].sets[set].weightKg = Double(random.int(in: 40...140))
                        workout.workout.exercises[block].sets[set].reps = random.int(in: 1...12)
                    }
                }
                workouts.append(workout)
            }
            let settings = H.settings(cutoff: cutoff, target: 2)
            let today = day.adding(days: 2)
            let plain = StatsEngine.compute(history: WorkoutHistory(workouts: workouts), settings: settings, today: today)
            let hidden = StatsEngine.compute(
                history: Self.redact(Set(PublishProfile.Field.allCases), workouts, cutoff: cutoff), settings: settings, today: today)
            let slugs = Slugger.slugs(for: plain.exercises.map(\.name))
            #expect(StatsJSON.encode(hidden, settings: settings, today: today, slugs: slugs)
                == StatsJSON.encode(plain, settings: settings, today: today, slugs: slugs), "round \(round)")
            #expect(hidden.totals == plain.totals)
            #expect(hidden.exercises == plain.exercises)
            #expect(hidden.workouts.map { [$0.id, Int64($0.trainingDay.dayNumber)] } == plain.workouts.map { [$0.id, Int64($0.trainingDay.dayNumber)] })
            #expect(hidden.prEvents.map(\.workoutID) == plain.prEvents.map(\.workoutID))
        }
    }

    @Test("the profile encodes its names in the documented order, whatever the set order")
    func encoding() throws {
        #expect(PublishProfile.Field.allCases.map(\.rawValue) == ["notes", "check_ins", "pain_flags", "ratings", "times", "bodyweight"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for _ in 0..<10 {
            let profile = PublishProfile(hide: Set(PublishProfile.Field.allCases.shuffled().prefix(4)), noindex: true)
            let text = String(decoding: try encoder.encode(profile), as: UTF8.self)
            let names = profile.hide.sorted().map { "\"\($0.rawValue)\"" }.joined(separator: ",")
            #expect(text == "{\"hide\":[\(names)],\"noindex\":true}")
            #expect(profile.hide.sorted().map(\.rawValue) == PublishProfile.Field.allCases.map(\.rawValue).filter { name in
                profile.hide.contains { $0.rawValue == name }
            })
        }
    }
}
