import Testing
@testable import WktCore
import WktTestSupport

/// A 10-year history the size of `wkt-site demo --years 10` (2,100 workouts, 120 exercises,
/// 40,000 sets). Not timed (speed is the benchmark's job); checks sums against a direct count.
@Suite("Ten-year history")
struct TenYearHistoryTests {
    static func history() -> [StoredWorkout] {
        var rng = SplitMix64(seed: 10)
        var workouts: [StoredWorkout] = []
        var day = H.d("2016-11-21")
        for id in 0..<2_100 {
            day = day.adding(days: rng.int(in: 1...2))
            let blocks = (0..<5).map { b -> ExerciseBlock in
                let exercise = (id * 7 + b * 13) % 120
                let sets = (0..<(b < 4 ? 4 : 3)).map { s -> WorkoutSet in
                    if s == 0 { return H.warm(20, 10) }
                    let bodyweight = exercise % 10 == 0
                    return H.s(bodyweight ? nil : Double(rng.int(in: 40...400)) / 2, rng.int(in: 1...15))
                }
                return H.ex("Exercise \(exercise)", sets)
            }
            guard let start = WallTime(date: day, hour: rng.int(in: 0...23), minute: 0) else { continue }
            workouts.append(
                StoredWorkout(id: Int64(id), workout: Workout(source: .demo, sourceKey: "\(id)", start: start, name: "W", exercises: blocks))
            )
        }
        return workouts
    }

    @Test("sums agree with a direct count; weeks sum to the totals")
    func sums() {
        let workouts = Self.history()
        let sets = workouts.flatMap(\.workout.allSets)
        #expect(workouts.count == 2_100 && sets.count >= 39_900)
        let today = H.d("2030-01-01")
        let report = StatsEngine.compute(history: WorkoutHistory(workouts: workouts), settings: H.settings(cutoff: 4), today: today)
        let working = sets.filter { $0.kind != .warmup }
        let gramReps = working.reduce(0) { $0 + Int(($1.weightKg ?? 0) * 1000) * ($1.reps ?? 0) }
        #expect(report.totals.workouts == 2_100)
        #expect(report.totals.workingSets == working.count)
        #expect(report.totals.reps == working.reduce(0) { $0 + ($1.reps ?? 0) })
        #expect(Int((report.totals.volumeKg * 1000).rounded()) == gramReps)
        #expect(report.weeks.reduce(0) { $0 + $1.workouts } == 2_100)
        #expect(report.weeks.reduce(0) { $0 + $1.workingSets } == working.count)
        #expect(report.exercises.count == 120)
        #expect(report.exercises.reduce(0) { $0 + $1.workingSets } == working.count)
        #expect(report.workouts.count == 2_100)
    }
}
