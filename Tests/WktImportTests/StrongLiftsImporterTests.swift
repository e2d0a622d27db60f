import Foundation
import Testing
import WktCore
@testable import WktImport

@Suite("StrongLifts 5×5 CSV (docs/formats.md §9)")
struct StrongLiftsImporterTests {
    /// The header of a current kg export with three set pairs.
    static let header = "Date (yyyy/mm/dd),Workout,Workout Name,Program Name,Body Weight (KG),Exercise,Sets×Reps,"
        + "Sets×Time,Top Set (Reps×KG),e1RM (KG),Reps,Volume (KG),Workout Volume (KG),Duration (hours),"
        + "Start Time (h:mm),End Time (h:mm),Notes,Set 1 (Reps),Set 1 (KG),Set 2 (Reps),Set 2 (KG),Set 3 (Reps),Set 3 (KG)"

    /// One row: the workout fields, the exercise, then the three set pairs.
    static func row(
        _ date: String = "2025/01/07", _ number: String = "1", name: String = "Workout A",
        program: String = "Stronglifts 5×5", bodyWeight: String = "80", exercise: String = "Squat",
        setsTime: String = "", duration: String = "0.5", start: String = "7:15 AM", end: String = "7:45 AM",
        notes: String = "", sets: String = "5,100,5,100,5,100"
    ) -> String {
        "\(date),\(number),\"\(name)\",\"\(program)\",\(bodyWeight),\"\(exercise)\",5/5/5,\(setsTime),5×100,116.7,15,1500,"
            + "3000,\(duration),\(start),\(end),\"\(notes)\",\(sets)"
    }

    static func file(_ rows: [String], header: String = header) -> String {
        ([header] + rows).joined(separator: "\n") + "\n"
    }

    @Test("one row per exercise: keyed date#number, named, Program in the note, duration from hours, 0-rep slots left out")
    func basicFile() throws {
        let batch = try importCSV(Self.file([
            Self.row(notes: "felt heavy", sets: "5,100,0,100,3,102.5"),
            Self.row(exercise: "Bench Press", notes: "felt heavy", sets: "5,60,5,0,,"),
            Self.row("2025/01/07", "2", name: "Workout B", program: "", bodyWeight: "", exercise: "Deadlift",
                     duration: "", start: "6:00 PM", end: "6:20 PM", sets: "0,140,0,140,0,140"),
        ]))
        #expect(batch.format == "stronglifts/kg")
        #expect(batch.unitAssumed == nil)
        #expect(batch.carried == [.workoutNotes, .duration])
        #expect(batch.skipped == [])
        #expect(batch.warnings == [])
        #expect(batch.body == [BodyMeasurement(day: try #require(CivilDate(year: 2025, month: 1, day: 7)), weightKg: 80, source: "stronglifts")])
        #expect(batch.workouts.map(\.source) == [.stronglifts, .stronglifts])
        #expect(batch.workouts.map(\.sourceKey) == ["2025/01/07#1", "2025/01/07#2"])
        #expect(batch.workouts.map(\.name) == ["Workout A", "Workout B"])
        #expect(batch.workouts.map(\.start) == [wall(2025, 1, 7, 7, 15), wall(2025, 1, 7, 18, 0)])
        // 0.5 h = 1800 s; the second workout has no hours: 18:00 → 18:20.
        #expect(batch.workouts.map(\.durationSeconds) == [1800, 1200])
        #expect(batch.workouts.map(\.notes) == ["Program: Stronglifts 5×5\n\nfelt heavy", nil])
        let first = try #require(batch.workouts.first)
        #expect(first.exercises.map(\.name) == ["Squat", "Bench Press"])
        #expect(first.exercises[0].sets == [WorkoutSet(weightKg: 100, reps: 5), WorkoutSet(weightKg: 102.5, reps: 3)])
        // Weight 0 is bodyweight; the empty third pair ends the exercise.
        #expect(first.exercises[1].sets == [WorkoutSet(weightKg: 60, reps: 5), WorkoutSet(reps: 5)])
        #expect(first.allSets.allSatisfy { $0.kind == .normal })
        // Every slot failed or skipped: the exercise is kept without sets.
        #expect(batch.workouts[1].exercises == [ExerciseBlock(name: "Deadlift")])
    }

