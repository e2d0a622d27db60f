import Testing
@testable import WktCore

@Suite("Apple Health copies of synced workouts (docs/formats.md §4.3)")
struct SyncedDuplicatesTests {
    func workout(_ source: WorkoutSource, _ key: String, _ start: String, minutes: Int?, sets: Bool) throws -> StoredWorkout {
        let blocks = sets ? [ExerciseBlock(name: "Squat (Barbell)", sets: [WorkoutSet(weightKg: 100, reps: 5)])] : []
        let w = Workout(
            source: source, sourceKey: key, start: try #require(WallTime.parse(start)),
            durationSeconds: minutes.map { $0 * 60 }, name: key, exercises: blocks)
        return StoredWorkout(id: Int64(key.utf8.count), workout: w)
    }

    @Test("an overlapping Health workout without sets is left out; others stay")
    func overlap() throws {
        let history = WorkoutHistory(workouts: [
            try workout(.strong, "strong", "2026-11-16 18:00:00", minutes: 60, sets: true),
            try workout(.appleHealth, "copy", "2026-11-16 18:02:00", minutes: 55, sets: false),      // copy
            try workout(.appleHealth, "run", "2026-11-16 19:00:00", minutes: 30, sets: false),       // touches the end
            try workout(.appleHealth, "morning", "2026-11-17 07:00:00", minutes: 30, sets: false),   // alone
            try workout(.hevy, "hevy", "2026-11-18 07:00:00", minutes: nil, sets: true),             // an instant
            try workout(.appleHealth, "around", "2026-11-18 06:50:00", minutes: 20, sets: false),    // contains it
            try workout(.appleHealth, "before", "2026-11-18 06:00:00", minutes: 60, sets: false),    // ends at it
        ])
        let (kept, removed) = SyncedDuplicates.removingHealthCopies(from: history)
        #expect(removed == 2)
        #expect(kept.workouts.map(\.workout.sourceKey) == ["strong", "run", "morning", "before", "hevy"])
    }

    @Test("without another source nothing is removed")
    func healthOnly() throws {
        let history = WorkoutHistory(workouts: [
            try workout(.appleHealth, "a", "2026-11-16 18:00:00", minutes: 60, sets: false),
            try workout(.appleHealth, "b", "2026-11-16 18:30:00", minutes: 60, sets: false),
        ])
        #expect(SyncedDuplicates.removingHealthCopies(from: history).removed == 0)
    }

    @Test("leaving copies out keeps the bodyweight measurements, the stored schedule and the times of day")
    func restOfHistoryKept() throws {
        var history = WorkoutHistory(
            workouts: [
                try workout(.strong, "strong", "2026-11-16 18:00:00", minutes: 60, sets: true),
                try workout(.appleHealth, "copy", "2026-11-16 18:02:00", minutes: 55, sets: false),
            ],
            storedSchedule: Schedule(days: [.monday: "Push"]))
        let day = try #require(CivilDate.parse("2026-11-16"))
        history.body = [BodyMeasurement(day: day, weightKg: 81.5, source: "Health")]
        history.timesOfDay = false
        let (kept, removed) = SyncedDuplicates.removingHealthCopies(from: history)
        #expect(removed == 1)
        #expect(kept.workouts.map(\.workout.sourceKey) == ["strong"])
        #expect(kept.body == history.body)
        #expect(kept.storedSchedule == history.storedSchedule)
        #expect(!kept.timesOfDay)
        // Nothing to leave out: the same history.
        let alone = WorkoutHistory(workouts: [try workout(.strong, "strong", "2026-11-16 18:00:00", minutes: 60, sets: true)])
        #expect(SyncedDuplicates.removingHealthCopies(from: alone).history.workouts == alone.workouts)
    }
}
