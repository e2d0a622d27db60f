import Foundation
import Testing
@testable import WktConfig
import WktCore

/// `[[goals]]` in `wkt-site.toml` (docs/statistics.md "Goals"): read strictly, every error naming
/// the file, the line of the entry's key and the rule.
@Suite("Config [[goals]]")
struct GoalsConfigTests: ConfigParsing {
    @Test("entries are read in order with their lines; by as a string or a TOML local date; integers and floats")
    func reads() throws {
        let settings = try parse("""
            title = "Lifts"

            [[goals]]
            exercise = "Squat  (Barbell)"
            metric = "e1rm"
            target_kg = 140
            by = "2027-06-01"

            [[goals]]
            metric = "rep_max_5"
            exercise = "Bench Press (Barbell)"
            target_kg = 102.5
            by = 2027-01-31
            """)
        #expect(settings.goals.count == 2)
        let first = settings.goals[0]
        #expect(first.exercise == "Squat (Barbell)" && first.metric == .e1rm && first.targetKg == 140)
        #expect(first.by == CivilDate.parse("2027-06-01") && first.source == Goal.Source(file: "wkt-site.toml", line: 4))
        let second = settings.goals[1]
        #expect(second.metric == .repMax(5) && second.targetKg == 102.5 && second.by == CivilDate.parse("2027-01-31"))
        #expect(second.source?.line == 11)
        #expect(try parse("title = \"x\"\n").goals.isEmpty)
        // Inline tables are accepted too (their errors name the `goals` line).
        let inline = try parse("goals = [{ exercise = \"Squat\", metric = \"heaviest\", target_kg = 100.0 }]\n")
        #expect(inline.goals.map(\.exercise) == ["Squat"] && inline.goals[0].by == nil)
    }

    @Test("bad entries are exit 65 naming the file, the entry's line and the rule", arguments: [
        ("metric = \"volume\"", "wkt-site.toml:6: key `goals[2].metric`: \"volume\" is not valid: expected \"heaviest\", \"e1rm\" or \"rep_max_N\" with N from 1 to 12"),
        ("metric = \"rep_max_13\"", "wkt-site.toml:6: key `goals[2].metric`: \"rep_max_13\" is not valid"),
        ("target_kg = 0", "wkt-site.toml:6: key `goals[2].target_kg`: 0.0 is not valid: the target must be a number of kilograms from 0.001 to 10,000"),
        ("target_kg = -5.5", "wkt-site.toml:6: key `goals[2].target_kg`: -5.5 is not valid"),
        ("target_kg = nan", "wkt-site.toml:6: key `goals[2].target_kg`: nan is not valid"),
        ("target_kg = 10000.001", "wkt-site.toml:6: key `goals[2].target_kg`: 10000.001 is not valid"),
        ("target_kg = inf", "wkt-site.toml:6: key `goals[2].target_kg`: inf is not valid"),
        ("target_kg = \"140\"", "wkt-site.toml:6: key `goals[2].target_kg`: a TOML string is not valid: expected a number of kilograms"),
        ("by = \"2027-02-30\"", "wkt-site.toml:6: key `goals[2].by`: \"2027-02-30\" is not valid: expected a real day as \"YYYY-MM-DD\""),
        ("by = 2027-06-01T10:00:00", "wkt-site.toml:6: key `goals[2].by`: a TOML date-time is not valid"),
        ("byy = \"2027-01-01\"", "wkt-site.toml:6: key `goals[2].byy`: unknown key: a goal takes by, exercise, metric, target_kg"),
        ("exercise = \"\"", "wkt-site.toml:6: key `goals[2].exercise`: an exercise name must not be empty"),
        ("exercise = 5", "wkt-site.toml:6: key `goals[2].exercise`: a TOML integer is not valid"),
    ])
    func badEntries(line: String, message: String) throws {
        // The second entry's keys start on line 6; the bad key is written first, on line 6.
        var keys = ["exercise = \"Bench\"", "metric = \"heaviest\"", "target_kg = 100"]
        if let index = keys.firstIndex(where: { $0.hasPrefix(line.prefix(while: { $0 != " " }) + " ") }) { keys.remove(at: index) }
        let toml = "[[goals]]\nexercise = \"Squat\"\nmetric = \"e1rm\"\ntarget_kg = 100\n[[goals]]\n" + ([line] + keys).joined(separator: "\n") + "\n"
        let error = try #require(self.error(toml), "\(toml)")
        #expect(error.exitCode == 65)
        #expect(error.description.hasPrefix(message), "\(error.description)")
    }

