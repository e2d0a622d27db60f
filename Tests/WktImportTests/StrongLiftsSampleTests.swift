import Testing
import WktCore
@testable import WktImport

/// The two real StrongLifts exports: the same five workouts written in kg and in lb. The counts
/// were computed independently with python3's `csv` module (`encoding='utf-8-sig'`): workouts =
/// distinct (`Date`, `Workout`); exercises = data rows; done sets = pairs, up to the first empty
/// one, whose reps are above 0; Σ reps over those sets.
@Suite("StrongLifts real exports", .enabled(if: Samples.available))
struct StrongLiftsSampleTests {
    private static func path(_ unit: String) -> String {
        Samples.root + "/stronglifts/stronglifts-export-\(unit).csv"
    }

    private func load(_ unit: String) throws -> ImportBatch {
        try FileImporter.read(path: Self.path(unit), options: ImportOptions())
    }

    @Test("kg export: 5 workouts, 15 exercises, 52 done sets, 248 reps; two workouts on 2026/08/11")
    func kilogramSample() throws {
        let batch = try load("kg")
        #expect(batch.format == "stronglifts/kg")
        #expect(batch.unitAssumed == nil)
        #expect(batch.skipped == [])
        #expect(batch.warnings == [])
        // Body Weight (KG) 83.5 on both days; the lb export holds the same kg value.
        #expect(batch.body.map(\.day.description) == ["2026-08-11", "2026-08-13"])
        #expect(batch.body.allSatisfy { $0.weightKg == 83.5 && $0.source == "stronglifts" })
        #expect(batch.workouts.count == 5)
        #expect(batch.workouts.reduce(0) { $0 + $1.exercises.count } == 15)
        #expect(batch.setCount == 52)
        #expect(batch.workouts.flatMap(\.allSets).reduce(0) { $0 + ($1.reps ?? 0) } == 248)
        #expect(batch.workouts.map(\.sourceKey) == [
            "2026/08/11#1", "2026/08/11#2", "2026/08/13#3", "2026/08/13#4", "2026/08/13#5",
        ])
        #expect(batch.workouts.map(\.name) == ["Workout A", "Workout B", "Workout A", "Workout B", "Workout C"])
        #expect(batch.workouts.map(\.start) == [
            wall(2026, 8, 11, 22, 56), wall(2026, 8, 11, 22, 57), wall(2026, 8, 13, 22, 20), wall(2026, 8, 13, 22, 20),
            wall(2026, 8, 13, 22, 21),
        ])
        // 0.0094444, 0.0086111, 0.0030556, 0.0036111 and 0.0030556 hours.
        #expect(batch.workouts.map(\.durationSeconds) == [34, 31, 11, 13, 11])
        #expect(batch.workouts.map(\.notes) == [
            "Program: Stronglifts 5×5", "Program: Stronglifts 5×5", "Program: Test", "Program: Test", "Program: Test",
        ])
        let a = batch.workouts[0]
        let b = batch.workouts[1]
        #expect(a.exercises.map(\.name) == ["Squat", "Bench Press", "Barbell Row"])
        #expect(b.exercises.map(\.name) == ["Squat", "Overhead Press", "Deadlift"])
        #expect(batch.workouts.map { $0.exercises.map(\.sets.count) } == [
            [4, 3, 5], [4, 4, 1], [4, 2, 3], [3, 3, 2], [5, 4, 5],
        ])
        // Line 3: Bench Press 3,70,5,70,0,70,5,70,0,70 — the 0-rep slots are no sets.
        #expect(a.exercises[1].sets == [
            WorkoutSet(weightKg: 70, reps: 3), WorkoutSet(weightKg: 70, reps: 5), WorkoutSet(weightKg: 70, reps: 5),
        ])
        #expect(b.exercises[2].sets == [WorkoutSet(weightKg: 75, reps: 4)])
    }

    @Test("every row's done sets add up to StrongLifts' own Reps, Volume and Workout Volume (kg and lb)")
    func derivedColumns() throws {
        for unit in ["kg", "lb"] {
            let batch = try load(unit)
            let table = try CSVReader.read(bytes: try FileImporter.readFile(path: Self.path(unit)), file: unit)
            let label = unit.uppercased()
            func column(_ name: String) throws -> Int { try #require(table.header.firstIndex(of: name), "\(name)") }
            let reps = try column("Reps")
            let volume = try column("Volume (\(label))")
            let workoutVolume = try column("Workout Volume (\(label))")
            let blocks = batch.workouts.flatMap { workout in workout.exercises.map { (workout.sourceKey, $0) } }
            try #require(blocks.count == table.rowCount)
            // Σ reps × weight in the file's unit (an lb weight went through kg rounded to the gram).
            let perUnit = unit == "kg" ? 1 : WeightUnit.kilogramsPerPound
            func lifted(_ sets: [WorkoutSet]) -> Double {
                sets.reduce(0) { $0 + ($1.weightKg ?? 0) / perUnit * Double($1.reps ?? 0) }
            }
            for (row, (key, block)) in blocks.enumerated() {
                let place = "\(unit) line \(table.lines[row])"
                #expect(block.sets.reduce(0) { $0 + ($1.reps ?? 0) } == Int(table.string(row, reps)), "\(place)")
                let written = try #require(Double(table.string(row, volume)))
                #expect(abs(lifted(block.sets) - written) < 0.5, "\(place): \(lifted(block.sets)) vs \(written)")
                let workout = try #require(batch.workouts.first { $0.sourceKey == key })
                let total = try #require(Double(table.string(row, workoutVolume)))
                #expect(abs(lifted(workout.allSets) - total) < 0.5, "\(place)")
            }
        }
    }

    @Test("the lb export gives the same workouts and sets as the kg export, weights within 0.1 lb")
    func poundsMatchKilograms() throws {
        let kg = try load("kg")
        let lb = try load("lb")
        #expect(lb.format == "stronglifts/lb")
        #expect(lb.warnings == kg.warnings)
        #expect(lb.body == kg.body)
        #expect(lb.workouts.count == kg.workouts.count)
        for (k, p) in zip(kg.workouts, lb.workouts) {
            #expect(p.sourceKey == k.sourceKey)
            #expect(p.name == k.name && p.start == k.start && p.durationSeconds == k.durationSeconds && p.notes == k.notes)
            #expect(p.exercises.map(\.name) == k.exercises.map(\.name))
            let kSets = k.allSets
            let pSets = p.allSets
            #expect(pSets.map(\.reps) == kSets.map(\.reps), "\(k.sourceKey)")
            for (ks, ps) in zip(kSets, pSets) {
                let pounds = abs((ps.weightKg ?? 0) - (ks.weightKg ?? 0)) / WeightUnit.kilogramsPerPound
                #expect(pounds < 0.1, "\(k.sourceKey): \(ks) vs \(ps)")
            }
        }
    }
}
