import Foundation
import Testing
import WktCore
@testable import WktImport

/// A wall time from `YYYY-MM-DD HH:MM:SS` test text.
private func wallTime(_ text: String) throws -> WallTime {
    try #require(WallTime.parse(text))
}

/// Decodes UTF-8 text, returning the batch or the error.
private func decode(_ text: String, file: String = "in.json") -> Result<ImportBatch, WktJSONError> {
    Result { () throws(WktJSONError) in try WktJSON.decode(bytes: Array(text.utf8), file: file) }
}

/// The error of a decode that must fail.
private func failure(_ text: String) -> WktJSONError? {
    switch decode(text) {
    case .success:
        Issue.record("decoded: \(text.prefix(200))")
        return nil
    case .failure(let error):
        return error
    }
}

/// A one-workout document whose only set is `set` (JSON object text).
private func document(set: String, version: String = "1", extraTop: String = "") -> String {
    """
    {"format": "wkt", "version": \(version),\(extraTop)
     "workouts": [{"id": "w1", "start": "2026-11-18T06:00:00+01:00", "name": "Push",
      "exercises": [{"name": "Bench", "sets": [\(set)]}]}]}
    """
}

@Suite("wkt JSON round trip")
struct WktJSONRoundTripTests {
    static func rich() throws -> Workout {
        Workout(
            source: .wkt, sourceKey: "fittoday-2026-11-18-1", start: try wallTime("2026-11-18 06:00:00"), utcOffsetSeconds: 3600,
            durationSeconds: 2640, name: "Push Day", notes: "Felt **strong**\nline \"two\" \\ tab\t\u{1}é",
            activity: "strength", energyKcal: 320.5, rating: 4,
            checkIns: [CheckIn(name: "knee_pain", value: 1), CheckIn(name: "energy", value: 3)],
            exercises: [
                ExerciseBlock(name: "Bench Press (Barbell)", notes: "Rep range 5-8", painFlag: false, plannedSets: 4, sets: [
                    WorkoutSet(kind: .warmup, weightKg: 60, reps: 8),
                    WorkoutSet(kind: .normal, weightKg: 100, reps: 5, rpe: 8),
                    WorkoutSet(kind: .failure, weightKg: 22.68, reps: 3, rpe: 9.5),
                    WorkoutSet(kind: .drop, weightKg: 80.125, reps: 6),
                ]),
                ExerciseBlock(name: "Plank", painFlag: true, sets: [WorkoutSet(seconds: 60.5)]),
                ExerciseBlock(name: "Cafe\u{301} Row (Machine)", plannedSets: 0, sets: [
                    WorkoutSet(seconds: 300, distanceM: 1272.35),
                ]),
                ExerciseBlock(name: "Stretching"),
            ])
    }

    static func plain() throws -> Workout {
        Workout(
            source: .wkt, sourceKey: "bodyfocus/2026-11-19", start: try wallTime("2026-11-19 18:30:15"), name: "Knees",
            activity: "core")
    }

    static func newfoundland() throws -> Workout {
        Workout(
            source: .wkt, sourceKey: "n", start: try wallTime("2024-06-02 23:30:00"), utcOffsetSeconds: -12600, name: "Run",
            activity: "running", energyKcal: 0.125)
    }

    static let schedule = Schedule(days: [.friday: "Legs", .monday: "Push", .wednesday: "Pull"])

    @Test("decode(encode(x)) gives back every field; encode is idempotent byte for byte")
    func roundTrip() throws {
        let workouts = [try Self.rich(), try Self.plain(), try Self.newfoundland()]
        let text = WktJSON.encode(workouts: workouts, schedule: Self.schedule)
        let batch = try WktJSON.decode(bytes: Array(text.utf8), file: "export.json")
        #expect(batch.workouts == workouts)
        #expect(batch.schedule == Self.schedule)
        #expect(batch.format == "wkt/1")
        #expect(batch.carried == .all)
        #expect(WktJSON.encode(workouts: batch.workouts, schedule: batch.schedule) == text)
        // Field by field too, so a failure says which one.
        let decoded = try #require(batch.workouts.first)
        #expect(decoded.utcOffsetSeconds == 3600)
        #expect(decoded.notes == workouts[0].notes)
        #expect(decoded.checkIns == [CheckIn(name: "energy", value: 3), CheckIn(name: "knee_pain", value: 1)])
        #expect(decoded.exercises.map(\.painFlag) == [false, true, false, false])
        #expect(decoded.exercises.map(\.plannedSets) == [4, nil, 0, nil])
        #expect(decoded.exercises[0].sets.map(\.kind) == [.warmup, .normal, .failure, .drop])
        #expect(decoded.exercises[0].sets.map(\.weightKg) == [60, 100, 22.68, 80.125])
        #expect(decoded.exercises[0].sets.map(\.rpe) == [nil, 8, 9.5, nil])
        #expect(decoded.exercises[2].name == "Caf\u{E9} Row (Machine)")
        #expect(decoded.exercises[2].sets.first?.distanceM == 1272.35)
        #expect(batch.workouts[1].utcOffsetSeconds == nil)
        #expect(batch.workouts[2].utcOffsetSeconds == -12600)
        #expect(text.contains("\"start\": \"2024-06-02T23:30:00-03:30\""))
        #expect(text.contains("\"start\": \"2026-11-19T18:30:15\","))
        #expect(text.contains("\"notes\": \"Felt **strong**\\nline \\\"two\\\" \\\\ tab\\t\\u0001é\""))
    }

