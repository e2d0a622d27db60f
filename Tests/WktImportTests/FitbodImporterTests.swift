import Foundation
import Testing
import WktCore
@testable import WktImport

@Suite("Fitbod WorkoutExport.csv (docs/formats.md §8)")
struct FitbodImporterTests {
    static let header = "Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier"

    /// The committed fixture, `Fixtures/fitbod/WorkoutExport.csv`, imported in `zone`.
    static func fixtureBatch(zone: String = "UTC") throws -> ImportBatch {
        try FileImporter.read(
            bytes: try fixture("fitbod/WorkoutExport.csv"), file: "WorkoutExport.csv",
            options: ImportOptions(timeZone: zone))
    }

    /// A file of `rows` under the Fitbod header.
    static func file(_ rows: String...) -> String { ([header] + rows).joined(separator: "\n") + "\n" }

    /// A squat row of the workout at `date` with `reps`, `weight` and `warmup` as written.
    static func row(
        _ date: String = "2021-01-17 22:14:35 +0000", exercise: String = "Back Squat", reps: String = " 5",
        weight: String = "100.0", warmup: String = "false", note: String = "", multiplier: String = " 1.0"
    ) -> String {
        "\(date),\(exercise),\(reps),\(weight),0.0,0.0,0.0,0.0,\(warmup),\(note),\(multiplier)"
    }

