import Foundation
import Testing
import WktCore
@testable import WktStore

@Suite("Import policy (docs/formats.md §6) on an in-memory store")
struct ImportPolicyTests {
    @Test("a rich workout round-trips field by field, NFD names merged into NFC")
    func richRoundTrip() throws {
        let store = try WorkoutStore.inMemory()
        let input = StoreFixtures.richWorkout()
        let outcomes = try store.apply(StoreFixtures.entries(StoreFixtures.batch([input], format: "wkt")), dryRun: false)
        #expect(outcomes == [ImportOutcome(added: 1, updated: 0, unchanged: 0, sets: 7)])

        var expected = input
        expected.exercises[0].name = "Caf\u{e9} Curl"
        let history = try store.loadHistory()
        #expect(history.workouts.count == 1)
        let loaded = try #require(history.workouts.first).workout
        #expect(loaded == expected)
        #expect(Array(loaded.exercises[0].name.utf8) == Array("Caf\u{e9} Curl".utf8))
        #expect(loaded.exercises[0].name.utf8.count == 10)
        #expect(loaded.checkIns.map(\.name) == ["energy", "knee_pain"])
        #expect(loaded.exercises[0].painFlag && loaded.exercises[0].plannedSets == 4)
        #expect(loaded.utcOffsetSeconds == 3600)
        // "Cafe\u{301} Curl" and "Caf\u{e9} Curl" are one exercise row, stored as NFC bytes. (Compare
        // bytes: Swift's String == treats the two spellings as equal.)
        #expect(try store.tableRows("exercise").map { Array($0.utf8) }
            == ["1|'Caf\u{e9} Curl'", "2|'Plank'", "3|'Rowing Machine'"].map { Array($0.utf8) })
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("I-14: importing the same batch twice adds nothing and changes no table but the log")
    func idempotentReimport() throws {
        let store = try WorkoutStore.inMemory()
        let workouts = (1...5).map { StoreFixtures.simpleWorkout(day: $0) } + [StoreFixtures.richWorkout()]
        let batch = StoreFixtures.batch(workouts)
        let first = try store.apply(StoreFixtures.entries(batch), dryRun: false)
        #expect(first == [ImportOutcome(added: 6, updated: 0, unchanged: 0, sets: 5 * 3 + 7)])
        let before = try dataDump(store)

        let second = try store.apply(StoreFixtures.entries(batch), dryRun: false)
        #expect(second == [ImportOutcome(added: 0, updated: 0, unchanged: 6, sets: 0)])
        #expect(try dataDump(store) == before)
        #expect(try store.importLog().count == 2)
        #expect(try store.tableRows("import_log").last?.hasSuffix("|0|0|6|0|0") == true)
    }

