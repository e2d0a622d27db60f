import Testing
import WktCore
@testable import WktImport

@Suite("Strong importer")
struct StrongImporterTests {
    /// An A file from rows after the header.
    static func fileA(_ rows: String...) -> String { ([StrongHeaders.dialectA] + rows).joined(separator: "\n") + "\n" }

    /// A row of an A file with the usual filler.
    static func rowA(
        _ date: String = "2024-03-05 18:00:00", duration: String = "1h", exercise: String = "Squat (Barbell)",
        order: String = "1", weight: String = "100", reps: String = "5", distance: String = "0", seconds: String = "0",
        notes: String = "", workoutNotes: String = "", rpe: String = ""
    ) -> String {
        "\(date),\"Legs\",\(duration),\"\(exercise)\",\(order),\(weight),\(reps),\(distance),\(seconds),"
            + "\(notes),\(workoutNotes),\(rpe)"
    }

    /// A C file from rows after the header.
    static func fileC(_ rows: String...) -> String { ([StrongHeaders.dialectC] + rows).joined(separator: "\n") }

    /// A row of a C file (every field quoted; `"` inside a value must already be doubled).
    static func rowC(
        exercise: String = "Squat", order: String = "1", weight: String = "20", reps: String = "5", rpe: String = "",
        seconds: String = "", notes: String = "", workoutNotes: String = ""
    ) -> String {
        ["1", "2024-03-05 18:00:00", "Legs", "60", exercise, order, weight, reps, rpe, "", seconds, notes, workoutNotes]
            .map { "\"\($0)\"" }.joined(separator: ";")
    }

    @Test("Set Order: typed sets, rest rows counted, sets numbered by position among real rows (I-13)")
    func setOrders() throws {
        let batch = try importCSV(Self.fileA(
            Self.rowA(order: "W", weight: "60"),
            Self.rowA(order: "1"),
            Self.rowA(order: "Rest Timer", weight: "0", reps: "0.0", seconds: "120.0"),
            Self.rowA(order: "F"),
            Self.rowA(order: "Rest Timer", weight: "0", reps: "0.0", seconds: "90.0"),
            Self.rowA(order: "D", weight: "80")))
        let sets = try #require(batch.workouts.first?.exercises.first?.sets)
        #expect(sets.map(\.kind) == [.warmup, .normal, .failure, .drop])
        #expect(sets.map(\.weightKg) == [60, 100, 100, 80])
        #expect(sets.allSatisfy { $0.seconds == nil })
        #expect(batch.pseudoRows == 2)
        #expect(batch.setCount == 4)

        let c = try importCSV(Self.fileC(
            Self.rowC(order: "WARM_UP"), Self.rowC(order: "FAILURE"), Self.rowC(order: "DROP_SET")))
        #expect(c.workouts.first?.allSets.map(\.kind) == [.warmup, .failure, .drop])
    }

    @Test("an unknown Set Order rejects the file with its line; 0 is only valid in L0")
    func unknownSetOrder() {
        let unknown = importError(Self.fileA(Self.rowA(), Self.rowA(order: "X")))
        #expect(unknown?.line == 3)
        #expect(unknown?.message.hasPrefix("unknown Set Order 'X'") == true)
        #expect(importError(Self.fileA(Self.rowA(order: "0")))?.line == 2)
        #expect(importError(Self.fileA(Self.rowA(order: "1.5")))?.line == 2)
    }

    @Test("C Note rows become the exercise note and are never sets; several are joined (I-13)")
    func noteRows() throws {
        let text = Self.fileC(
            Self.rowC(order: "Note", weight: "", reps: "", notes: "Rep range 11-15"), Self.rowC(),
            Self.rowC(order: "Note", weight: "", reps: "", notes: "knees ok"),
            Self.rowC(order: "Rest Timer", weight: "", reps: "", seconds: "90.0"))
        let batch = try importCSV(text)
        let block = try #require(batch.workouts.first?.exercises.first)
        #expect(block.notes == "Rep range 11-15\n\nknees ok")
        #expect(block.sets == [WorkoutSet(weightKg: 20, reps: 5)])
        #expect(batch.pseudoRows == 1)
    }

