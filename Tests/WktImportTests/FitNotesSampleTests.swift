import Testing
import WktCore
@testable import WktImport

/// The two real FitNotes exports. Every expected number was computed independently with python3's
/// `csv` module: workouts = distinct `Date`; sets = data rows (a row with surplus fields rejoined
/// as `Date`, `,`.join(fields[1 … 1+surplus]), rest); Σ kg = Σ round(w × 1000) / 1000 over weights
/// > 0 (lbs × 0.45359237 first); Σ reps; Σ metres = Σ round(d × 1609.344 × 100) / 100 over `mi`
/// distances > 0 (the `m` rows all run slower than 0.1 m/s); Σ seconds of `Time`; blocks = runs of
/// equal (`Date`, `Exercise`).
@Suite("FitNotes real exports", .enabled(if: Samples.available))
struct FitNotesSampleTests {
    private func load(_ name: String) throws -> ImportBatch {
        try FileImporter.read(path: Samples.root + "/fitnotes/" + name, options: ImportOptions())
    }

    private func sums(_ batch: ImportBatch) -> (kg: Double, reps: Int, metres: Double, seconds: Double, blocks: Int) {
        let sets = batch.workouts.flatMap(\.allSets)
        return (
            sets.reduce(0) { $0 + ($1.weightKg ?? 0) }, sets.reduce(0) { $0 + ($1.reps ?? 0) },
            sets.reduce(0) { $0 + ($1.distanceM ?? 0) }, sets.reduce(0) { $0 + ($1.seconds ?? 0) },
            batch.workouts.reduce(0) { $0 + $1.exercises.count }
        )
    }

    @Test("2025, 9 columns: 99 rows with unquoted commas repaired; 78 workouts, 1,624 sets")
    func nineColumnSample() throws {
        let batch = try load("fitnotes-android-2025-9col-unquoted-commas-full.csv")
        #expect(batch.format == "fitnotes/9col")
        #expect(batch.workouts.count == 78)
        #expect(batch.setCount == 1624)
        #expect(batch.skipped == [])
        let totals = sums(batch)
        #expect(abs(totals.kg - 30734.7) < 0.0005)
        #expect(totals.reps == 14207)
        #expect(totals.metres == 0)
        #expect(totals.blocks == 497)
        #expect(batch.readingWarnings == [
            "joined the surplus fields of 99 rows back into the exercise name (FitNotes writes names holding "
                + "commas unquoted), first on line 13",
        ])
        let blocks = batch.workouts.flatMap(\.exercises)
        func sets(named name: String) -> Int { blocks.filter { $0.name == name }.reduce(0) { $0 + $1.sets.count } }
        #expect(sets(named: "Overhead Press (Each Side, Dumbbells)") == 84)
        #expect(sets(named: "Bench Press (With Bar, Each Side)") == 9)
        #expect(sets(named: "Rear Delt Pulling (Each Side, Cable In Front Of Eyes Area)") == 6)
        #expect(blocks.filter { $0.name.contains(",") }.reduce(0) { $0 + $1.sets.count } == 99)

        let first = try #require(batch.workouts.first)
        #expect(first.sourceKey == "2025-04-29")
        #expect(first.start == wall(2025, 4, 29, 12, 0))
        #expect(first.name == "Chest, Back, Shoulders, Biceps, Triceps")
        #expect(first.exercises.map(\.name) == [
            "Flat Barbell Bench Press (Each Side) (Smith Machine)", "Seated Cable Row",
            "Overhead Press (Each Side, Dumbbells)", "Dumbbell Curl (Each Side)", "Cable Overhead Triceps Extension",
            "Lat Pulldown",
        ])
        #expect(first.exercises.map(\.sets.count) == [6, 5, 4, 3, 4, 5])
        // Line 13: 2025-04-29,Overhead Press (Each Side, Dumbbells),Shoulders,8.0,kgs,5,,,
        #expect(first.exercises[2].sets.first == WorkoutSet(weightKg: 8, reps: 5))
        // Line 1530: 2025-09-09,Rear Delt Pulling (Each Side, Cable In Front Of Eyes Area),Shoulders,1.25,kgs,12,,,
        let september = try #require(batch.workouts.first { $0.sourceKey == "2025-09-09" })
        let rearDelt = try #require(september.exercises.first { $0.name.hasPrefix("Rear Delt Pulling") })
        #expect(rearDelt.sets.first == WorkoutSet(weightKg: 1.25, reps: 12))
        #expect(batch.workouts.last?.sourceKey == "2025-09-16")
    }

    @Test("2017, 8 columns in lbs: 89 workouts, 1,707 sets, miles and H:MM:SS, implausible metres left out")
    func eightColumnSample() throws {
        let batch = try load("fitnotes-android-2017-lbs-header-head.csv")
        #expect(batch.format == "fitnotes/8col-lbs")
        #expect(batch.workouts.count == 89)
        #expect(batch.setCount == 1707)
        #expect(batch.skipped == [])
        let totals = sums(batch)
        #expect(abs(totals.kg - 47739.405) < 0.0005)
        #expect(totals.reps == 25461)
        #expect(abs(totals.metres - 56922.50) < 0.005)
        #expect(totals.seconds == 51384)
        #expect(batch.workouts.flatMap(\.allSets).filter { $0 == WorkoutSet() }.count == 12)
        #expect(batch.warnings == [
            "left out 7 distances in m too slow for their time (the unit is probably km or mi; the time is kept): "
                + "line 1082: 3.37 m in 0:32:32; line 1128: 2.73 m in 0:32:20; line 1129: 2.4 m in 0:22:15; "
                + "line 1154: 2.44 m in 0:26:56; line 1227: 1.28 m in 0:11:06; line 1421: 2.15 m in 0:25:00; "
                + "line 1519: 1.09 m in 0:11:35",
        ])
        let first = try #require(batch.workouts.first)
        #expect(first.sourceKey == "2017-06-23")
        #expect(first.name == "Chest, Abs, Biceps, Shoulders, Cardio")
        #expect(first.allSets.count == 28)
        // Line 2: Pushups,Chest,0.0,22 — bodyweight. Line 25: Running (Treadmill),Cardio,,,1.23,mi,0:09:21.
        #expect(first.allSets.first == WorkoutSet(reps: 22))
        let run = try #require(first.exercises.first { $0.name == "Running (Treadmill)" })
        #expect(run.sets == [WorkoutSet(seconds: 561, distanceM: 1979.49)])
    }
}
