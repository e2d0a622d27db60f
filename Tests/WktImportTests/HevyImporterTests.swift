import Testing
import WktCore
@testable import WktImport

@Suite("Hevy importer")
struct HevyImporterTests {
    static func header(weight: String = "weight_kg", distance: String = "distance_km") -> String {
        "\"title\",\"start_time\",\"end_time\",\"description\",\"exercise_title\",\"superset_id\",\"exercise_notes\","
            + "\"set_index\",\"set_type\",\"\(weight)\",\"reps\",\"\(distance)\",\"duration_seconds\",\"rpe\""
    }

    /// A Hevy row with the usual filler.
    static func row(
        title: String = "Push", start: String = "9 Sep 2025, 06:46", end: String = "9 Sep 2025, 07:50",
        description: String = "", exercise: String = "Bench Press (Barbell)", superset: String = "", notes: String = "",
        index: String = "0", type: String = "normal", weight: String = "80", reps: String = "8", distance: String = "",
        seconds: String = "", rpe: String = ""
    ) -> String {
        "\"\(title)\",\"\(start)\",\"\(end)\",\"\(description)\",\"\(exercise)\",\(superset),\"\(notes)\",\(index),"
            + "\"\(type)\",\(weight),\(reps),\(distance),\(seconds),\(rpe)"
    }

    static func file(_ rows: String..., header: String = header()) -> String {
        ([header] + rows).joined(separator: "\n") + "\n"
    }