    @Test("notes keep real newlines, quotes and a literal backslash-n as written (I-03, I-04)")
    func notesVerbatim() throws {
        let a = try importCSV(Self.fileA(
            Self.rowA(notes: "\"cue: \"\"brace\"\"\"", workoutNotes: "\"thought i hit a pr \\n290 x 4 next\""),
            Self.rowA(notes: "\"\"", workoutNotes: "")))
        let workout = try #require(a.workouts.first)
        #expect(workout.notes == "thought i hit a pr \\n290 x 4 next")
        #expect(workout.notes?.contains("\n") == false)
        #expect(workout.exercises.first?.notes == "cue: \"brace\"")
        #expect(workout.exercises.first?.sets.count == 2)

        let note = "First: same load \nSecond: \"\"half\"\""
        let c = try importCSV(Self.fileC(
            Self.rowC(workoutNotes: note), Self.rowC(order: "2", workoutNotes: note), Self.rowC(order: "3", workoutNotes: note)))
        #expect(c.workouts.first?.notes == "First: same load \nSecond: \"half\"")
        #expect(c.setCount == 3)
    }

    @Test("the exercise note comes from the block's first row; later notes become set notes")
    func exerciseNotes() throws {
        let batch = try importCSV(Self.fileA(
            Self.rowA(order: "W", notes: "\"Pause 1s\""),
            Self.rowA(order: "1", notes: "\"felt slow\""),
            Self.rowA(exercise: "Leg Press", notes: ""),
            Self.rowA(exercise: "Squat (Barbell)", notes: "\"second block\"")))
        let blocks = try #require(batch.workouts.first?.exercises)
        #expect(blocks.map(\.name) == ["Squat (Barbell)", "Leg Press", "Squat (Barbell)"])
        #expect(blocks.map(\.notes) == ["Pause 1s", nil, "second block"])
        #expect(blocks[0].sets.map(\.notes) == [nil, "felt slow"])
    }

    @Test("pounds: --unit lb converts 50 lb to 22.68 kg; B lbs rows; C float noise rounds to 0.001")
    func pounds() throws {
        let a = try importCSV(Self.fileA(Self.rowA(weight: "50", distance: "1.0", seconds: "600")), options: ImportOptions(unit: .lb))
        let set = try #require(a.workouts.first?.allSets.first)
        #expect(set.weightKg == 22.68)
        #expect(set.distanceM == 1609.34)
        #expect(a.unitAssumed == nil)

        let b = try importCSV([
            StrongHeaders.dialectB,
            "2018-12-10 10:33:55;\"Chest A\";\"Bench\";1;50;lbs;15;;;;0;\"\";\"\"",
            "2018-12-10 10:33:55;\"Chest A\";\"Bench\";2;135;lbs;15;;;;0;;",
            "2018-12-10 10:33:55;\"Chest A\";\"Bench\";3;60;kg;15;;;;0;;",
        ].joined(separator: "\n"))
        #expect(b.workouts.first?.allSets.map(\.weightKg) == [22.68, 61.235, 60])
        #expect(b.unitAssumed == nil)

        let c = try importCSV(Self.fileC(
            Self.rowC(exercise: "Curl", weight: "22.6796185", reps: "8"),
            Self.rowC(exercise: "Curl", order: "2", weight: "2.2679618500000003", reps: "8"),
            Self.rowC(exercise: "Curl", order: "3", weight: "12.900000000000034", reps: "8", rpe: "9.0")))
        #expect(c.workouts.first?.allSets.map(\.weightKg) == [22.68, 2.268, 12.9])
        #expect(c.workouts.first?.allSets.map(\.rpe) == [nil, nil, 9])
    }

    @Test("B: a unit beside an empty value is ignored; a weight without a unit is a row error")
    func perRowUnits() {
        let plank = "2023-08-01 16:16:08;\"Back\";\"Plank\";1;;;;;;km;30;\"\";"
        #expect((try? importCSV([StrongHeaders.dialectB, plank].joined(separator: "\n")))?.workouts.first?.allSets == [WorkoutSet(seconds: 30)])
        let noUnit = importError([StrongHeaders.dialectB, "2023-08-01 16:16:08;\"Back\";\"Row\";1;40;;8;;;;0;;"].joined(separator: "\n"))
        #expect(noUnit?.line == 2)
        #expect(noUnit?.message == "weight 40 has the unit '' (expected kg or lbs)")
        let badUnit = importError([StrongHeaders.dialectB, "2023-08-01 16:16:08;\"Back\";\"Row\";1;40;stone;8;;;;0;;"].joined(separator: "\n"))
        #expect(badUnit?.message == "weight 40 has the unit 'stone' (expected kg or lbs)")
    }

