import Testing
import WktCore
@testable import WktStore

@Suite("A ten-year history (bulk import and load; speed is measured by the benchmark, not here)")
struct LargeHistoryTests {
    /// 2,100 workouts, each with 4 exercises of 5, 5, 5 and 4 sets: 39,900 sets.
    private static func tenYears() -> [Workout] {
        let exercises = ["Squat", "Bench Press (Barbell)", "Deadlift", "Overhead Press", "Row", "Chin-up"]
        return (0..<2100).map { i in
            let date = CivilDate(dayNumber: 16_000 + (i * 365 * 10) / 2100)
            guard let start = WallTime(date: date, hour: 6 + i % 12, minute: i % 60) else { preconditionFailure("bad time") }
            let blocks = (0..<4).map { b in
                ExerciseBlock(
                    name: exercises[(i + b) % exercises.count],
                    sets: (0..<(b == 3 ? 4 : 5)).map { s in
                        WorkoutSet(kind: s == 0 ? .warmup : .normal, weightKg: Double(40 + (i + s) % 80) + 0.25, reps: 3 + s)
                    })
            }
            return Workout(
                source: .demo, sourceKey: "demo-\(i)", start: start, durationSeconds: 3000 + i,
                name: "Workout \(i % 7)", exercises: blocks)
        }
    }

    @Test("2,100 workouts and 39,900 sets load back complete and in order")
    func loadTenYears() throws {
        try TempFolder.withStore { folder, _ in
            let workouts = Self.tenYears()
            let store = try WorkoutStore.open(path: folder.file("big.sqlite"), mode: .readWrite)
            let outcome = try store.apply(
                StoreFixtures.entries(StoreFixtures.batch(workouts, file: "demo", format: "demo")), dryRun: false)
            #expect(outcome == [ImportOutcome(added: 2100, updated: 0, unchanged: 0, sets: 39_900)])
            let again = try store.apply(
                StoreFixtures.entries(StoreFixtures.batch(workouts, file: "demo", format: "demo")), dryRun: false)
            #expect(again == [ImportOutcome(added: 0, updated: 0, unchanged: 2100, sets: 0)])

            let readOnly = try WorkoutStore.open(path: folder.file("big.sqlite"), mode: .readOnly)
            let history = try readOnly.loadHistory()
            #expect(history.workouts.count == 2100)
            #expect(history.workouts.reduce(0) { $0 + $1.workout.allSets.count } == 39_900)
            // Generated in date order, so walk order is generation order.
            #expect(history.workouts.map(\.workout) == workouts)
        }
    }
}