    @Test("an edited workout is updated in place: same id, no duplicate, new content")
    func editedWorkoutUpdates() throws {
        let store = try WorkoutStore.inMemory()
        let original = [StoreFixtures.simpleWorkout(day: 1), StoreFixtures.simpleWorkout(day: 2)]
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch(original)), dryRun: false)
        let idsBefore = try store.loadHistory().workouts.map(\.id)

        var edited = StoreFixtures.simpleWorkout(day: 2, sets: 4, weight: 102.5)
        edited.exercises.append(ExerciseBlock(name: "Leg Press", sets: [WorkoutSet(weightKg: 200, reps: 10)]))
        let outcome = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 1), edited])), dryRun: false)
        #expect(outcome == [ImportOutcome(added: 0, updated: 1, unchanged: 1, sets: 5)])

        let after = try store.loadHistory().workouts
        #expect(after.map(\.id) == idsBefore)
        #expect(after[1].workout == edited)
        #expect(try store.tableRows("workout_set").count == 3 + 5)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("an edit that drops an exercise also drops the exercise row no block uses")
    func orphanExerciseRemoved() throws {
        let store = try WorkoutStore.inMemory()
        var workout = StoreFixtures.simpleWorkout(day: 1)
        workout.exercises.append(ExerciseBlock(name: "Lunge", sets: [WorkoutSet(reps: 10)]))
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([workout])), dryRun: false)
        #expect(try store.tableRows("exercise").count == 2)
        _ = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 1)])), dryRun: false)
        #expect(try store.tableRows("exercise") == ["1|'Squat'"])
    }

    @Test("fields a batch does not carry keep their stored values (Strong A′ has no notes)")
    func carriedFieldsMerge() throws {
        let store = try WorkoutStore.inMemory()
        let full = StoreFixtures.simpleWorkout(day: 3)
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([full])), dryRun: false)

        // The same workout from a file without notes columns, duration or RPE.
        var bare = full
        bare.notes = nil
        bare.durationSeconds = nil
        bare.exercises[0].notes = nil
        for s in bare.exercises[0].sets.indices { bare.exercises[0].sets[s].rpe = nil }
        let outcome = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch([bare], format: "strong/A'", carried: [])), dryRun: false)
        #expect(outcome == [ImportOutcome(added: 0, updated: 0, unchanged: 1, sets: 0)])
        #expect(try store.loadHistory().workouts.map(\.workout) == [full])

        // A real edit from that file keeps the uncarried fields and takes the carried ones.
        var editedBare = bare
        editedBare.exercises[0].sets[0].reps = 6
        let edit = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch([editedBare], format: "strong/A'", carried: [.rpe])),
            dryRun: false)
        #expect(edit == [ImportOutcome(added: 0, updated: 1, unchanged: 0, sets: 3)])
        let loaded = try #require(try store.loadHistory().workouts.first).workout
        #expect(loaded.notes == "note 3")
        #expect(loaded.durationSeconds == 3600)
        #expect(loaded.exercises[0].notes == "depth ok")
        #expect(loaded.exercises[0].sets.map(\.reps) == [6, 5, 5])
        #expect(loaded.exercises[0].sets.map(\.rpe) == [nil, nil, nil])
    }

    @Test("a batch that carries notes can clear them")
    func carriedEmptyNotesClear() throws {
        let store = try WorkoutStore.inMemory()
        let full = StoreFixtures.simpleWorkout(day: 4)
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([full])), dryRun: false)
        var cleared = full
        cleared.notes = nil
        let outcome = try store.apply(StoreFixtures.entries(StoreFixtures.batch([cleared])), dryRun: false)
        #expect(outcome == [ImportOutcome(added: 0, updated: 1, unchanged: 0, sets: 3)])
        #expect(try store.loadHistory().workouts.first?.workout.notes == nil)
    }

    @Test("weights equal after 0.001 kg rounding are the same content (22.6796185 = 22.680)")
    func weightRounding() throws {
        let store = try WorkoutStore.inMemory()
        var c = StoreFixtures.simpleWorkout(day: 5, weight: 22.6796185)
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([c])), dryRun: false)
        c.exercises[0].sets = c.exercises[0].sets.map { var s = $0; s.weightKg = 22.68; return s }
        let outcome = try store.apply(StoreFixtures.entries(StoreFixtures.batch([c])), dryRun: false)
        #expect(outcome == [ImportOutcome(added: 0, updated: 0, unchanged: 1, sets: 0)])
        #expect(try store.loadHistory().workouts.first?.workout.exercises[0].sets[0].weightKg == 22.68)
    }

    @Test("batches apply in order: a later batch sees an earlier one, identities stay unique")
    func batchesSeeEachOther() throws {
        let store = try WorkoutStore.inMemory()
        let a = StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 1), StoreFixtures.simpleWorkout(day: 2)], file: "a.csv")
        let b = StoreFixtures.batch(
            [StoreFixtures.simpleWorkout(day: 2), StoreFixtures.simpleWorkout(day: 3, sets: 2)], file: "b.csv")
        let outcomes = try store.apply(StoreFixtures.entries(a, b), dryRun: false)
        #expect(outcomes == [
            ImportOutcome(added: 2, updated: 0, unchanged: 0, sets: 6),
            ImportOutcome(added: 1, updated: 0, unchanged: 1, sets: 2),
        ])
        #expect(try store.loadHistory().workouts.count == 3)
        #expect(try store.importLog().map(\.file) == ["a.csv", "b.csv"])
        #expect(try store.importLog().first == StoreFixtures.log(for: a))
    }

    @Test("the same key from two sources is two workouts")
    func identityIncludesSource() throws {
        let store = try WorkoutStore.inMemory()
        let strong = StoreFixtures.simpleWorkout(day: 1, source: .strong)
        let hevy = StoreFixtures.simpleWorkout(day: 1, source: .hevy)
        let outcome = try store.apply(StoreFixtures.entries(StoreFixtures.batch([strong, hevy])), dryRun: false)
        #expect(outcome == [ImportOutcome(added: 2, updated: 0, unchanged: 0, sets: 6)])
    }

    @Test("all-or-nothing: a second batch that breaks a constraint leaves the store unchanged")
    func allOrNothing() throws {
        let store = try WorkoutStore.inMemory()
        _ = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 1)], file: "old.csv")),
            dryRun: false)
        let before = try store.dump()

        let good = StoreFixtures.batch(
            [StoreFixtures.simpleWorkout(day: 2), StoreFixtures.richWorkout()], file: "good.json", format: "wkt")
        var badWorkout = StoreFixtures.richWorkout(key: "bad")
        badWorkout.rating = 9
        let bad = StoreFixtures.batch([badWorkout], file: "bad.json", format: "wkt")
        #expect {
            try store.apply(StoreFixtures.entries(good, bad), dryRun: false)
        } throws: { error in
            guard case let .invalidData(_, file, detail) = error as? StoreError else { return false }
            return file == "bad.json" && detail.contains("workout bad") && detail.contains("the rating must be 1 to 5")
                && (error as? StoreError)?.exitCode == 65
        }
        #expect(try store.dump() == before)
    }

    @Test("non-finite numbers are rejected before SQLite turns NaN into NULL")
    func nonFiniteRejected() throws {
        let store = try WorkoutStore.inMemory()
        var workout = StoreFixtures.simpleWorkout(day: 1)
        workout.exercises[0].sets[1].weightKg = .nan
        #expect(throws: StoreError.invalidData(
            path: ":memory:", file: "strong.csv",
            detail: "workout 2024-01-01 18:30:00: exercise 1 (Squat) set 2: weight_kg is nan")
        ) {
            try store.apply(StoreFixtures.entries(StoreFixtures.batch([workout])), dryRun: false)
        }
        #expect(try store.loadHistory().workouts.isEmpty)
    }

    @Test("a dry run reports the real outcomes and writes nothing")
    func dryRun() throws {
        let store = try WorkoutStore.inMemory()
        _ = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 1)])), dryRun: false)
        let before = try store.dump()
        let batch = StoreFixtures.batch(
            [StoreFixtures.simpleWorkout(day: 1, sets: 4), StoreFixtures.simpleWorkout(day: 2)],
            schedule: Schedule(days: [.monday: "Legs"]))
        let dry = try store.apply(StoreFixtures.entries(batch), dryRun: true)
        #expect(dry == [ImportOutcome(added: 1, updated: 1, unchanged: 0, sets: 7)])
        #expect(try store.dump() == before)
        let real = try store.apply(StoreFixtures.entries(batch), dryRun: false)
        #expect(real == dry)
    }

    @Test("a batch's schedule replaces the stored one; nil leaves it")
    func scheduleReplacement() throws {
        let store = try WorkoutStore.inMemory()
        #expect(try store.loadHistory().storedSchedule == nil)
        let ppl = Schedule(days: [.monday: "Legs", .tuesday: "Push", .wednesday: "Pull"])
        _ = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch([], file: "backup.json", format: "gym-baazi", schedule: ppl)),
            dryRun: false)
        #expect(try store.loadHistory().storedSchedule == ppl)
        #expect(try store.tableRows("schedule") == [
            "1|'Legs'|'gym-baazi'|'backup.json'", "2|'Push'|'gym-baazi'|'backup.json'",
            "3|'Pull'|'gym-baazi'|'backup.json'",
        ])
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([])), dryRun: false)
        #expect(try store.loadHistory().storedSchedule == ppl)
        let plan = Schedule(days: [.friday: "Full Body"])
        _ = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch([], file: "plan.json", format: "wkt", schedule: plan)),
            dryRun: false)
        #expect(try store.loadHistory().storedSchedule == plan)
    }

    @Test("history is ordered by start, then name, then id, whatever the import order")
    func historyOrder() throws {
        let store = try WorkoutStore.inMemory()
        let late = StoreFixtures.simpleWorkout(day: 9)
        let early = StoreFixtures.simpleWorkout(day: 2)
        var twin = StoreFixtures.simpleWorkout(day: 2)
        twin.sourceKey = "twin"
        twin.name = "A twin"
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([late, early, twin])), dryRun: false)
        let history = try store.loadHistory()
        #expect(history.workouts.map(\.workout.name) == ["A twin", "Day 2", "Day 9"])
        #expect(history.workouts.map(\.id) == [3, 2, 1])
    }

    @Test("I-29: hostile and 10,000-character names are stored and read back byte-exact")
    func hostileNames() throws {
        let store = try WorkoutStore.inMemory()
        let injection = "x'); DROP TABLE sets;--"
        let long = String(repeating: "\u{e9}", count: 5000) + String(repeating: "x", count: 5000)
        var workout = StoreFixtures.simpleWorkout(day: 1)
        workout.name = injection
        workout.notes = long
        workout.exercises = [
            ExerciseBlock(name: injection, notes: injection, sets: [WorkoutSet(reps: 1, notes: injection)]),
            ExerciseBlock(name: long, sets: [WorkoutSet(reps: 2)]),
        ]
        workout.checkIns = [CheckIn(name: injection, value: 2)]
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([workout], file: injection)), dryRun: false)
        let loaded = try #require(try store.loadHistory().workouts.first).workout
        #expect(loaded == workout)
        #expect(Array(loaded.exercises[1].name.utf8) == Array(long.utf8))
        #expect(loaded.exercises[1].name.count == 10_000)
        #expect(Array(loaded.exercises[0].name.utf8) == Array(injection.utf8))
        #expect(try store.tableNames().contains("workout_set"))
        #expect(try store.importLog().first?.file == injection)
    }

    @Test("the schema version is the number of the newest migration")
    func schemaVersion() throws {
        #expect(try WorkoutStore.inMemory().schemaVersion() == StoreSchema.migrations.count)
    }

    /// Every table but the import log, which gains one row per apply by design.
    private func dataDump(_ store: WorkoutStore) throws -> String {
        var lines: [String] = []
        for table in try store.tableNames() where table != "import_log" {
            lines.append("table \(table)")
            lines.append(contentsOf: try store.tableRows(table))
        }
        return lines.joined(separator: "\n")
    }
}