    @Test("files without a unit: kg assumed and recorded; lb-looking weights add a warning (docs/formats.md §1.5)")
    func assumedUnit() throws {
        let looksLb = try importCSV(Self.fileA(
            Self.rowA(weight: "135"), Self.rowA(order: "2", weight: "225"), Self.rowA(order: "3", weight: "315"),
            Self.rowA(order: "4", weight: "100")))
        #expect(looksLb.unitAssumed == .kg)
        #expect(looksLb.workouts.first?.allSets.first?.weightKg == 135)
        #expect(looksLb.allWarnings.count == 1)
        #expect(looksLb.readingWarnings.first?.contains("look like pounds (75 % are lb plate loads") == true)

        let looksKg = try importCSV(Self.fileA(Self.rowA(weight: "60"), Self.rowA(order: "2", weight: "62.5")))
        #expect(looksKg.unitAssumed == .kg)
        #expect(looksKg.allWarnings.isEmpty)

        let heavy = try importCSV(Self.fileA(Self.rowA(weight: "660")))
        #expect(heavy.readingWarnings.first?.contains("heaviest 660") == true)

        let told = try importCSV(Self.fileA(Self.rowA(weight: "135")), options: ImportOptions(unit: .kg))
        #expect(told.unitAssumed == nil)
        #expect(told.allWarnings.isEmpty)
    }

    @Test("bodyweight, timed and not-applicable zeros are nil; incomplete B/C rows are kept, not done")
    func zerosAndIncomplete() throws {
        let a = try importCSV(Self.fileA(
            Self.rowA(exercise: "Pull Up", weight: "0.0", reps: "8.0"),
            Self.rowA(exercise: "Plank", weight: "0", reps: "0", seconds: "60.0", rpe: "0")))
        #expect(a.workouts.first?.allSets == [WorkoutSet(reps: 8), WorkoutSet(seconds: 60)])

        let c = try importCSV(Self.fileC(Self.rowC(exercise: "Leg Press", order: "4", weight: "", reps: "")))
        let set = try #require(c.workouts.first?.allSets.first)
        #expect(set == WorkoutSet())
        #expect(!set.isDone)
        #expect(c.setCount == 1)
    }

