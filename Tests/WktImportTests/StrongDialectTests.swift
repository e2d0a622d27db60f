import Testing
import WktCore
@testable import WktImport

/// One workout written in every Strong dialect (docs/formats.md §1.1) must import to the same
/// normalised workout, apart from the fields a dialect does not carry (I-11).
@Suite("Strong dialects")
struct StrongDialectTests {
    /// The workout every fixture below describes, written down by hand.
    static let expected = Workout(
        source: .strong, sourceKey: "2024-03-05 18:00:00", start: wall(2024, 3, 5, 18, 0)!, durationSeconds: 3900,
        name: "Push Day", notes: "Felt strong",
        exercises: [
            ExerciseBlock(
                name: "Bench Press (Barbell)", notes: "Pause 1s",
                sets: [WorkoutSet(weightKg: 60, reps: 8), WorkoutSet(weightKg: 62.5, reps: 6, rpe: 8)]),
            ExerciseBlock(name: "Pull Up", sets: [WorkoutSet(reps: 8)]),
            ExerciseBlock(name: "Plank", sets: [WorkoutSet(seconds: 60)]),
            ExerciseBlock(name: "Running (Treadmill)", sets: [WorkoutSet(seconds: 600, distanceM: 1500)]),
        ])

    /// A fixture: the file text, its expected format id, fields carried and rest rows.
    struct Fixture: Sendable, CustomTestStringConvertible {
        let format: String
        let text: String
        let carried: CarriedFields
        var pseudoRows = 0
        var testDescription: String { format }
    }

