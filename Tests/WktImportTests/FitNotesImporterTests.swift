import Foundation
import Testing
import WktCore
@testable import WktImport

@Suite("FitNotes CSV (docs/formats.md §3)")
struct FitNotesImporterTests {
    static let tenColumns = """
        Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment
        2025-01-06,Bench Press,Chest,80.0,kgs,5,,,,""
        2025-01-06,Bench Press,Chest,82.5,kgs,5,,,,"last one, hard"
        2025-01-06,Pull Up,Back,0.0,kgs,8,,,,""
        2025-01-06,Bench Press,Chest,135.0,lbs,3,,,,""
        2025-01-06,Treadmill,Cardio,,,,5.0,km,0:25:30,""
        2025-01-08,Rowing Machine,Cardio,,,,2000.0,m,0:08:05,""
        2025-01-08,Walk,Cardio,,,,1.5,mi,0:30:00,"with dog"

        """

    static let nineHeader = "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time\n"
    static let tenHeader = "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment\n"
    static let known = "(known: Abs, Back, Biceps, Calves, Cardio, Chest, Forearms, Glutes, Hamstrings, Legs, Quads, "
        + "Shoulders, Triceps)"

    @Test("10 columns: one workout per date at 12:00, categories as the name, blocks by contiguous exercise")
    func tenColumnFile() throws {
        let batch = try importCSV(Self.tenColumns)
        #expect(batch.format == "fitnotes/10col")
        #expect(batch.carried == [.category])
        #expect(batch.warnings == [])
        #expect(batch.skipped == [])
        #expect(batch.workouts.map(\.sourceKey) == ["2025-01-06", "2025-01-08"])
        #expect(batch.workouts.map(\.start) == [wall(2025, 1, 6, 12, 0), wall(2025, 1, 8, 12, 0)])
        #expect(batch.workouts.map(\.name) == ["Chest, Back, Cardio", "Cardio"])
        #expect(batch.workouts.allSatisfy { $0.source == .fitnotes && $0.durationSeconds == nil && $0.notes == nil })
        let first = try #require(batch.workouts.first)
        #expect(first.exercises.map(\.name) == ["Bench Press", "Pull Up", "Bench Press", "Treadmill"])
        #expect(first.exercises.map(\.category) == ["Chest", "Back", "Chest", "Cardio"])
        #expect(batch.workouts.last?.exercises.map(\.category) == ["Cardio", "Cardio"])
        #expect(first.exercises[0].sets == [
            WorkoutSet(weightKg: 80, reps: 5), WorkoutSet(weightKg: 82.5, reps: 5, notes: "last one, hard"),
        ])
        #expect(first.exercises[1].sets == [WorkoutSet(reps: 8)])
        // 135 lb × 0.45359237 = 61.23497 kg → 61.235.
        #expect(first.exercises[2].sets == [WorkoutSet(weightKg: 61.235, reps: 3)])
        #expect(first.exercises[3].sets == [WorkoutSet(seconds: 1530, distanceM: 5000)])
        let second = try #require(batch.workouts.last)
        // 1.5 mi × 1609.344 = 2414.016 m → 2414.02.
        #expect(second.exercises.map(\.sets) == [
            [WorkoutSet(seconds: 485, distanceM: 2000)], [WorkoutSet(seconds: 1800, distanceM: 2414.02, notes: "with dog")],
        ])
    }

    @Test("8 columns with Weight (lbs): Side Plank's 0.0,kg,0:00:00 is an empty set; 3.37 m in 32 min is left out")
    func eightColumnFile() throws {
        let text = """
            Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time
            2017-10-12,Squat,Quads,225.0,5,,,
            2017-10-12,Side Plank,Abs,,,0.0,kg,0:00:00
            2017-10-12,Elliptical,Cardio,,,3.37,m,0:32:32
            2017-10-12,Sled Push,Legs,90.0,,20,m,0:00:40
            """
        let batch = try importCSV(text)
        #expect(batch.format == "fitnotes/8col-lbs")
        let workout = try #require(batch.workouts.first)
        #expect(workout.name == "Quads, Abs, Cardio, Legs")
        #expect(workout.exercises.map(\.category) == ["Quads", "Abs", "Cardio", "Legs"])
        // 225 lb = 102.05828325 kg → 102.058; 90 lb = 40.8233133 kg → 40.823; 20 m in 40 s is 0.5 m/s.
        #expect(workout.exercises.map(\.sets) == [
            [WorkoutSet(weightKg: 102.058, reps: 5)], [WorkoutSet()], [WorkoutSet(seconds: 1952)],
            [WorkoutSet(weightKg: 40.823, seconds: 40, distanceM: 20)],
        ])
        #expect(batch.warnings == [
            "left out 1 distance in m too slow for its time (the unit is probably km or mi; the time is kept): "
                + "line 4: 3.37 m in 0:32:32",
        ])
        let kilograms = try importCSV(text.replacingOccurrences(of: "Weight (lbs)", with: "Weight (kgs)"))
        #expect(kilograms.format == "fitnotes/8col-kgs")
        #expect(kilograms.workouts.first?.exercises.first?.sets.first?.weightKg == 225)
    }

    @Test("unquoted commas: surplus fields joined back into Exercise, anchored on a known or in-file category")
    func repairedNames() throws {
        let text = Self.nineHeader + """
            2025-04-29,Overhead Press (Each Side, Dumbbells),Shoulders,8.0,kgs,5,,,
            2025-04-29,Curl, Hammer, Rope,Biceps,10.0,kgs,12,,,
            2025-04-29,Lateral Raise,Delts,5.0,kgs,15,,,
            2025-04-29,Band Pull, Apart,Delts,0.0,kgs,20,,,
            """
        let batch = try importCSV(text)
        #expect(batch.format == "fitnotes/9col")
        let workout = try #require(batch.workouts.first)
        #expect(workout.name == "Shoulders, Biceps, Delts")
        #expect(workout.exercises.map(\.name) == [
            "Overhead Press (Each Side, Dumbbells)", "Curl, Hammer, Rope", "Lateral Raise", "Band Pull, Apart",
        ])
        #expect(workout.exercises.map(\.sets) == [
            [WorkoutSet(weightKg: 8, reps: 5)], [WorkoutSet(weightKg: 10, reps: 12)], [WorkoutSet(weightKg: 5, reps: 15)],
            [WorkoutSet(reps: 20)],
        ])
        #expect(batch.readingWarnings == [
            "joined the surplus fields of 3 rows back into the exercise name (FitNotes writes names holding commas "
                + "unquoted), first on line 2",
        ])
    }

    @Test("an unquoted comment with commas in the 10-column layout goes back into Comment")
    func repairedComment() throws {
        let text = Self.tenHeader + """
            2025-01-06,Bench Press,Chest,80.0,kgs,5,,,,felt strong, no pain
            2025-01-06,Press (Each Side, Dumbbells),Shoulders,8.0,kgs,5,,,,left, right, left
            """
        let workout = try #require(try importCSV(text).workouts.first)
        #expect(workout.exercises.map(\.name) == ["Bench Press", "Press (Each Side, Dumbbells)"])
        #expect(workout.exercises.map(\.sets) == [
            [WorkoutSet(weightKg: 80, reps: 5, notes: "felt strong, no pain")],
            [WorkoutSet(weightKg: 8, reps: 5, notes: "left, right, left")],
        ])
    }

    @Test("a surplus without a unique category anchor rejects the file with its line (I-07), or is skipped")
    func unanchoredRows() throws {
        let text = Self.nineHeader + "2025-04-29,Squat,Legs,100.0,kgs,5,,,\n2025-04-29,Press, Custom,Arms2,8.0,kgs,5,,,\n"
        let message = "the row has 10 fields but the header has 9, and no split of the exercise name puts a known "
            + "category in Category ('Arms2' is not one) " + Self.known
        #expect(importError(text) == .badData(file: "test.csv", line: 3, message: message))
        let skipping = try importCSV(text, options: ImportOptions(skipBadRows: true))
        #expect(skipping.skipped == [LineIssue(line: 3, message: message)])
        #expect(skipping.setCount == 1)

        let ambiguous = Self.tenHeader + "2025-01-06,Row,Back,Chest,20.0,kgs,10,,,,ok\n"
        #expect(importError(ambiguous) == .badData(
            file: "test.csv", line: 2,
            message: "the row has 11 fields but the header has 10, and the exercise name cannot be told from the "
                + "comment: 'Back' and 'Chest' are both categories"))

        let short = Self.nineHeader + "2025-04-29,Squat,Legs,100.0,kgs,5,,\n"
        #expect(importError(short) == .badData(
            file: "test.csv", line: 2, message: "the row has 8 fields but the header has 9"))
    }

    @Test("row errors name the column and the line")
    func rowErrors() {
        func error(_ row: String) -> ImportError? { importError(Self.nineHeader + row + "\n") }
        #expect(error("2025-02-30,Squat,Legs,100.0,kgs,5,,,") == .badData(
            file: "test.csv", line: 2, message: "Date '2025-02-30' is not a valid date (expected YYYY-MM-DD)"))
        #expect(error("2025-02-03 10:00:00,Squat,Legs,100.0,kgs,5,,,")?.message
            == "Date '2025-02-03 10:00:00' is not a valid date (expected YYYY-MM-DD)")
        #expect(error("2025-02-03,Run,Cardio,,,,5.0,km,12:3")?.message
            == "Time '12:3' is not a duration like 0:32:32 (H:MM:SS)")
        #expect(error("2025-02-03,Squat,Legs,80.0,,5,,,")?.message == "weight 80 has the unit '' (expected kgs or lbs)")
        #expect(error("2025-02-03,Run,Cardio,,,,100,ft,0:01:00")?.message
            == "distance 100 has the unit 'ft' (expected km, mi or m)")
        #expect(error("2025-02-03,,Legs,80.0,kgs,5,,,")?.message == "the exercise name is empty")
        #expect(error("2025-02-03,Squat,Legs,-80.0,kgs,5,,,")?.message == "Weight: '-80.0' is negative (or not a number)")
        #expect(error("2025-02-03,Squat,Legs,80.0,kgs,5,,,\n2025-02-04,Squat,Legs,80.0,kgs,5,,,\n2025-02-03,Row,Back,50.0,kgs,5,,,")
            == .badData(
                file: "test.csv", line: 4,
                message: "the workout 2025-02-03 (first row on line 2) continues after other workouts; "
                    + "a workout's rows must be contiguous"))
    }

    @Test("header rules: one weight column; required columns when the format is forced")
    func headers() {
        let noUnit = "Date,Exercise,Category,Weight,Reps\n2025-01-01,Squat,Legs,100,5\n"
        #expect(importError(noUnit) == .badData(
            file: "test.csv", line: 1,
            message: "the FitNotes header must have one weight column: \"Weight (lbs)\", \"Weight (kgs)\", "
                + "or \"Weight\" with \"Weight Unit\""))
        let noCategory = "Date,Exercise,Weight (lbs),Reps\n2025-01-01,Squat,100,5\n"
        #expect(importError(noCategory) == .unknownFormat(file: "test.csv", supported: FormatDetector.supportedIDs))
        #expect(importError(noCategory, options: ImportOptions(format: .fitnotes)) == .badData(
            file: "test.csv", line: 1,
            message: "the FitNotes header lacks the column \"Category\" (required: Date, Exercise, Category)"))
        let extra = "Date,Exercise,Category,Reps,Mood\n2025-01-01,Plank,Abs,1,ok\n"
        #expect((try? importCSV(extra))?.warnings == ["ignored the unknown column \"Mood\""])
    }

    @Test("Time is H:MM:SS only")
    func clockDuration() {
        #expect(TimeText.clockDuration("0:09:21") == 561)
        #expect(TimeText.clockDuration("2:00:00") == 7200)
        #expect(TimeText.clockDuration("12:00:05") == 43205)
        for bad in ["", "0:9:21", "9:21", "1:60:00", "1:00:60", "1:02:03:04", "a:00:00", "-1:00:00", "1:0:00"] {
            #expect(TimeText.clockDuration(bad) == nil, "\(bad)")
        }
    }

    @Test("the reader keeps wide rows whole only when asked; short rows stay ragged; inserting restores line order")
    func wideRowsInTheReader() throws {
        let text = "a,b,c\n1,2,3\n4,5,6,7\n8,9,10\n"
        let reader = try CSVReader(bytes: Array(text.utf8), file: "w.csv")
        let table = try reader.readRecords(keepingWideRows: true)
        #expect(table.rowCount == 2)
        #expect(table.lines == [2, 4])
        #expect(table.wideRows == [CSVWideRecord(line: 3, fields: ["4", "5", "6", "7"])])
        let merged = table.inserting([CSVWideRecord(line: 3, fields: ["4", "5,6", "7"])], skipped: [])
        #expect(merged.lines == [2, 3, 4])
        #expect((0..<merged.rowCount).map(merged.record) == [["1", "2", "3"], ["4", "5,6", "7"], ["8", "9", "10"]])
        #expect(merged.wideRows.isEmpty)
        #expect(throws: ImportError.badData(file: "w.csv", line: 3, message: "the row has 4 fields but the header has 3")) {
            try reader.readRecords()
        }
        let short = try CSVReader(bytes: Array("a,b,c\n1,2\n".utf8), file: "s.csv")
        #expect(throws: ImportError.badData(file: "s.csv", line: 2, message: "the row has 2 fields but the header has 3")) {
            try short.readRecords(keepingWideRows: true)
        }
    }
}
