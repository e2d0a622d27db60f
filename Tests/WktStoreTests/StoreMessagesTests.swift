import Foundation
import GRDB
import Testing
import WktCore
@testable import WktStore

/// Store error messages speak our words, never SQL (docs/reliability.md A-09).
@Suite("Store messages: the rule in words, never raw SQL (docs/reliability.md A-09)")
struct StoreMessagesTests {
    /// Phrases of SQLite's own constraint messages that must never reach a user.
    private static let sqlPhrases = ["constraint failed", "CHECK", "UNIQUE", "NOT NULL", "FOREIGN KEY", "PRIMARY KEY"]

    private func rejection(_ workout: Workout) throws -> StoreError? {
        let store = try WorkoutStore.inMemory()
        do {
            _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([workout], file: "bad.json")), dryRun: false)
            return nil
        } catch {
            #expect(try store.loadHistory().workouts.isEmpty, "nothing was imported")
            return error
        }
    }

    @Test("A-09: a CHECK the data breaks (rating 9, RPE 11, negative reps) is named in words, exit 65, no SQL text",
          arguments: [
            ("rating", "the rating must be 1 to 5"),
            ("rpe", "RPE must be 0 to 10"),
            ("reps", "reps must not be negative"),
          ])
    func checkInWords(field: String, words: String) throws {
        var workout = StoreFixtures.simpleWorkout(day: 3)
        switch field {
        case "rating": workout.rating = 9
        case "rpe": workout.exercises[0].sets[0].rpe = 11
        default: workout.exercises[0].sets[0].reps = -1
        }
        let error = try #require(try rejection(workout))
        #expect(error.exitCode == 65)
        let text = error.description
        #expect(text.contains(words), "\(text)")
        #expect(text.contains("bad.json") && text.contains("workout 2024-01-03 18:30:00"), "\(text)")
        for phrase in Self.sqlPhrases { #expect(!text.contains(phrase), "raw SQL in: \(text)") }
    }

    @Test("A-09: a UNIQUE the data breaks (two check-ins with one name) is named in words, no SQL text")
    func uniqueInWords() throws {
        var workout = StoreFixtures.richWorkout()
        workout.checkIns = [CheckIn(name: "energy", value: 3), CheckIn(name: "energy", value: 4)]
        let error = try #require(try rejection(workout))
        #expect(error.exitCode == 65)
        #expect(error.description.contains("two check-ins with the same name in one workout"), "\(error)")
        for phrase in Self.sqlPhrases { #expect(!error.description.contains(phrase), "raw SQL in: \(error)") }
    }

    @Test("A-09: a hostile workout key is shown on one line, control characters escaped, cut to 80 characters")
    func hostileKeyShown() throws {
        var workout = StoreFixtures.simpleWorkout(day: 3)
        workout.sourceKey = "evil\n\u{1B}]0;title\u{07}\u{202E}" + String(repeating: "k", count: 5000)
        workout.rating = 0
        let error = try #require(try rejection(workout))
        let text = error.description
        #expect(!text.contains("\n") && !text.contains("\u{1B}") && !text.contains("\u{07}") && !text.contains("\u{202E}"))
        #expect(text.contains("evil\\n\\u{1B}]0;title\\u{7}\\u{202E}kkk"), "\(text)")
        #expect(text.contains("k…"), "\(text)")
        #expect(text.count < 400, "\(text.count) characters")
    }

    @Test("A-09: every CHECK and UNIQUE rule of the schema has words (a new rule without words fails here)")
    func everyRuleHasWords() throws {
        let checks = StoreSchema.migrations.flatMap { Self.checkExpressions(in: $0.sql) }
        #expect(checks.count >= 20, "found \(checks.count) CHECK rules")
        for expression in checks {
            let words = StoreRules.describe(message: "CHECK constraint failed: \(expression)")
            #expect(words != "a value is outside the range the store accepts"
                && words != "a required text value is empty or malformed", "no words for CHECK (\(expression))")
        }
        // The real UNIQUE failures, from SQLite itself, one per table that has such a rule.
        let store = try WorkoutStore.inMemory()
        let statements = [
            "INSERT INTO workout VALUES (1, 's', 'k', '2024-01-01 10:00:00', NULL, NULL, 'n', NULL, 'strength', NULL, NULL, '\(String(repeating: "0", count: 64))')",
            "INSERT INTO workout VALUES (2, 's', 'k', '2024-01-01 10:00:00', NULL, NULL, 'n', NULL, 'strength', NULL, NULL, '\(String(repeating: "0", count: 64))')",
            "INSERT INTO exercise VALUES (1, 'Squat')",
            "INSERT INTO exercise VALUES (2, 'Squat')",
            "INSERT INTO workout_block (id, workout_id, position, exercise_id) VALUES (1, 1, 1, 1)",
            "INSERT INTO workout_block (id, workout_id, position, exercise_id) VALUES (2, 1, 1, 1)",
            "INSERT INTO workout_set (block_id, position, kind) VALUES (1, 1, 'normal')",
            "INSERT INTO workout_set (block_id, position, kind) VALUES (1, 1, 'normal')",
            "INSERT INTO check_in VALUES (1, 'energy', 1)",
            "INSERT INTO check_in VALUES (1, 'energy', 2)",
            "INSERT INTO schedule VALUES (1, 'Push', 'wkt', 'f')",
            "INSERT INTO schedule VALUES (1, 'Legs', 'wkt', 'f')",
            "INSERT INTO workout_block (workout_id, position, exercise_id) VALUES (99, 1, 1)",
            "INSERT INTO exercise VALUES (3, NULL)",
        ]
        var messages: [String] = []
        try store.queue.inDatabase { db in
            for sql in statements {
                do {
                    try db.execute(sql: sql)
                } catch let error as DatabaseError {
                    #expect(error.resultCode == .SQLITE_CONSTRAINT, "\(sql): \(error)")
                    messages.append(StoreRules.describe(error))
                    #expect(StoreError.wrap(error, path: "s", busyTimeout: 5).description.contains(messages.last ?? "?"))
                }
            }
        }
        #expect(messages == [
            "two workouts with the same app and workout key (a workout's identity must be unique)",
            "two exercises with the same name (exercise names must be unique)",
            "two exercise blocks at the same position in one workout",
            "two sets at the same position in one exercise block",
            "two check-ins with the same name in one workout",
            "two schedule entries for the same weekday",
            "a row refers to a workout, exercise block or exercise that does not exist",
            "a required value (name) is missing",
        ])
        for message in messages {
            for phrase in Self.sqlPhrases { #expect(!message.contains(phrase), "raw SQL in: \(message)") }
        }
    }

    /// The expressions inside `CHECK (…)` in `sql`, with balanced parentheses.
    static func checkExpressions(in sql: String) -> [String] {
        var found: [String] = []
        var rest = Substring(sql)
        while let range = rest.range(of: "CHECK (") {
            var depth = 1
            var index = range.upperBound
            while index < rest.endIndex, depth > 0 {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1 }
                if depth > 0 { index = rest.index(after: index) }
            }
            found.append(String(rest[range.upperBound..<index]).split(whereSeparator: \.isWhitespace).joined(separator: " "))
            rest = rest[index...]
        }
        return found
    }
}