    static let fixtures: [Fixture] = [
        Fixture(
            format: "strong/L0",
            text: crlf("""
                Date,Workout Name,Exercise Name,Set Order,kg,Reps,km,Seconds,Notes
                2024-03-05 18:00:00,"Push Day","Bench Press (Barbell)",0,60.0,8,0.0,0,"Pause 1s"
                2024-03-05 18:00:00,"Push Day","Bench Press (Barbell)",1,62.5,6,0.0,0,""
                2024-03-05 18:00:00,"Push Day","Pull Up",0,0.0,8,0.0,0,""
                2024-03-05 18:00:00,"Push Day","Plank",0,0.0,0,0.0,60,""
                2024-03-05 18:00:00,"Push Day","Running (Treadmill)",0,0.0,0,1.5,600,""

                """),
            carried: [.exerciseNotes]),
        Fixture(
            format: "strong/L1",
            text: """
                Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes
                2024-03-05 18:00:00,"Push Day","Bench Press (Barbell)",1,60.0,8,0,0,"Pause 1s","Felt strong"
                2024-03-05 18:00:00,"Push Day","Bench Press (Barbell)",2,62.5,6,0,0,,
                2024-03-05 18:00:00,"Push Day","Pull Up",1,0,8,0,0,"",
                2024-03-05 18:00:00,"Push Day","Plank",1,0,0,0,60,"",
                2024-03-05 18:00:00,"Push Day","Running (Treadmill)",1,0,0,1.5,600,"",
                """,
            carried: [.exerciseNotes, .workoutNotes]),
        Fixture(
            format: "strong/L2",
            text: """
                Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
                2024-03-05 18:00:00,"Push Day","Bench Press (Barbell)",1,60.0,8,0,0,"Pause 1s","Felt strong",
                2024-03-05 18:00:00,"Push Day","Bench Press (Barbell)",2,62.5,6,0,0,,,8
                2024-03-05 18:00:00,"Push Day","Pull Up",1,0,8,0,0,"",,
                2024-03-05 18:00:00,"Push Day","Plank",1,0,0,0,60,"",,
                2024-03-05 18:00:00,"Push Day","Running (Treadmill)",1,0,0,1.5,600,"",,
                """,
            carried: [.exerciseNotes, .workoutNotes, .rpe]),
        Fixture(
            format: "strong/A",
            text: """
                Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
                2024-03-05 18:00:00,"Push Day",1h 5m,"Bench Press (Barbell)",1,60.0,8.0,0,0.0,"Pause 1s","Felt strong",
                2024-03-05 18:00:00,"Push Day",1h 5m,"Bench Press (Barbell)",Rest Timer,0,0.0,0,120.0,,,
                2024-03-05 18:00:00,"Push Day",1h 5m,"Bench Press (Barbell)",2,62.5,6.0,0,0.0,,,8
                2024-03-05 18:00:00,"Push Day",1h 5m,"Pull Up",1,0,8.0,0,0.0,"",,
                2024-03-05 18:00:00,"Push Day",1h 5m,"Plank",1,0,0.0,0,60.0,"",,
                2024-03-05 18:00:00,"Push Day",1h 5m,"Running (Treadmill)",1,0,0.0,1.5,600.0,"",,
                """,
            carried: .all, pseudoRows: 1),
        Fixture(
            format: "strong/Aprime",
            text: """
                Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
                2024-03-05 18:00:00,"Push Day",65m,"Bench Press (Barbell)",1,60.0,8.0,0,0.0,
                2024-03-05 18:00:00,"Push Day",65m,"Bench Press (Barbell)",2,62.5,6.0,0,0.0,8.0
                2024-03-05 18:00:00,"Push Day",65m,"Pull Up",1,0,8.0,0,0.0,
                2024-03-05 18:00:00,"Push Day",65m,"Plank",1,0,0.0,0,60.0,
                2024-03-05 18:00:00,"Push Day",65m,"Running (Treadmill)",1,0,0.0,1.5,600.0,
                """,
            carried: [.duration, .rpe]),
        Fixture(
            format: "strong/A-de",
            text: """
                Datum,Workout-Name,Dauer,Name der Übung,Reihenfolge festlegen,Gewicht,Wiederh.,Entfernung,Sekunden,Notizen,Workout-Notizen,RPE
                2024-03-05 18:00:00,"Push Day",65min,"Bench Press (Barbell)",1,60,8.0,0,0.0,"Pause 1s","Felt strong",
                2024-03-05 18:00:00,"Push Day",65min,"Bench Press (Barbell)",Ruhezeit,0,0.0,0,45.0,,,
                2024-03-05 18:00:00,"Push Day",65min,"Bench Press (Barbell)",2,62.5,6.0,0,0.0,,,8
                2024-03-05 18:00:00,"Push Day",65min,"Bench Press (Barbell)",Ruhezeit,0,0.0,0,45.0,,,
                2024-03-05 18:00:00,"Push Day",65min,"Pull Up",1,0,8.0,0,0.0,"",,
                2024-03-05 18:00:00,"Push Day",65min,"Plank",1,0,0.0,0,60.0,"",,
                2024-03-05 18:00:00,"Push Day",65min,"Running (Treadmill)",1,0,0.0,1.5,600.0,"",,
                """,
            carried: .all, pseudoRows: 2),
        Fixture(
            format: "strong/B0",
            text: """
                Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
                2024-03-05 18:00:00;"Push Day";"Bench Press (Barbell)";1;60;kg;8;;;;0;"Pause 1s";"Felt strong"
                2024-03-05 18:00:00;"Push Day";"Bench Press (Barbell)";2;62,5;kg;6;8;;;0;;
                2024-03-05 18:00:00;"Push Day";"Pull Up";1;;;8;;;;0;"";
                2024-03-05 18:00:00;"Push Day";"Plank";1;;;;;;km;60;"";
                2024-03-05 18:00:00;"Push Day";"Running (Treadmill)";1;;;;;1.5;km;600;"";
                """,
            carried: [.exerciseNotes, .workoutNotes, .rpe]),
        Fixture(
            format: "strong/B",
            text: """
                Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration
                2024-03-05 18:00:00;"Push Day";"Bench Press (Barbell)";1;60;kg;8;;;;0;"Pause 1s";"Felt strong";1h 5m
                2024-03-05 18:00:00;"Push Day";"Bench Press (Barbell)";2;62.5;kg;6;8;;;0;;;1h 5m
                2024-03-05 18:00:00;"Push Day";"Pull Up";1;0;kg;8;;;;0;"";;1h 5m
                2024-03-05 18:00:00;"Push Day";"Plank";1;;;;;;km;60;"";;1h 5m
                2024-03-05 18:00:00;"Push Day";"Running (Treadmill)";1;;;;;1.5;km;600;"";;1h 5m
                """,
            carried: .all),
        Fixture(
            format: "strong/C",
            text: """
                "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
                "7";"2024-03-05 18:00:00";"Push Day";"3900";"Bench Press (Barbell)";"Note";"";"";"";"";"";"Pause 1s";"Felt strong"
                "7";"2024-03-05 18:00:00";"Push Day";"3900";"Bench Press (Barbell)";"1";"60.0";"8";"";"";"";"";"Felt strong"
                "7";"2024-03-05 18:00:00";"Push Day";"3900";"Bench Press (Barbell)";"Rest Timer";"";"";"";"";"120.0";"";"Felt strong"
                "7";"2024-03-05 18:00:00";"Push Day";"3900";"Bench Press (Barbell)";"2";"62.5";"6";"8.0";"";"";"";"Felt strong"
                "7";"2024-03-05 18:00:00";"Push Day";"3900";"Pull Up";"1";"";"8";"";"";"";"";"Felt strong"
                "7";"2024-03-05 18:00:00";"Push Day";"3900";"Plank";"1";"";"";"";"";"60.0";"";"Felt strong"
                "7";"2024-03-05 18:00:00";"Push Day";"3900";"Running (Treadmill)";"1";"";"";"";"1500.0";"600.0";"";"Felt strong"
                """,
            carried: .all, pseudoRows: 1),
        Fixture(
            format: "strong/A",
            text: """
                RPE,Notes,Seconds,Weight,Exercise Name,Workout Notes,Date,Reps,Set Order,Distance,Duration,Workout Name
                ,"Pause 1s",0,60,"Bench Press (Barbell)","Felt strong",2024-03-05 18:00:00,8,1,0,1h 5m,"Push Day"
                8,,0,62.5,"Bench Press (Barbell)",,2024-03-05 18:00:00,6,2,0,1h 5m,"Push Day"
                ,,0,0,"Pull Up",,2024-03-05 18:00:00,8,1,0,1h 5m,"Push Day"
                ,,60,0,"Plank",,2024-03-05 18:00:00,0,1,0,1h 5m,"Push Day"
                ,,600,0,"Running (Treadmill)",,2024-03-05 18:00:00,0,1,1.5,1h 5m,"Push Day"
                """,
            carried: .all),
        Fixture(
            format: "strong/C",
            text: """
                "Set Order";"Notes";"Exercise Name";"Weight (kg)";"Reps";"Seconds";"Distance (meters)";"RPE";"Workout Notes";"Duration (sec)";"Date";"Workout Name";"Workout #"
                "1";"Pause 1s";"Bench Press (Barbell)";"60";"8";"";"";"";"";"3900";"2024-03-05 18:00:00";"Push Day";"1"
                "2";"";"Bench Press (Barbell)";"62.5";"6";"";"";"8";"Felt strong";"3900";"2024-03-05 18:00:00";"Push Day";"1"
                "1";"";"Pull Up";"";"8";"";"";"";"Felt strong";"3900";"2024-03-05 18:00:00";"Push Day";"1"
                "1";"";"Plank";"";"";"60";"";"";"Felt strong";"3900";"2024-03-05 18:00:00";"Push Day";"1"
                "1";"";"Running (Treadmill)";"";"";"600";"1500";"";"Felt strong";"3900";"2024-03-05 18:00:00";"Push Day";"1"
                """,
            carried: .all),
    ]