    @Test("exact bytes of a tiny export; a Strong workout gets the id strong:<key>, set notes are not in v1")
    func tinyBytes() throws {
        let strong = Workout(
            source: .strong, sourceKey: "2024-03-05 18:00:00", start: try wallTime("2024-03-05 18:00:00"), durationSeconds: 3600,
            name: "Legs", exercises: [
                ExerciseBlock(name: "Squat (Barbell)", supersetID: 1, sets: [
                    WorkoutSet(weightKg: 102.5, reps: 5, notes: "belt"),
                ]),
            ])
        let text = WktJSON.encode(
            workouts: [strong], schedule: Schedule(days: [.thursday: "Push", .monday: "Legs"]))
        let expected = """
            {
              "format": "wkt",
              "version": 1,
              "schedule": {
                "monday": "Legs",
                "thursday": "Push"
              },
              "workouts": [
                {
                  "id": "strong:2024-03-05 18:00:00",
                  "start": "2024-03-05T18:00:00",
                  "duration_s": 3600,
                  "name": "Legs",
                  "notes": null,
                  "activity": "strength",
                  "energy_kcal": null,
                  "rating": null,
                  "check_in": {},
                  "exercises": [
                    {
                      "name": "Squat (Barbell)",
                      "notes": null,
                      "pain_flag": false,
                      "planned_sets": null,
                      "sets": [
                        {
                          "kind": "normal",
                          "weight_kg": 102.5,
                          "reps": 5,
                          "seconds": null,
                          "distance_m": null,
                          "rpe": null
                        }
                      ]
                    }
                  ]
                }
              ]
            }

            """
        #expect(text == expected)
        let back = try #require(try WktJSON.decode(bytes: Array(text.utf8), file: "x.json").workouts.first)
        // The exported id gives the original identity back, so re-importing never duplicates.
        #expect(back.source == .strong)
        #expect(back.sourceKey == "2024-03-05 18:00:00")
        #expect(WktJSON.identity(ofID: "fit-1") == (.wkt, "fit-1"))
        #expect(WktJSON.identity(ofID: "nosuchapp:1") == (.wkt, "nosuchapp:1"))
        #expect(WktJSON.identity(ofID: "hevy:") == (.wkt, "hevy:"))
        #expect(WktJSON.identity(ofID: "wkt:x") == (.wkt, "wkt:x"))
        #expect(back.exercises[0].sets[0].notes == nil)
        #expect(back.exercises[0].supersetID == nil)
        #expect(WktJSON.encode(workouts: [], schedule: nil) == "{\n  \"format\": \"wkt\",\n  \"version\": 1,\n  \"workouts\": []\n}\n")
    }

    @Test("numbers: fixed locale-free text, rounded to 0.001, whole numbers without .0")
    func numbers() {
        let cases: [(Double, String)] = [
            (100, "100"), (22.6796185, "22.68"), (0.1 + 0.2, "0.3"), (80.125, "80.125"), (-2.5, "-2.5"),
            (-0.0, "0"), (0.0004, "0"), (0.0005, "0.001"), (1272.35, "1272.35"), (.nan, "null"), (.infinity, "null"),
        ]
        for (value, text) in cases {
            #expect(JSONValue.formatDecimal(value) == text, "\(value)")
        }
    }
}

@Suite("wkt JSON strict decoding (docs/reliability.md I-28)")
struct WktJSONStrictTests {
    static let setPath = "$.workouts[0].exercises[0].sets[0]"