    @Test("newest-first files come out oldest first; keys, durations, notes and set types (I-16)")
    func basics() throws {
        let batch = try importCSV(Self.file(
            Self.row(title: "Late", start: "10 Sep 2025, 23:30", end: "11 Sep 2025, 0:45", description: "felt great",
                     notes: "elbows in", index: "0", type: "warmup", weight: "40", reps: "10"),
            Self.row(title: "Late", start: "10 Sep 2025, 23:30", end: "11 Sep 2025, 0:45", description: "felt great",
                     notes: "elbows in", index: "1", type: "normal", rpe: "8.5"),
            Self.row(title: "Late", start: "10 Sep 2025, 23:30", end: "11 Sep 2025, 0:45", description: "felt great",
                     notes: "elbows in", index: "2", type: "failure", weight: "85", reps: "5"),
            Self.row(title: "Late", start: "10 Sep 2025, 23:30", end: "11 Sep 2025, 0:45", description: "felt great",
                     exercise: "Pull Up", index: "0", type: "dropset", weight: "", reps: "6"),
            Self.row(index: "0"),
            Self.row(index: "1", weight: "82.5")))
        #expect(batch.format == "hevy/kg-km")
        #expect(batch.carried == .all)
        #expect(batch.unitAssumed == nil)
        #expect(batch.workouts.map(\.name) == ["Push", "Late"])
        let late = batch.workouts[1]
        #expect(late.source == .hevy)
        #expect(late.sourceKey == "2025-09-10 23:30:00|2025-09-11 00:45:00|Late")
        #expect(late.start == wall(2025, 9, 10, 23, 30))
        #expect(late.durationSeconds == 4500)
        #expect(late.notes == "felt great")
        #expect(late.exercises.map(\.name) == ["Bench Press (Barbell)", "Pull Up"])
        #expect(late.exercises[0].notes == "elbows in")
        #expect(late.exercises[1].notes == nil)
        #expect(late.exercises[0].sets == [
            WorkoutSet(kind: .warmup, weightKg: 40, reps: 10), WorkoutSet(weightKg: 80, reps: 8, rpe: 8.5),
            WorkoutSet(kind: .failure, weightKg: 85, reps: 5),
        ])
        #expect(late.exercises[1].sets == [WorkoutSet(kind: .drop, reps: 6)])
        #expect(batch.workouts[0].sourceKey == "2025-09-09 06:46:00|2025-09-09 07:50:00|Push")
        #expect(batch.workouts[0].durationSeconds == 3840)
        #expect(batch.workouts[0].notes == nil)
    }

    @Test("supersets: blocks keep their superset id; a set_index restart starts a new block")
    func supersets() throws {
        let batch = try importCSV(Self.file(
            Self.row(exercise: "Curl", superset: "0", index: "0"),
            Self.row(exercise: "Curl", superset: "0", index: "1"),
            Self.row(exercise: "Pushdown", superset: "0", index: "0"),
            Self.row(exercise: "Pushdown", superset: "1", index: "0"),
            Self.row(exercise: "Pushdown", superset: "1", index: "0"),
            Self.row(exercise: "Pushdown", index: "1")))
        let blocks = try #require(batch.workouts.first?.exercises)
        #expect(blocks.map(\.name) == ["Curl", "Pushdown", "Pushdown", "Pushdown", "Pushdown"])
        #expect(blocks.map(\.supersetID) == [0, 0, 1, 1, nil])
        #expect(blocks.map(\.sets.count) == [2, 1, 1, 1, 1])
    }

    @Test("weight_lbs and distance_miles convert to kg and metres, chosen independently")
    func imperialUnits() throws {
        let lbs = try importCSV(Self.file(
            Self.row(weight: "50"), Self.row(exercise: "Treadmill", weight: "", reps: "", distance: "1", seconds: "600"),
            header: Self.header(weight: "weight_lbs", distance: "distance_miles")))
        #expect(lbs.format == "hevy/lb-mi")
        #expect(lbs.workouts.first?.allSets == [WorkoutSet(weightKg: 22.68, reps: 8), WorkoutSet(seconds: 600, distanceM: 1609.34)])
        let mixed = try importCSV(Self.file(
            Self.row(weight: "22.68", distance: "0.25"), header: Self.header(distance: "distance_miles")))
        #expect(mixed.format == "hevy/kg-mi")
        #expect(mixed.workouts.first?.allSets == [WorkoutSet(weightKg: 22.68, reps: 8, distanceM: 402.34)])
        let km = try importCSV(Self.file(Self.row(weight: "", reps: "", distance: "0.88", seconds: "0", rpe: "0")))
        #expect(km.workouts.first?.allSets == [WorkoutSet(distanceM: 880)])
    }

    @Test("set_index is required; dates, set types and times are checked per row")
    func rowErrors() {
        let missing = importError(Self.file(Self.row(), Self.row(index: "")))
        #expect(missing?.line == 3)
        #expect(missing?.message == "set_index is empty (Hevy writes a 0-based index on every set)")
        let badType = importError(Self.file(Self.row(type: "superset")))
        #expect(badType?.message == "set_type 'superset' is not normal, warmup, failure or dropset")
        let badDate = importError(Self.file(Self.row(start: "9 Sept 2025, 06:46")))
        #expect(badDate?.message == "start_time '9 Sept 2025, 06:46' is not a valid date and time (expected like 9 Sep 2025, 06:46)")
        let backwards = importError(Self.file(Self.row(end: "9 Sep 2025, 06:00")))
        #expect(backwards?.message == "end_time '9 Sep 2025, 06:00' is before start_time '9 Sep 2025, 06:46'")
        let split = importError(Self.file(Self.row(), Self.row(title: "Other"), Self.row(index: "1")))
        #expect(split?.line == 4)
        let both = importError(
            Self.file(Self.row(), header: Self.header(distance: "weight_lbs")))
        #expect(both?.line == 1)
        #expect(both?.message == "the header has both \"weight_kg\" and \"weight_lbs\"; a Hevy export has one of them")
    }

    @Test("the reported ISO date form; notes with real newlines and a literal backslash-n are kept")
    func isoDatesAndNotes() throws {
        let batch = try importCSV(Self.file(
            Self.row(start: "2024-01-07 17:15:00", end: "2024-01-07 18:00:00", description: "line one\nline two",
                     notes: "cue\\nbrace")))
        let workout = try #require(batch.workouts.first)
        #expect(workout.start == wall(2024, 1, 7, 17, 15))
        #expect(workout.durationSeconds == 2700)
        #expect(workout.notes == "line one\nline two")
        #expect(workout.exercises.first?.notes == "cue\\nbrace")
    }
}