    /// The workout without the fields a file does not carry.
    static func restricted(_ workout: Workout, to carried: CarriedFields) -> Workout {
        var w = workout
        if !carried.contains(.duration) { w.durationSeconds = nil }
        if !carried.contains(.workoutNotes) { w.notes = nil }
        for b in w.exercises.indices {
            if !carried.contains(.exerciseNotes) { w.exercises[b].notes = nil }
            for s in w.exercises[b].sets.indices where !carried.contains(.rpe) {
                w.exercises[b].sets[s].rpe = nil
            }
        }
        return w
    }

    @Test("every dialect and shuffled columns give the same normalised workout", arguments: fixtures)
    func dialect(_ fixture: Fixture) throws {
        let batch = try importCSV(fixture.text)
        #expect(batch.format == fixture.format)
        #expect(batch.carried == fixture.carried)
        #expect(batch.pseudoRows == fixture.pseudoRows)
        #expect(batch.skipped.isEmpty)
        #expect(batch.setCount == 5)
        try #require(batch.workouts.count == 1)
        #expect(batch.workouts[0] == Self.restricted(Self.expected, to: fixture.carried))
        let unitless = ["strong/L1", "strong/L2", "strong/A", "strong/Aprime", "strong/A-de"].contains(fixture.format)
        #expect(batch.unitAssumed == (unitless ? .kg : nil))
    }

    @Test("CRLF, BOM and LF versions of a file are identical (I-01, I-02)")
    func lineEndsAndBOM() throws {
        for fixture in Self.fixtures {
            let unix = try importCSV(lf(fixture.text))
            let windows = try importCSV(crlf(lf(fixture.text)))
            let bom = try FileImporter.read(
                bytes: [0xEF, 0xBB, 0xBF] + Array(fixture.text.utf8), file: "bom.csv", options: ImportOptions())
            #expect(unix.workouts == windows.workouts)
            #expect(unix.workouts == bom.workouts)
            #expect(bom.format == fixture.format)
        }
    }

    @Test("a header without a date or exercise column lists what it needs (I-12)")
    func missingColumn() {
        let error = importError(
            "Date,Workout Name,Exercise,Set Order\n2024-03-05 18:00:00,A,Squat,1\n", options: ImportOptions(format: .strong))
        #expect(error?.line == 1)
        #expect(error?.exitCode == 65)
        #expect(error?.message.contains("\"Exercise Name\", \"Name der Übung\"") == true)
        let twice = importError("Date,Datum,Exercise Name\n2024-03-05 18:00:00,x,Squat\n")
        #expect(twice?.message == "the columns \"Date\" and \"Datum\" hold the same field")
        let unit = importError("Date,Exercise Name,Weight (stone)\n2024-03-05 18:00:00,Squat,10\n")
        #expect(unit?.message.contains("unknown weight unit") == true)
    }

    @Test("unknown columns are ignored with a warning; a minimal header still imports")
    func minimalHeader() throws {
        let batch = try importCSV("Exercise Name,Date,Mood\nSquat,2024-03-05 18:00:00,good\n")
        #expect(batch.warnings == ["ignored the unknown column \"Mood\""])
        #expect(batch.workouts.first?.exercises.first?.sets == [WorkoutSet()])
        #expect(batch.workouts.first?.name == "")
        #expect(batch.carried == [])
        #expect(batch.format == "strong/L1")
    }
}
