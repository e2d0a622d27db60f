import Testing
import WktCore
import WktStore
@testable import WktApp

/// #13 point 4: the same history from another dialect of one app is unchanged and keeps its more
/// precise values (docs/formats.md §6.2), through the real importers and the store.
@Suite("lossless re-import across dialects")
struct LosslessReimportTests {
    /// One 2,545-second workout in Strong's semicolon dialect C.
    static let strongC = """
        "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
        "1";"2024-11-28 17:36:08";"B";"2545";"Bent Over Row (Barbell)";"1";"60.0";"8";"8.5";"";"";"";"felt strong"
        "1";"2024-11-28 17:36:08";"B";"2545";"Bent Over Row (Barbell)";"2";"22.6796185";"10";"";"";"";"";"felt strong"

        """

    /// The same workout in the comma dialect A′ (no notes), its duration in minutes.
    static func strongAprime(duration: String) -> String {
        """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
        2024-11-28 17:36:08,"B",\(duration),"Bent Over Row (Barbell)",1,60.0,8.0,0,0.0,8.5
        2024-11-28 17:36:08,"B",\(duration),"Bent Over Row (Barbell)",2,22.68,10.0,0,0.0,

        """
    }

    private func stored(_ box: Sandbox) throws -> Workout {
        let history = try WorkoutStore.open(path: box.directory + "/workouts.sqlite", mode: .readOnly).loadHistory()
        return try #require(history.workouts.first).workout
    }

    @Test("Strong C then A′ (42m): unchanged, 2,545 s and the notes kept")
    func strongCThenAprime() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let c = try box.write("c.csv", Self.strongC)
        let aPrime = try box.write("a.csv", Self.strongAprime(duration: "42m"))
        #expect(ImportRunner.run(ImportRequest(files: [c]), env: box.env).exitCode == 0)
        let again = ImportRunner.run(ImportRequest(files: [aPrime], unit: .kg), env: box.env)
        #expect(again.exitCode == 0)
        #expect(again.stdout.contains("0 workouts added, 0 updated, 1 unchanged"), "\(again.stdout)")
        let workout = try stored(box)
        #expect(workout.durationSeconds == 2545)
        #expect(workout.notes == "felt strong")
        #expect(workout.exercises[0].sets.map(\.weightKg) == [60, 22.68])
    }

    @Test("Strong A′ with 43m after C is an edit: the new duration is stored")
    func strongDisagreeingMinutes() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let c = try box.write("c.csv", Self.strongC)
        let aPrime = try box.write("a.csv", Self.strongAprime(duration: "43m"))
        #expect(ImportRunner.run(ImportRequest(files: [c, aPrime], unit: .kg), env: box.env).exitCode == 0)
        #expect(try stored(box).durationSeconds == 2580)
    }

    @Test("Strong A′ then C: the seconds replace the minutes (an update that gains precision)")
    func strongAprimeThenC() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let c = try box.write("c.csv", Self.strongC)
        let aPrime = try box.write("a.csv", Self.strongAprime(duration: "42m"))
        #expect(ImportRunner.run(ImportRequest(files: [aPrime], unit: .kg), env: box.env).exitCode == 0)
        #expect(try stored(box).durationSeconds == 2520)
        let precise = ImportRunner.run(ImportRequest(files: [c]), env: box.env)
        #expect(precise.stdout.contains("0 workouts added, 1 updated, 0 unchanged"), "\(precise.stdout)")
        #expect(try stored(box).durationSeconds == 2545)
    }

    /// One Hevy workout of a pound user, in the lb export and in the kg export (0.01 kg).
    static func hevy(unit: String, weights: (String, String)) -> String {
        """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_\(unit)","reps","distance_km","duration_seconds","rpe"
        "Upper","25 Oct 2025, 19:56","25 Oct 2025, 21:00","","Incline Bench Press (Barbell)",,"",0,"normal",\(weights.0),9,,,
        "Upper","25 Oct 2025, 19:56","25 Oct 2025, 21:00","","Incline Bench Press (Barbell)",,"",1,"normal",\(weights.1),7,,,

        """
    }

    @Test("Hevy lb then kg export, and kg then lb: unchanged, the first file's grams kept")
    func hevyUnits() throws {
        for order in [["lbs", "kg"], ["kg", "lbs"]] {
            let box = try Sandbox()
            defer { box.remove() }
            let files = [
                "lbs": try box.write("lbs.csv", Self.hevy(unit: "lbs", weights: ("225", "230"))),
                "kg": try box.write("kg.csv", Self.hevy(unit: "kg", weights: ("102.06", "104.33"))),
            ]
            #expect(ImportRunner.run(ImportRequest(files: [files[order[0]]!]), env: box.env).exitCode == 0)
            let first = try stored(box).exercises[0].sets.map(\.weightKg)
            let again = ImportRunner.run(ImportRequest(files: [files[order[1]]!]), env: box.env)
            #expect(again.stdout.contains("0 workouts added, 0 updated, 1 unchanged"), "\(order): \(again.stdout)")
            #expect(try stored(box).exercises[0].sets.map(\.weightKg) == first)
            #expect(first == (order[0] == "lbs" ? [102.058, 104.326] : [102.06, 104.33]))
        }
    }

    @Test("a Hevy kg export that really changed a weight updates it")
    func hevyRealEdit() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let lbs = try box.write("lbs.csv", Self.hevy(unit: "lbs", weights: ("225", "230")))
        let kg = try box.write("kg.csv", Self.hevy(unit: "kg", weights: ("102.06", "106.59")))
        #expect(ImportRunner.run(ImportRequest(files: [lbs, kg]), env: box.env).exitCode == 0)
        #expect(try stored(box).exercises[0].sets.map(\.weightKg) == [102.058, 106.59])
    }
}

extension LosslessReimportTests {
    @Test("StrongLifts kg then lb export and lb then kg: unchanged, the first file's grams kept",
          .enabled(if: SharedSamples.available))
    func strongLiftsUnits() throws {
        let folder = SharedSamples.root + "/stronglifts/"
        for order in [["kg", "lb"], ["lb", "kg"]] {
            let box = try Sandbox()
            defer { box.remove() }
            let first = ImportRunner.run(ImportRequest(files: [folder + "stronglifts-export-\(order[0]).csv"]), env: box.env)
            #expect(first.exitCode == 0)
            let history = { try WorkoutStore.open(path: box.directory + "/workouts.sqlite", mode: .readOnly).loadHistory() }
            let before = try history().workouts
            let again = ImportRunner.run(ImportRequest(files: [folder + "stronglifts-export-\(order[1]).csv"]), env: box.env)
            #expect(again.stdout.contains("0 workouts added, 0 updated, 5 unchanged"), "\(order): \(again.stdout)")
            #expect(try history().workouts == before)
            // The first file's own numbers stay: 55 kg, or 121.3 lb (55.021 kg).
            let squat = try #require(before.first?.workout.exercises.first?.sets.first?.weightKg)
            #expect(squat == (order[0] == "kg" ? 55 : 55.021))
        }
    }
}
