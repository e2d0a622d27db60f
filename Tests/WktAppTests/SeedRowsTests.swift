import Foundation
import Testing
@testable import WktApp

/// docs/formats.md "The seed apps": each app's data, imported, shows what its row names on the site (import → build →
/// visible on the pages), one test per row.
@Suite("the five seed apps, end to end")
struct SeedRowsTests {
    /// Imports `files`, builds for `today`, returns a reader of the built pages.
    func importAndBuild(_ box: Sandbox, _ files: [String], today: String, unit: Bool = false) throws -> (String) throws -> String {
        let imported = ImportRunner.run(ImportRequest(files: files, unit: unit ? .kg : nil), env: box.env)
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        let built = BuildRunner.run(BuildRequest(today: today), env: box.env)
        #expect(built.exitCode == 0, "\(built.stderr)")
        return { path in String(decoding: try box.bytes("site/" + path), as: UTF8.self) }
    }

    /// The `data-state` of the calendar cell for `day` in `html` (the first one found).
    func state(of day: String, in html: String) -> String? {
        guard let cell = html.range(of: "data-date=\"\(day)\"") else { return nil }
        let rest = html[cell.upperBound...].prefix(200)
        guard let start = rest.range(of: "data-state=\"") else { return nil }
        return String(rest[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test("Kiln (Strong CSV): workouts-per-week chart, chronological history, every set on the workout page")
    func kiln() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let page = try importAndBuild(box, [try box.write("strong.csv", SameHistory.strongComma)], today: "2026-11-21", unit: true)
        let index = try page("index.html")
        #expect(index.contains("Workouts per week"))
        #expect(index.contains("role=\"img\""))
        let history = try page("history/index.html")
        #expect(state(of: "2026-11-02", in: history) == "done")
        #expect(state(of: "2026-11-03", in: history) == "rest")
        let workout = try page("workouts/2026-11-02-0700.html")
        #expect(workout.contains("Bench Press (Barbell)"))
        #expect(workout.contains("warm-up"))
        #expect(workout.contains("Chest Dip"))
        // Every set row: the warm-up and two working sets of bench, one set of dips.
        #expect(workout.components(separatedBy: "<tr>").count - 1 >= 1 + 3 + 1 + 1)
    }

    @Test("BodyFocus (wkt JSON): the plan drives ✓ ● ○ ✗; check-ins and knee flags on workout and exercise pages")
    func bodyFocus() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let json = """
            {"format": "wkt", "version": 1, "schedule": {"monday": "Full body", "thursday": "Full body"},
             "workouts": [
              {"id": "bf-1", "start": "2026-11-09T07:00:00+01:00", "name": "Full body",
               "check_in": {"energy": 4, "knee_pain": 0},
               "exercises": [{"name": "Goblet Squat", "sets": [{"kind": "normal", "weight_kg": 20, "reps": 10}]}]},
              {"id": "bf-2", "start": "2026-11-16T07:00:00+01:00", "name": "Full body",
               "check_in": {"energy": 2, "knee_pain": 3},
               "exercises": [{"name": "Goblet Squat", "pain_flag": true,
                              "sets": [{"kind": "normal", "weight_kg": 22, "reps": 8}]}]}
             ]}
            """
        let page = try importAndBuild(box, [try box.write("bodyfocus.json", json)], today: "2026-11-18")
        let index = try page("index.html")
        #expect(state(of: "2026-11-16", in: index) == "done")      // Monday, done
        #expect(state(of: "2026-11-17", in: index) == "rest")      // not planned
        #expect(state(of: "2026-11-18", in: index) == "today")     // Wednesday, nothing logged
        #expect(state(of: "2026-11-19", in: index) == "planned")   // Thursday ahead
        let history = try page("history/index.html")
        #expect(state(of: "2026-11-12", in: history) == "missed")  // last Thursday, not done
        let workout = try page("workouts/2026-11-16-0700.html")
        #expect(workout.contains("Knee pain 3"))
        #expect(workout.contains("Energy 2"))
        #expect(workout.contains("Irritated my knees"))
        let exercise = try page("exercises/goblet-squat.html")
        #expect(exercise.contains("⚠ knees"))
        #expect(exercise.contains("Knee pain 3"))
        #expect(exercise.contains("Knee pain 0"))
    }

    @Test("AirFit (Apple Health): workouts without sets count in weeks, calendars and streaks")
    func airFit() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="45" durationUnit="min" sourceName="AirFit" startDate="2026-11-16 07:00:00 +0100" endDate="2026-11-16 07:45:00 +0100">
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-11-16 07:00:00 +0100" endDate="2026-11-16 07:45:00 +0100" sum="310" unit="kcal"/>
             </Workout>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="AirFit" startDate="2026-11-17 18:00:00 +0100" endDate="2026-11-17 18:30:00 +0100"/>
            </HealthData>

            """
        let page = try importAndBuild(box, [try box.write("export.xml", xml)], today: "2026-11-17")
        let stats = StatsRunner.run(StatsRequest(json: true, today: "2026-11-17"), env: box.env).stdout
        #expect(stats.contains("\"workouts\": 2"))
        #expect(stats.contains("\"volume_kg\": 0.0"))
        let index = try page("index.html")
        #expect(state(of: "2026-11-16", in: index) == "done")
        #expect(state(of: "2026-11-17", in: index) == "done")
        #expect(index.contains("2 days"))  // the day streak
        let strength = try page("workouts/2026-11-16-0700.html")
        #expect(strength.contains("45 min"))
        #expect(strength.contains("310 kcal"))
        #expect(strength.contains("Strength"))
    }

    @Test("Gym-Baazi (BackupData): PPL plan as planned days, day streak, PR grid, weekly progress, volume per workout")
    func gymBaazi() throws {
        let box = try Sandbox(variables: ["TZ": "UTC"])
        defer { box.remove() }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        func seconds(_ day: Int, _ hour: Int) throws -> Double {
            let date = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour)))
            return date.timeIntervalSinceReferenceDate
        }
        func log(_ id: Int, day: Int, type: String, weight: Double) throws -> String {
            """
            {"id": "00000000-0000-0000-0000-00000000000\(id)", "date": \(try seconds(day, 18)), "type": "\(type)",
             "completed": true, "duration": 3600, "sets": [
              {"id": "10000000-0000-0000-0000-00000000000\(id)", "exerciseId": "bench", "exerciseName": "Bench Press",
               "setNumber": 1, "reps": 5, "weight": \(weight), "completed": true},
              {"id": "20000000-0000-0000-0000-00000000000\(id)", "exerciseId": "bench", "exerciseName": "Bench Press",
               "setNumber": 2, "reps": 5, "weight": \(weight), "completed": false}]}
            """
        }
        let backup = """
            {"workoutLogs": [\(try log(1, day: 16, type: "LEGS", weight: 60)), \(try log(2, day: 17, type: "PUSH", weight: 70))],
             "exportedAt": \(try seconds(18, 9))}
            """
        let page = try importAndBuild(box, [try box.write("backup.json", backup)], today: "2026-11-18")
        let index = try page("index.html")
        #expect(state(of: "2026-11-16", in: index) == "done")
        #expect(state(of: "2026-11-18", in: index) == "today")
        #expect(state(of: "2026-11-19", in: index) == "planned")   // Thursday: Legs
        #expect(state(of: "2026-11-22", in: index) == "rest")      // Sunday: rest
        #expect(index.contains("Day streak"))
        #expect(index.contains("2 days"))
        let records = try page("records/index.html")
        #expect(records.contains("Bench Press"))
        #expect(records.contains("70"))
        let workout = try page("workouts/2026-11-17-1800.html")
        #expect(workout.contains("350 kg"))  // one completed set of 70 × 5; the uncompleted set is not work
        #expect(!workout.contains("700 kg"))
    }

    @Test("FitToday (wkt JSON): star rating, exercises completed of total, total time on the workout page")
    func fitToday() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let page = try importAndBuild(box, [try box.write("fittoday.json", ExportAndFormatsTests.wktDocument)], today: "2026-11-20")
        let workout = try page("workouts/2026-11-18-0600.html")
        #expect(workout.contains("★★★★☆"))
        #expect(workout.contains("4 of 5"))
        #expect(workout.contains("0 of 1 exercise completed"))  // 1 of 4 planned bench sets done
        #expect(workout.contains("44 min"))
        let exercise = try page("exercises/bench-press-barbell.html")
        #expect(exercise.contains("1 of 4 planned sets"))
        #expect(exercise.contains("rated 4 of 5"))
    }
}
