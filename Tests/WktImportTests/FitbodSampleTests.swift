import Testing
import WktCore
@testable import WktImport

/// The real Fitbod export excerpt. Every expected number was computed independently with python3's
/// `csv` module: workouts = distinct `Date`; sets = data rows; warm-ups = rows with `isWarmup`
/// `true`; Σ kg = Σ round(w × 1000) / 1000 over weights > 0; Σ reps; Σ seconds of `Duration(s)`;
/// Σ metres = Σ round(d × 100) / 100; blocks = runs of equal (`Date`, `Exercise`).
@Suite("Fitbod real export", .enabled(if: Samples.available))
struct FitbodSampleTests {
    static let file = "fitbod/fitbod-2019-21-chrsilvi-excerpt.csv"

    private func load(zone: String = "UTC") throws -> ImportBatch {
        try FileImporter.read(path: Samples.root + "/" + Self.file, options: ImportOptions(timeZone: zone))
    }

    @Test("detected as fitbod; 23 workouts, 552 sets: 47 warm-ups and 505 working sets; sums as counted")
    func counts() throws {
        #expect(try FileImporter.detectFormat(path: Samples.root + "/" + Self.file) == .fitbod)
        let batch = try load()
        #expect(batch.format == "fitbod")
        #expect(batch.workouts.count == 23)
        #expect(batch.setCount == 552)
        #expect(batch.skipped == [])
        #expect(batch.warnings == [])
        let sets = batch.workouts.flatMap(\.allSets)
        #expect(sets.filter { $0.kind == .warmup }.count == 47)
        #expect(sets.filter(\.isWorking).count == 505)
        #expect(sets.filter { $0.kind == .normal }.count == 505)
        #expect(abs(sets.reduce(0) { $0 + ($1.weightKg ?? 0) } - 9650.229) < 0.0005)
        #expect(sets.reduce(0) { $0 + ($1.reps ?? 0) } == 6208)
        #expect(abs(sets.reduce(0) { $0 + ($1.seconds ?? 0) } - 701.478059053421) < 1e-9)
        #expect(abs(sets.reduce(0) { $0 + ($1.distanceM ?? 0) } - 927.23) < 1e-9)
        #expect(batch.workouts.reduce(0) { $0 + $1.exercises.count } == 139)
        let keys = batch.workouts.map(\.sourceKey)
        #expect(Set(keys).count == 23)
        #expect(batch.workouts.map(\.start) == batch.workouts.map(\.start).sorted(), "oldest first")
    }

    @Test("the newest workout in New York: 17:14 on 2021-01-17; a 00:06 UTC workout falls on the day before")
    func details() throws {
        let batch = try load(zone: "America/New_York")
        let newest = try #require(batch.workouts.last)
        #expect(newest.sourceKey == "2021-01-17 22:14:35 +0000")
        #expect(newest.start == wall(2021, 1, 17, 17, 14, 35))
        #expect(newest.exercises.map(\.name) == [
            "Back Squat", "Barbell Decline Bench Press", "Dumbbell Bicep Curl", "Dumbbell Lunge", "Dumbbell Fly",
            "Hammer Curls", "Sit Up",
        ])
        // Line 2: Back Squat, 4 × 45 lb warm-up; line 12: Dumbbell Bicep Curl 22.5 lb each, multiplier 2.0.
        #expect(newest.exercises[0].sets.first == WorkoutSet(kind: .warmup, weightKg: 20.412, reps: 4))
        #expect(newest.exercises[2].sets.first == WorkoutSet(weightKg: 10.206, reps: 8))
        let late = try #require(batch.workouts.first { $0.sourceKey == "2021-01-15 00:06:05 +0000" })
        #expect(late.start == wall(2021, 1, 14, 19, 6, 5))
        let walking = try #require(batch.workouts.first)
        #expect(walking.sourceKey == "2020-12-07 14:42:34 +0000")
        #expect(walking.start == wall(2020, 12, 7, 9, 42, 34))
        #expect(walking.exercises.map(\.name) == ["Walking"])
        #expect(walking.allSets == [WorkoutSet(seconds: 611.478059053421, distanceM: 927.23)])
        // Two workouts three minutes apart on 2020-12-24 stay two, oldest first.
        #expect(batch.workouts.map(\.sourceKey).filter { $0.hasPrefix("2020-12-24") } == [
            "2020-12-24 20:49:07 +0000", "2020-12-24 20:51:44 +0000",
        ])
    }
}