    @Test("the fixture: one workout per Date, oldest first, UTC instants, warm-ups, blocks, timed and distance rows")
    func fixtureFile() throws {
        let batch = try Self.fixtureBatch()
        #expect(batch.format == "fitbod")
        #expect(batch.carried == [])
        #expect(batch.warnings == [])
        #expect(batch.skipped == [])
        #expect(batch.workouts.map(\.sourceKey) == [
            "2020-12-07 14:42:34 +0000", "2020-12-26 21:49:42 +0000", "2021-01-17 22:14:35 +0000",
        ])
        #expect(batch.workouts.map(\.start) == [
            wall(2020, 12, 7, 14, 42, 34), wall(2020, 12, 26, 21, 49, 42), wall(2021, 1, 17, 22, 14, 35),
        ])
        #expect(batch.workouts.allSatisfy {
            $0.source == .fitbod && $0.name == "Fitbod workout" && $0.durationSeconds == nil && $0.notes == nil
                && $0.activity == "strength" && $0.utcOffsetSeconds == 0
        })
        let newest = try #require(batch.workouts.last)
        #expect(newest.exercises.map(\.name) == ["Back Squat", "Dumbbell Bicep Curl", "Back Squat"])
        // 45 lb = 20.41168092460379 kg → 20.412; 100 lb → 45.359; the dumbbells 22.5 and 30 lb each.
        #expect(newest.exercises[0].sets == [
            WorkoutSet(kind: .warmup, weightKg: 20.412, reps: 4),
            WorkoutSet(weightKg: 45.359, reps: 8, notes: "felt heavy, \"grindy\""),
        ])
        #expect(newest.exercises[1].sets == [WorkoutSet(weightKg: 10.206, reps: 8), WorkoutSet(weightKg: 13.608, reps: 9)])
        #expect(newest.exercises[2].sets == [WorkoutSet(weightKg: 45.359, reps: 8)])
        let cardio = batch.workouts[1]
        #expect(cardio.exercises.map(\.name) == ["Superman Hold", "Treadmill", "Stationary Bike"])
        #expect(cardio.exercises.map(\.sets) == [
            [WorkoutSet(seconds: 30)],
            [WorkoutSet(seconds: 600.5, distanceM: 1500.46, notes: "easy walk; incline 2.5")],
            // Nothing done by our rules, kept anyway with what the row says.
            [WorkoutSet(notes: "resistance 5")],
        ])
        #expect(cardio.exercises[2].sets[0].isDone == false)
        let walking = try #require(batch.workouts.first)
        #expect(walking.exercises.map(\.name) == ["Walking"])
        #expect(walking.exercises[0].sets == [WorkoutSet(seconds: 611.478059053421, distanceM: 927.23)])
    }

    @Test("Date is an instant: the start is its wall time in the configured zone, with that zone's offset")
    func timeZones() throws {
        let newYork = try Self.fixtureBatch(zone: "America/New_York")
        let evening = try #require(newYork.workouts.last)
        #expect(evening.sourceKey == "2021-01-17 22:14:35 +0000")
        #expect(evening.start == wall(2021, 1, 17, 17, 14, 35))
        #expect(evening.utcOffsetSeconds == -5 * 3600)
        let tokyo = try Self.fixtureBatch(zone: "Asia/Tokyo")
        let morning = try #require(tokyo.workouts.last)
        #expect(morning.start == wall(2021, 1, 18, 7, 14, 35))
        #expect(morning.utcOffsetSeconds == 9 * 3600)
        #expect(tokyo.workouts.map(\.sourceKey) == newYork.workouts.map(\.sourceKey))

        // Any offset is read; summer time is the zone's own offset at the instant.
        let text = Self.file(
            Self.row("2021-07-01 23:30:00 +0100"), Self.row("2021-01-17 23:14:35 +0100"),
            Self.row("2021-01-17 17:14:35 -0500"))
        let batch = try importCSV(text, options: ImportOptions(timeZone: "America/New_York"))
        #expect(batch.workouts.map(\.start) == [
            wall(2021, 1, 17, 17, 14, 35), wall(2021, 1, 17, 17, 14, 35), wall(2021, 7, 1, 18, 30),
        ])
        #expect(batch.workouts.map(\.utcOffsetSeconds) == [-18_000, -18_000, -14_400])
        #expect(batch.workouts.map(\.sourceKey) == [
            "2021-01-17 17:14:35 -0500", "2021-01-17 23:14:35 +0100", "2021-07-01 23:30:00 +0100",
        ])
        #expect(batch.warnings == [])
    }

    @Test("an unknown time zone rejects the file at line 1")
    func unknownZone() {
        let error = importError(Self.file(Self.row()), options: ImportOptions(timeZone: "Mars/Olympus"))
        #expect(error == .badData(
            file: "test.csv", line: 1, message: "the time zone 'Mars/Olympus' is not a known IANA zone name"))
    }

    @Test("detection: the Fitbod header in any order; FitNotes, Strong and Hevy headers are not Fitbod's")
    func detection() throws {
        let names = Self.header.split(separator: ",").map(String.init)
        #expect(FitbodImporter.matches(header: names))
        #expect(FitbodImporter.matches(header: names.reversed() + ["Gym"]))
        #expect(!FitbodImporter.matches(header: names.filter { $0 != "multiplier" }))
        #expect(!FitNotesImporter.matches(header: names))
        #expect(!StrongImporter.matches(header: names))
        #expect(!HevyImporter.matches(header: names))
        for other in [
            "Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time",
            "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment",
            StrongHeaders.dialectA, StrongHeaders.dialectB, StrongHeaders.dialectC.replacingOccurrences(of: "\"", with: ""),
            "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,"
                + "weight_kg,reps,distance_km,duration_seconds,rpe",
        ] {
            let names = other.split { $0 == "," || $0 == ";" }.map(String.init)
            #expect(!FitbodImporter.matches(header: names), "\(other)")
        }
        #expect(try importCSV(Self.file(Self.row())).format == "fitbod")

        // Columns are mapped by name; an extra one is ignored with a warning.
        let shuffled = "Gym,multiplier,Note,isWarmup,Resistance,Incline,Distance(m),Duration(s),Weight(kg),Reps,Exercise,Date\n"
            + "Home, 2.0,,true,0.0,0.0,0.0,0.0,12.5, 10,Dumbbell Row,2021-01-17 22:14:35 +0000\n"
        let batch = try importCSV(shuffled)
        #expect(batch.format == "fitbod")
        #expect(batch.warnings == ["ignored the unknown column \"Gym\""])
        #expect(batch.workouts.first?.exercises.first?.sets == [WorkoutSet(kind: .warmup, weightKg: 12.5, reps: 10)])
    }

    @Test("a forced --format fitbod needs Date, Exercise, Reps, Weight(kg) and isWarmup, nothing else")
    func requiredColumns() throws {
        let minimal = "Date,Exercise,Reps,Weight(kg),isWarmup\n2021-01-17 22:14:35 +0000,Plank, 0,0.0,false\n"
        #expect(importError(minimal) == .unknownFormat(file: "test.csv", supported: FormatDetector.supportedIDs))
        let batch = try importCSV(minimal, options: ImportOptions(format: .fitbod))
        #expect(batch.workouts.first?.allSets == [WorkoutSet()])
        let noWarmup = "Date,Exercise,Reps,Weight(kg)\n2021-01-17 22:14:35 +0000,Plank, 0,0.0\n"
        #expect(importError(noWarmup, options: ImportOptions(format: .fitbod)) == .badData(
            file: "test.csv", line: 1,
            message: "the Fitbod header lacks the column \"isWarmup\" (required: Date, Exercise, Reps, Weight(kg), isWarmup)"))
    }

    @Test("multiplier 2.0: the stored weight is the logged per-dumbbell weight, and so is the volume")
    func perImplementWeight() throws {
        let batch = try importCSV(Self.file(
            Self.row(exercise: "Dumbbell Bicep Curl", reps: " 10", weight: "12.5", multiplier: " 2.0"),
            Self.row(exercise: "Dumbbell Lunge", reps: " 8", weight: "10.0", multiplier: " 4.0")))
        let sets = try #require(batch.workouts.first?.allSets)
        #expect(sets.map(\.weightKg) == [12.5, 10])
        #expect(sets.map(\.volumeKg) == [125, 80])
    }

    @Test("numbers: spaces around them are trimmed; inside, signs, fractions of reps and words are row errors")
    func numbers() throws {
        let spaced = try importCSV(Self.file(
            "2021-01-17 22:14:35 +0000,Back Squat,  8 ,  60.5 , 12.5 , 30 , 1.0 , 2 ,false,, 1.0 "))
        #expect(spaced.workouts.first?.allSets == [
            WorkoutSet(weightKg: 60.5, reps: 8, seconds: 12.5, distanceM: 30, notes: "incline 1; resistance 2"),
        ])
        let cases: [(String, String)] = [
            (Self.row(reps: " 8.5"), "Reps: '8.5' is not a whole number"),
            (Self.row(reps: "8 5"), "Reps: '8 5' has spaces around or inside the number"),
            (Self.row(reps: "\t8"), "Reps: '\t8' has spaces around or inside the number"),
            (Self.row(weight: "-20.0"), "Weight(kg): '-20.0' is negative (or not a number)"),
            (Self.row(weight: "nan"), "Weight(kg): 'nan' is not a finite number"),
            (Self.row(multiplier: " two"), "multiplier: 'two' is not a number"),
            (Self.row(multiplier: " -2.0"), "multiplier: '-2.0' is negative (or not a number)"),
            ("2021-01-17 22:14:35 +0000,Row, 8,20.0,0.0,0.0,x,0.0,false,, 1.0", "Incline: 'x' is not a number"),
            ("2021-01-17 22:14:35 +0000,Row, 8,20.0,abc,0.0,0.0,0.0,false,, 1.0", "Duration(s): 'abc' is not a number"),
        ]
        for (row, message) in cases {
            #expect(importError(Self.file(Self.row(), row)) == .badData(file: "test.csv", line: 3, message: message), "\(row)")
        }
    }

    @Test("isWarmup must be true or false: anything else names file:line")
    func warmupValues() {
        for value in ["yes", "TRUE", "1", ""] {
            let error = importError(Self.file(Self.row(), Self.row(warmup: value)))
            #expect(error == .badData(file: "test.csv", line: 3, message: "isWarmup '\(value)' is not true or false"))
            #expect(error?.description == "test.csv:3: isWarmup '\(value)' is not true or false")
        }
    }

    @Test("Date must be YYYY-MM-DD HH:MM:SS +HHMM, a real date, in the years 1970–9999")
    func badDates() {
        for text in [
            "2021-01-17 22:14:35", "2021-01-17T22:14:35 +0000", "2021-01-17 22:14:35 +00:00", "2021-02-30 10:00:00 +0000",
            "2021-01-17 22:14:35 +2400", "2021-01-17 22:14:35 0000", "17 Jan 2021 22:14", "1970-01-01 00:30:00 +0100", "",
        ] {
            #expect(importError(Self.file(Self.row(text))) == .badData(
                file: "test.csv", line: 2,
                message: "Date '\(text)' is not a date and time like 2021-01-17 22:14:35 +0000 "
                    + "(YYYY-MM-DD HH:MM:SS +HHMM, in the years 1970–9999)"), "\(text)")
        }
    }

    @Test("a workout's rows must be contiguous; an empty exercise name is a row error")
    func contiguity() {
        let split = Self.file(Self.row(), Self.row("2021-01-16 23:02:11 +0000"), Self.row())
        #expect(importError(split) == .badData(
            file: "test.csv", line: 4,
            message: "the workout 2021-01-17 22:14:35 +0000 (first row on line 2) continues after other workouts; "
                + "a workout's rows must be contiguous"))
        #expect(importError(Self.file(Self.row(exercise: ""))) == .badData(
            file: "test.csv", line: 2, message: "Exercise is empty"))
    }

    @Test("--skip-bad-rows: bad rows are listed with their line and the rest is imported")
    func skipBadRows() throws {
        let text = Self.file(
            Self.row(reps: " 5"), Self.row(warmup: "maybe"), Self.row(reps: " 3"),
            Self.row("2021-13-01 10:00:00 +0000"), Self.row("2021-01-16 23:02:11 +0000", reps: " 1"), Self.row(reps: " 9"))
        let batch = try importCSV(text, options: ImportOptions(skipBadRows: true))
        #expect(batch.skipped.map(\.line) == [3, 5, 7])
        #expect(batch.skipped[0].message == "isWarmup 'maybe' is not true or false")
        #expect(batch.skipped[1].message.hasPrefix("Date '2021-13-01 10:00:00 +0000' is not a date and time"))
        #expect(batch.skipped[2].message.hasPrefix("the workout 2021-01-17 22:14:35 +0000 (first row on line 2)"))
        #expect(batch.workouts.map(\.sourceKey) == ["2021-01-16 23:02:11 +0000", "2021-01-17 22:14:35 +0000"])
        #expect(batch.workouts.map { $0.allSets.compactMap(\.reps) } == [[1], [5, 3]])
    }
}