    @Test("header spellings of other app versions (SetsxReps, e1RM  (KG), ' Set 1 (KG)', a BOM, CRLF) read the same")
    func headerVariants() throws {
        let batch = try FileImporter.read(
            bytes: try fixture("stronglifts/header-variants.csv"), file: "variants.csv", options: ImportOptions())
        #expect(batch.format == "stronglifts/kg")
        #expect(batch.warnings == [], "no unknown columns, no body weight")
        let workout = try #require(batch.workouts.first)
        #expect(batch.workouts.count == 1)
        #expect(workout.sourceKey == "2025/01/07#1")
        #expect(workout.start == wall(2025, 1, 7, 7, 15))
        #expect(workout.exercises.map(\.sets.count) == [3, 2])
        #expect(StrongLiftsLayout.normalize("  e1RM  (KG) ") == "e1rm (kg)")
        #expect(StrongLiftsLayout.normalize("Sets×Reps") == StrongLiftsLayout.normalize("SetsxReps"))
        #expect(StrongLiftsLayout.matches(
            header: [" date (YYYY/MM/DD)", "WORKOUT", "exercise", "Set 1 (Reps)", "set 1 (lb)"]))
    }

    @Test("detection needs the date, Workout, Exercise and a Set 1 pair; other formats are not claimed")
    func detection() throws {
        let header = Self.header.split(separator: ",").map(String.init)
        #expect(StrongLiftsImporter.matches(header: header))
        #expect(!StrongLiftsImporter.matches(header: header.filter { $0 != "Set 1 (KG)" }))
        #expect(!StrongLiftsImporter.matches(header: header.filter { $0 != "Workout" }))
        #expect(!StrongLiftsImporter.matches(header: ["Date", "Exercise", "Category", "Weight (kgs)", "Reps"]))
        #expect(!StrongLiftsImporter.matches(header: StrongHeaders.dialectA.split(separator: ",").map(String.init)))
        #expect(!StrongImporter.matches(header: header))
        #expect(!FitNotesImporter.matches(header: header))
        #expect(!HevyImporter.matches(header: header))
    }

    @Test("pound exports: LB pairs converted to kg, Body Weight (KG) still kg, format stronglifts/lb")
    func pounds() throws {
        let header = Self.header.replacingOccurrences(of: "(KG)", with: "(LB)")
            .replacingOccurrences(of: "Body Weight (LB)", with: "Body Weight (KG)")
        let batch = try importCSV(Self.file([Self.row(sets: "5,135,5,45,,")], header: header))
        #expect(batch.format == "stronglifts/lb")
        // 135 lb × 0.45359237 = 61.23497 kg → 61.235; 45 lb → 20.412.
        #expect(batch.workouts.first?.exercises.first?.sets == [
            WorkoutSet(weightKg: 61.235, reps: 5), WorkoutSet(weightKg: 20.412, reps: 5),
        ])
        // Body Weight (KG) stays in kg in a pound export.
        #expect(batch.warnings == [])
        #expect(batch.body.map(\.weightKg) == [80])
    }

    @Test("12-hour clock: 12:05 AM is 00:05, 12:30 PM is 12:30; 24-hour accepted; empty start is 12:00")
    func clockTimes() throws {
        #expect(StrongLiftsText.minuteOfDay("12:05 AM") == 5)
        #expect(StrongLiftsText.minuteOfDay("12:30 PM") == 12 * 60 + 30)
        #expect(StrongLiftsText.minuteOfDay("10:56 PM") == 22 * 60 + 56)
        #expect(StrongLiftsText.minuteOfDay("1:07 am") == 67)
        #expect(StrongLiftsText.minuteOfDay("9:15\u{202F}PM") == 21 * 60 + 15)
        #expect(StrongLiftsText.minuteOfDay("22:56") == 22 * 60 + 56)
        #expect(StrongLiftsText.minuteOfDay("0:05") == 5)
        for bad in ["13:00 PM", "0:30 AM", "24:00", "10:5 PM", "10:60", "10:56 XM", "", "PM", "10:56 PMAM"] {
            #expect(StrongLiftsText.minuteOfDay(bad) == nil, "\(bad)")
        }
        let batch = try importCSV(Self.file([
            Self.row("2025/01/07", "1", duration: "", start: "12:05 AM", end: "12:50 AM"),
            Self.row("2025/01/08", "2", duration: "", start: "12:30 PM", end: "13:10"),
            Self.row("2025/01/09", "3", duration: "", start: "", end: "8:00 PM"),
        ]))
        #expect(batch.workouts.map(\.start) == [wall(2025, 1, 7, 0, 5), wall(2025, 1, 8, 12, 30), wall(2025, 1, 9, 12, 0)])
        #expect(batch.workouts.map(\.durationSeconds) == [45 * 60, 40 * 60, nil])
        let bad = importError(Self.file([Self.row(start: "13:00 PM")]))
        #expect(bad == .badData(
            file: "test.csv", line: 2,
            message: "Start Time (h:mm) '13:00 PM' is not a clock time like 10:56 PM or 22:56"))
        #expect(importError(Self.file([Self.row("2025-01-07")]))?.message
            == "Date (yyyy/mm/dd) '2025-01-07' is not a valid date (expected YYYY/MM/DD)")
    }

    @Test("duration: hours × 3600 rounded; else end − start across midnight; else none")
    func durations() throws {
        let cases: [(hours: String, start: String, end: String, seconds: Int?)] = [
            // 33.99984 s → 34 s, as the real export's 10:56 PM → 10:57 PM workout.
            ("0.0094444", "7:15 AM", "7:45 AM", 34),
            ("", "11:50 PM", "12:30 AM", 40 * 60),
            ("0", "10:00 AM", "10:00 AM", nil),
            ("", "10:00 AM", "", nil),
            ("1.25", "", "", 4500),
        ]
        let rows = cases.enumerated().map { index, value in
            Self.row("2025/01/1\(index)", "\(index + 1)", duration: value.hours, start: value.start, end: value.end)
        }
        let batch = try importCSV(Self.file(rows))
        #expect(batch.workouts.map(\.durationSeconds) == cases.map(\.seconds))
    }

    @Test("rows of one workout agree on its fields and are contiguous; errors name file:line and the column")
    func workoutRules() throws {
        let split = importError(Self.file([
            Self.row("2025/01/07", "1"), Self.row("2025/01/09", "2"), Self.row("2025/01/07", "1", exercise: "Row"),
        ]))
        #expect(split?.description == "test.csv:4: the workout 2025/01/07#1 (first row on line 2) continues after "
            + "other workouts; a workout's rows must be contiguous")
        let differs = importError(Self.file([Self.row(), Self.row(exercise: "Bench Press", end: "7:50 AM")]))
        #expect(differs?.description == "test.csv:3: End Time (h:mm) '7:50 AM' differs from '7:45 AM' on line 2, "
            + "the first row of workout 2025/01/07#1")
        let named = importError(Self.file([Self.row(), Self.row(name: "Workout B", exercise: "Bench Press")]))
        #expect(named?.message.hasPrefix("Workout Name 'Workout B' differs") == true)
        let noExercise = importError(Self.file([Self.row(exercise: "")]))
        #expect(noExercise?.description == "test.csv:2: Exercise is empty: every row names its exercise")
        #expect(importError(Self.file([Self.row("2025/01/07", "")]))?.message
            == "Workout is empty: StrongLifts numbers every workout")
    }

    @Test("set pairs: a value after an empty pair, reps without weight and weight without reps are row errors")
    func setPairRules() throws {
        let afterEmpty = importError(Self.file([Self.row(), Self.row(exercise: "Row", sets: "5,60,,,5,60")]))
        #expect(afterEmpty?.description == "test.csv:3: Set 3 (Reps) '5' and Set 3 (KG) '60' follow the empty "
            + "Set 2 (Reps) pair: an empty pair ends the exercise")
        #expect(importError(Self.file([Self.row(sets: "5,60,5,,,")]))?.message
            == "Set 2 (Reps) '5' has no weight in Set 2 (KG)")
        func message(_ sets: String) -> String? { importError(Self.file([Self.row(sets: sets)]))?.message }
        #expect(message("0,,,,,") == "Set 1 (Reps) '0' has no weight in Set 1 (KG)")
        #expect(message(",60,,,,") == "Set 1 (KG) '60' has no reps in Set 1 (Reps)")
        #expect(message("5.5,60,,,,") == "Set 1 (Reps): '5.5' is not a whole number")
        #expect(importError(Self.file([Self.row(sets: "5,-60,,,,")]))?.line == 2)
        let timed = importError(Self.file([Self.row(setsTime: "1×60s")]))
        #expect(timed?.description == "test.csv:2: Sets×Time '1×60s' holds timed sets, which the StrongLifts import "
            + "does not read yet; the row is rejected rather than imported without its times")
    }

    @Test("--skip-bad-rows imports the good rows and lists the bad ones")
    func skipBadRows() throws {
        let text = Self.file([
            Self.row(), Self.row(exercise: "Row", sets: "5,60,,,5,60"), Self.row(exercise: "Bench Press"),
            Self.row("2025/01/09", "2", bodyWeight: "heavy"), Self.row("2025/01/11", "3"),
        ])
        let batch = try importCSV(text, options: ImportOptions(skipBadRows: true))
        #expect(batch.skipped.map(\.line) == [3, 5])
        #expect(batch.skipped.first?.message.hasSuffix("an empty pair ends the exercise") == true)
        #expect(batch.workouts.map(\.sourceKey) == ["2025/01/07#1", "2025/01/11#3"])
        #expect(batch.workouts.first?.exercises.map(\.name) == ["Squat", "Bench Press"])
        #expect(batch.warnings == [])
        // Only the workouts kept give measurements (the skipped row's workout gives none).
        #expect(batch.body.map(\.day.description) == ["2025-01-07", "2025-01-11"])
    }

    @Test("notes: Program alone, Notes alone, neither; body weight must be a number ≥ 0 and 0 warns about nothing")
    func notesAndBodyWeight() throws {
        let batch = try importCSV(Self.file([
            Self.row("2025/01/07", "1", bodyWeight: "0"),
            Self.row("2025/01/08", "2", program: "", bodyWeight: "", notes: "new belt"),
            Self.row("2025/01/09", "3", program: "", bodyWeight: "0", notes: ""),
        ]))
        #expect(batch.workouts.map(\.notes) == ["Program: Stronglifts 5×5", "new belt", nil])
        #expect(batch.warnings == [])
        #expect(importError(Self.file([Self.row(bodyWeight: "-80")]))?.line == 2)
        let minimal = "Date (yyyy/mm/dd),Workout,Exercise,Set 1 (Reps),Set 1 (KG),Extra\n2025/01/07,1,Squat,5,100,x\n"
        let plain = try importCSV(minimal)
        #expect(plain.carried == [])
        #expect(plain.workouts.first?.name == "Workout")
        #expect(plain.workouts.first?.start == wall(2025, 1, 7, 12, 0))
        #expect(plain.warnings == ["ignored the unknown column \"Extra\""])
    }

    @Test("header errors are line 1 and name the rule: mixed units, gaps, missing columns, duplicates")
    func headerErrors() throws {
        func headerError(_ header: String, format: ImportFormat = .auto) -> String? {
            importError(header + "\n", options: ImportOptions(format: format)).flatMap { error in
                error.line == 1 ? error.message : "not line 1: \(error)"
            }
        }
        let base = "Date (yyyy/mm/dd),Workout,Exercise,Set 1 (Reps),Set 1 (KG)"
        #expect(headerError(base + ",Set 2 (Reps),Set 2 (LB)") == "the StrongLifts set columns mix units: "
            + "\"Set 1 (KG)\" and \"Set 2 (LB)\"; an export writes every set weight in KG or every one in LB")
        let pattern = "the StrongLifts set columns must be pairs \"Set N (Reps)\", \"Set N (KG)\" (or \"(LB)\") side by "
            + "side for N = 1, 2, 3 …"
        #expect(headerError(base + ",Set 3 (Reps),Set 3 (KG)")
            == pattern + "; found \"Set 3 (Reps)\" where \"Set 2 (Reps)\" belongs")
        #expect(headerError(base + ",Set 2 (Reps),Notes,Set 2 (KG)")
            == pattern + "; \"Set 2 (Reps)\" is not followed by its weight column")
        #expect(headerError(base + ",Set 2 (Reps)") == pattern + "; \"Set 2 (Reps)\" is not followed by its weight column")
        #expect(headerError(base + ",Set 2 (KG),Set 2 (Reps)")
            == pattern + "; found \"Set 2 (KG)\" where \"Set 2 (Reps)\" belongs")
        #expect(headerError(base + ",Set 2 (Kgs)")
            == "the StrongLifts header column \"Set 2 (Kgs)\" is no set column it can read; " + pattern)
        #expect(headerError(base + ",SET 1 (REPS)") == "the StrongLifts header has the column \"Set 1 (Reps)\" twice "
            + "(again as \"SET 1 (REPS)\"); names are compared without case, extra spaces or the difference "
            + "between × and x")
        #expect(headerError(base + ",Volume (KG),Volume (LB)")
            == "the StrongLifts header has both \"Volume (KG)\" and \"Volume (LB)\"; an export has one of them")
        #expect(headerError("Date (yyyy/mm/dd),Workout,Exercise,Reps", format: .stronglifts)
            == "the StrongLifts header has no set columns: \"Set 1 (Reps)\" with \"Set 1 (KG)\" or \"Set 1 (LB)\"")
        #expect(headerError("Date (yyyy/mm/dd),Exercise,Set 1 (Reps),Set 1 (KG)", format: .stronglifts)
            == "the StrongLifts header lacks the column \"Workout\" (required: Date (yyyy/mm/dd), Workout, Exercise, "
            + "and set columns)")
    }
}