    @Test("durations: tokens, C seconds, over 6 h kept with a warning; bad durations are row errors")
    func durations() throws {
        let batch = try importCSV(Self.fileA(
            Self.rowA(duration: "48h 40m"), Self.rowA("2024-03-06 18:00:00", duration: "55s"),
            Self.rowA("2024-03-07 18:00:00", duration: "")))
        #expect(batch.workouts.map(\.durationSeconds) == [175_200, 55, nil])
        #expect(batch.warnings.isEmpty)
        #expect(batch.workoutWarnings == [WorkoutWarning(
            workout: WorkoutIdentity(source: .strong, sourceKey: "2024-03-05 18:00:00"),
            message: "line 2: workout 2024-03-05 18:00:00 lasts 48h 40m, more than 6 hours (timer left running?); kept as written"),
        ])
        let bad = importError(Self.fileA(Self.rowA(duration: "ages")))
        #expect(bad?.message == "Duration: 'ages' is not a duration like 1h 5m, 45m, 55s or 31min")
    }

    @Test("bad numbers are line errors naming the column (I-09, I-10, I-13)", arguments: [
        ("weight", "nan"), ("weight", "inf"), ("weight", "1e309"), ("weight", "-5"), ("weight", "\"1,000\""),
        ("reps", "NaN"), ("reps", "20.5"), ("reps", " 8"), ("rpe", "11"),
    ])
    func badNumbers(_ column: String, _ value: String) {
        let row: String
        switch column {
        case "weight": row = Self.rowA(weight: value)
        case "reps": row = Self.rowA(reps: value)
        default: row = Self.rowA(rpe: value)
        }
        let error = importError(Self.fileA(Self.rowA(), row))
        #expect(error?.line == 3)
        #expect(error?.exitCode == 65)
        let name = ["weight": "Weight", "reps": "Reps", "rpe": "RPE"][column] ?? ""
        #expect(error?.message.hasPrefix(name + ": ") == true, "\(error?.message ?? "")")
    }

    @Test("reps 20.0 is 20; an empty weight is nil, not 0 (I-10); 82,5 in a ; file is 82.5 (I-08)")
    func lenientForms() throws {
        let a = try importCSV(Self.fileA(Self.rowA(weight: "", reps: "20.0")))
        #expect(a.workouts.first?.allSets == [WorkoutSet(reps: 20)])
        let b = try importCSV([StrongHeaders.dialectB, "2024-03-05 18:00:00;\"A\";\"Row\";1;82,5;kg;8;8,5;;;0;;"].joined(separator: "\n"))
        #expect(b.workouts.first?.allSets == [WorkoutSet(weightKg: 82.5, reps: 8, rpe: 8.5)])
    }

    @Test("invalid dates are line errors (I-18, I-19)", arguments: ["2023-02-29 10:00:00", "2024-13-01 10:00:00", "03/04/2024", ""])
    func invalidDates(_ date: String) {
        let error = importError(Self.fileA(Self.rowA(), Self.rowA(date)))
        #expect(error?.line == 3)
        #expect(error?.message == "Date '\(date)' is not a valid date and time (expected YYYY-MM-DD HH:MM:SS)")
    }

    @Test("workouts after today are imported with a warning about each, tied to its workout (I-19)")
    func futureDates() throws {
        let batch = try importCSV(
            Self.fileA(Self.rowA("2026-11-21 10:00:00"), Self.rowA("2026-11-22 10:00:00"), Self.rowA("2026-11-23 10:00:00")),
            options: ImportOptions(today: CivilDate(year: 2026, month: 11, day: 21)))
        #expect(batch.workouts.count == 3)
        #expect(batch.warnings.isEmpty)
        #expect(batch.workoutWarnings.map(\.message) == [
            "line 3: workout 2026-11-22 10:00:00 starts after today (2026-11-21); imported as written",
            "line 4: workout 2026-11-23 10:00:00 starts after today (2026-11-21); imported as written",
        ])
        #expect(batch.workoutWarnings.map(\.workout.sourceKey) == ["2026-11-22 10:00:00", "2026-11-23 10:00:00"])
    }

    @Test("workouts: key is the normalised Date; rows must be contiguous and agree on workout fields")
    func workoutGrouping() throws {
        let batch = try importCSV(Self.fileA(Self.rowA("2024-03-05 18:00"), Self.rowA("2024-03-05 18:00:00", order: "2")))
        #expect(batch.workouts.count == 1)
        #expect(batch.workouts.first?.sourceKey == "2024-03-05 18:00:00")
        #expect(batch.workouts.first?.source == .strong)

        let split = importError(Self.fileA(Self.rowA(), Self.rowA("2024-03-06 18:00:00"), Self.rowA()))
        #expect(split?.line == 4)
        #expect(split?.message.contains("first row on line 2") == true)

        let renamed = importError(Self.fileA(Self.rowA(), Self.rowA(duration: "2h")))
        #expect(renamed?.line == 3)
        #expect(renamed?.message == "Duration '2h' differs from '1h' on line 2, the workout's first row")

        let noExercise = importError(Self.fileA(Self.rowA(exercise: "")))
        #expect(noExercise?.message == "the exercise name is empty")
    }

    @Test("--skip-bad-rows imports the good rows and lists the bad ones; structure still fails the file (P5)")
    func skipBadRows() throws {
        let options = ImportOptions(skipBadRows: true)
        let text = Self.fileA(
            Self.rowA(), Self.rowA(order: "X"), Self.rowA(order: "2", weight: "nan"), Self.rowA(order: "3"),
            "2024-03-05 18:00:00,\"Legs\",1h", Self.rowA("2023-02-29 10:00:00"))
        let batch = try importCSV(text, options: options)
        #expect(batch.setCount == 2)
        #expect(batch.skipped.map(\.line) == [3, 4, 6, 7])
        #expect(batch.skipped[0].message.hasPrefix("unknown Set Order 'X'"))
        #expect(batch.skipped[2].message == "the row has 3 fields but the header has 12")
        // Without the option the file fails; the reader checks the record structure (the ragged
        // line 6) before the importer looks at values (line 3).
        #expect(importError(text)?.line == 6)
        #expect(importError(lf(text).split(separator: "\n").prefix(5).joined(separator: "\n"))?.line == 3)

        let broken = Self.fileA(Self.rowA(), Self.rowA(notes: "\"unterminated"))
        #expect(importError(broken, options: options)?.line == 3)
    }
}