    @Test("a missing key names the entry's [[goals]] line; a table instead of an array; the same goal twice; too many")
    func structure() throws {
        let missing = try #require(error("title = \"x\"\n\n[[goals]]\nexercise = \"Squat\"\nmetric = \"e1rm\"\n"))
        #expect(missing.description == "wkt-site.toml:3: key `goals[1]`: missing key target_kg: the target in kilograms")
        let table = try #require(error("[goals]\nexercise = \"Squat\"\n"))
        #expect(table.description.hasPrefix("wkt-site.toml: key `goals`: a TOML table is not valid: expected an array of tables"))
        let twice = try #require(error("""
            [[goals]]
            exercise = "Squat"
            metric = "e1rm"
            target_kg = 140
            [[goals]]
            exercise = "squat"
            metric = "e1rm"
            target_kg = 140.0
            """))
        #expect(twice.description == "wkt-site.toml:6: key `goals[2].exercise`: the same exercise, metric and target as goal 1: each goal once")
        let many = String(repeating: "[[goals]]\nexercise = \"S\"\nmetric = \"e1rm\"\ntarget_kg = 1\n", count: 101)
        let tooMany = try #require(error(many))
        #expect(tooMany.description == "wkt-site.toml:401: key `goals`: 101 goals are too many: at most 100")
    }

    @Test("GoalCheck: a goal whose exercise no stored workout names fails with the config's line, exit 65")
    func unknownExercise() throws {
        let settings = try parse("[[goals]]\nexercise = \"squat (barbell)\"\nmetric = \"e1rm\"\ntarget_kg = 140\n"
            + "[[goals]]\nexercise = \"Lunge\"\nmetric = \"heaviest\"\ntarget_kg = 40\n")
        let start = try #require(WallTime.parse("2026-11-02 18:00"))
        let squat = Workout(
            source: .wkt, sourceKey: "1", start: start, utcOffsetSeconds: nil, name: "Legs", activity: "strength",
            exercises: [ExerciseBlock(name: "Squat (Barbell)", sets: [WorkoutSet(kind: .normal, weightKg: 100, reps: 5)])])
        let history = WorkoutHistory(workouts: [StoredWorkout(id: 1, workout: squat)])
        #expect(throws: ConfigError.self) { try GoalCheck.verify(settings.goals, history: history) }
        do {
            try GoalCheck.verify(settings.goals, history: history)
        } catch {
            #expect(error.exitCode == 65)
            #expect(error.description == "wkt-site.toml:6: key `goals[2].exercise`: goal exercise \"Lunge\" is not in the history: "
                + "a goal must name an exercise of a stored workout (case and repeated spaces do not matter)")
        }
        try GoalCheck.verify(Array(settings.goals.prefix(1)), history: history)
        try GoalCheck.verify([], history: WorkoutHistory(workouts: []))
    }

    @Test("goals are in the settings' canonical encoding without their lines")
    func encoding() throws {
        let a = try parse("[[goals]]\nexercise = \"Squat\"\nmetric = \"e1rm\"\ntarget_kg = 140\n")
        let b = try parse("\n\n[[goals]]\nexercise = \"Squat\"\nmetric = \"e1rm\"\ntarget_kg = 140\n")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(a) == encoder.encode(b))
        let c = try parse("[[goals]]\nexercise = \"Squat\"\nmetric = \"e1rm\"\ntarget_kg = 142.5\n")
        #expect(try encoder.encode(a) != encoder.encode(c))
    }
}