    @Test("duplicate keys are an error, never first-wins")
    func duplicateKeys() throws {
        let error = try #require(failure(document(set: "{\"reps\": 5, \"reps\": 8}")))
        #expect(error.kind == .duplicateKey)
        #expect(error.path == Self.setPath + ".reps")
        #expect(error.line == 3)
        #expect(error.message.hasPrefix("duplicate key"))
        #expect(error.exitCode == 65)
        #expect(failure("{\"format\": \"wkt\", \"format\": \"wkt\", \"version\": 1, \"workouts\": []}")?.kind
            == .duplicateKey)
    }

    @Test("a lone surrogate \\ud800 is an error with the path")
    func loneSurrogate() throws {
        let text = document(set: "{}").replacingOccurrences(of: "\"Push\"", with: "\"Push \\ud800\"")
        let error = try #require(failure(text))
        #expect(error.kind == .syntax)
        #expect(error.path == "$.workouts[0].name")
        #expect(error.message.contains("surrogate"))
        #expect(failure(document(set: "{}").replacingOccurrences(of: "\"Push\"", with: "\"\\udc00\""))?.kind == .syntax)
        // A proper pair is fine.
        let pair = document(set: "{}").replacingOccurrences(of: "\"Push\"", with: "\"\\ud83d\\udcaa\"")
        #expect(try decode(pair).get().workouts.first?.name == "\u{1F4AA}")
    }

    @Test("1e400 and NaN are errors with the path")
    func outOfRange() throws {
        let error = try #require(failure(document(set: "{\"weight_kg\": 1e400}")))
        #expect(error.kind == .syntax)
        #expect(error.path == Self.setPath + ".weight_kg")
        #expect(error.message.contains("1e400"))
        let nan = try #require(failure(document(set: "{\"weight_kg\": NaN}")))
        #expect(nan.kind == .syntax)
        #expect(nan.path == Self.setPath + ".weight_kg")
    }

    @Test("a weight given as a string is a type error with the path")
    func weightAsString() throws {
        let error = try #require(failure(document(set: "{\"weight_kg\": \"100\"}")))
        #expect(error.kind == .typeMismatch)
        #expect(error.path == Self.setPath + ".weight_kg")
        #expect(error.message == "expected a number or null, found a string")
        #expect(error.description == "in.json:3: \(Self.setPath).weight_kg: expected a number or null, found a string")
    }

    @Test("100,000 levels of nesting are a clean error, no stack overflow")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(failure(deep))
        #expect(error.kind == .tooDeep)
        let inside = "{\"format\": \"wkt\", \"version\": 1, \"workouts\": " + String(repeating: "[{\"a\": ", count: 50_000)
        let error2 = try #require(failure(inside))
        #expect(error2.kind == .tooDeep)
        #expect(error2.path?.hasPrefix("$.workouts[0].a[0].a") == true)
    }

    @Test("an unknown key names its path")
    func unknownKey() throws {
        let error = try #require(failure(document(set: "{\"reps\": 5, \"notes\": \"set notes are not v1\"}")))
        #expect(error.kind == .unknownKey)
        #expect(error.path == Self.setPath + ".notes")
        let top = try #require(failure(document(set: "{}", extraTop: " \"exported_at\": 5,")))
        #expect(top.path == "$.exported_at")
        let day = try #require(failure(document(set: "{}", extraTop: " \"schedule\": {\"mon\": \"Push\"},")))
        #expect(day.kind == .unknownKey)
        #expect(day.path == "$.schedule.mon")
    }

    @Test("version 2 is refused (before its unknown keys are looked at); version 0 and \"1\" are errors")
    func versions() throws {
        let error = try #require(failure(document(set: "{}", version: "2", extraTop: " \"plans\": [],")))
        #expect(error.kind == .unsupportedVersion)
        #expect(error.path == "$.version")
        #expect(failure(document(set: "{}", version: "0"))?.kind == .invalidValue)
        #expect(failure(document(set: "{}", version: "\"1\""))?.kind == .typeMismatch)
        #expect(try decode(document(set: "{}", version: "1.0")).get().workouts.count == 1)
        #expect(failure("{\"format\": \"wkt\", \"workouts\": []}")?.kind == .missingKey)
    }

    @Test("start: RFC 3339 with or without an offset")
    func startOffsets() throws {
        let cases: [(String, String, Int?)] = [
            ("2026-11-18T06:00:00+01:00", "2026-11-18 06:00:00", 3600),
            ("2026-11-18T06:00:00", "2026-11-18 06:00:00", nil),
            ("2026-11-18T06:00:00Z", "2026-11-18 06:00:00", 0),
            ("2026-11-18T06:00:00.250-03:30", "2026-11-18 06:00:00", -12600),
            ("2026-11-18 06:00:00+00:00", "2026-11-18 06:00:00", 0),
        ]
        for (start, wallText, offset) in cases {
            let text = document(set: "{}").replacingOccurrences(of: "2026-11-18T06:00:00+01:00", with: start)
            let workout = try #require(try decode(text).get().workouts.first)
            #expect(workout.start.description == wallText, "\(start)")
            #expect(workout.utcOffsetSeconds == offset, "\(start)")
        }
        for bad in ["2026-11-18T25:00:00", "2026-11-18T06:00", "2026-11-18T06:00:00+0100", "2026-02-30T06:00:00",
                    "2026-11-18T06:00:00+01:00 "] {
            let text = document(set: "{}").replacingOccurrences(of: "2026-11-18T06:00:00+01:00", with: bad)
            let error = try #require(failure(text), "\(bad)")
            #expect(error.kind == .invalidValue, "\(bad)")
            #expect(error.path == "$.workouts[0].start", "\(bad)")
        }
    }

    @Test("values out of range, fractions in whole-number fields, bad kinds, duplicate ids")
    func values() throws {
        let cases: [(String, WktJSONError.Kind, String)] = [
            ("{\"reps\": 5.5}", .invalidValue, ".reps"),
            ("{\"reps\": -1}", .invalidValue, ".reps"),
            ("{\"weight_kg\": -5}", .invalidValue, ".weight_kg"),
            ("{\"rpe\": 11}", .invalidValue, ".rpe"),
            ("{\"kind\": \"dropset\"}", .invalidValue, ".kind"),
            ("{\"kind\": null, \"reps\": true}", .typeMismatch, ".reps"),
        ]
        for (set, kind, suffix) in cases {
            let error = try #require(failure(document(set: set)), "\(set)")
            #expect(error.kind == kind, "\(set)")
            #expect(error.path == Self.setPath + suffix, "\(set)")
        }
        let ok = try #require(try decode(document(set: "{\"reps\": 5.0, \"weight_kg\": 22.6796185}")).get()
            .workouts.first?.exercises.first?.sets.first)
        #expect(ok.reps == 5)
        #expect(ok.weightKg == 22.68)
        #expect(ok.kind == .normal)

        let twice = """
            {"format": "wkt", "version": 1, "workouts": [
             {"id": "a", "start": "2026-11-18T06:00:00", "name": "A"},
             {"id": "a", "start": "2026-11-19T06:00:00", "name": "B"}]}
            """
        let duplicate = try #require(failure(twice))
        #expect(duplicate.path == "$.workouts[1].id")
        #expect(duplicate.line == 3)
        let rating = try #require(failure(twice.replacingOccurrences(of: "\"name\": \"B\"", with: "\"name\": \"B\", \"rating\": 6")))
        #expect(rating.path == "$.workouts[1].rating")
        #expect(failure("{\"format\": \"wkt\", \"version\": 1}")?.kind == .missingKey)
        #expect(failure("{\"format\": \"csv\", \"version\": 1, \"workouts\": []}")?.path == "$.format")
        #expect(failure("{\"format\": \"wkt\", \"version\": 1, \"workouts\": [{\"id\": \"a\", \"name\": \"x\"}]}")?.path
            == "$.workouts[0].start")
    }

    @Test("syntax: trailing data, trailing commas, raw control characters, invalid UTF-8; a BOM is fine")
    func syntax() throws {
        let valid = "{\"format\": \"wkt\", \"version\": 1, \"workouts\": []}"
        for bad in [valid + " x", "{\"format\": \"wkt\", \"version\": 1, \"workouts\": [],}",
                    "{\"format\": \"wk\tt\", \"version\": 1, \"workouts\": []}", "", "{\"format\" \"wkt\"}",
                    "{'format': 'wkt'}", "{\"version\": 01}", "{\"version\": 1.}", "{\"version\": -}"] {
            #expect(failure(bad)?.kind == .syntax, "\(bad)")
        }
        var bytes = Array(valid.utf8)
        bytes.insert(0xC0, at: 13)
        let error = Result { () throws(WktJSONError) in try WktJSON.decode(bytes: bytes, file: "b.json") }
        if case .failure(let error) = error {
            #expect(error.kind == .invalidUTF8)
            #expect(error.message.contains("byte offset 13"))
        } else {
            Issue.record("decoded invalid UTF-8")
        }
        #expect(try WktJSON.decode(bytes: [0xEF, 0xBB, 0xBF] + Array(valid.utf8), file: "bom.json").workouts.isEmpty)
        #expect(try decode(valid).get().schedule == nil)
        let escapes = document(set: "{}").replacingOccurrences(of: "\"Push\"", with: "\"a\\/b\\b\\f\\r\\u00e9\"")
        #expect(try decode(escapes).get().workouts.first?.name == "a/b\u{08}\u{0C}\r\u{E9}")
        #expect(failure(document(set: "{}").replacingOccurrences(of: "\"Push\"", with: "\"\\x\""))?.kind == .syntax)
    }
}
