import Foundation
import Testing
@testable import WktCore

@Suite("stats.json")
struct StatsJSONTests {
    @Test("a small history gives exactly the schema-1 document")
    func smallHistory() {
        let history = [
            H.w(1, "2026-11-02 18:00", "Push", [
                H.ex("Bench Press (Barbell)", [H.warm(60, 10), H.s(100, 5), H.s(80, 8)]),
                H.ex("Pull Up", [H.s(nil, 10)]),
            ]),
            H.w(2, "2026-11-04 07:30", "Push \"AM\"", [H.ex("Bench Press (Barbell)", [H.s(102.5, 3)])]),
        ]
        let settings = H.settings()
        let report = H.report(history, today: "2026-11-05", settings: settings)
        let slugs = Slugger.slugs(for: report.exercises.map(\.name))
        let json = StatsJSON.encode(report, settings: settings, today: H.d("2026-11-05"), slugs: slugs)
        let expected = """
            {
              "schema": 1,
              "today": "2026-11-05",
              "timezone": "Europe/Berlin",
              "week_start": "monday",
              "totals": {
                "workouts": 2,
                "working_sets": 4,
                "reps": 26,
                "volume_kg": 1447.5,
                "first_day": "2026-11-02",
                "last_day": "2026-11-04"
              },
              "weeks": [
                {
                  "start": "2026-11-02",
                  "label": "2026-W45",
                  "workouts": 2,
                  "working_sets": 4,
                  "volume_kg": 1447.5
                }
              ],
              "streaks": {
                "weekly_target": 1,
                "weeks": {
                  "current": 1,
                  "longest": 1,
                  "longest_start": "2026-11-02",
                  "longest_end": "2026-11-02"
                },
                "days": {
                  "current": 1,
                  "longest": 1,
                  "longest_start": "2026-11-04",
                  "longest_end": "2026-11-04"
                }
              },
              "exercises": [
                {
                  "name": "Bench Press (Barbell)",
                  "slug": "bench-press-barbell",
                  "workouts": 2,
                  "working_sets": 3,
                  "volume_kg": 1447.5,
                  "heaviest_kg": 102.5,
                  "heaviest_day": "2026-11-04",
                  "e1rm_kg": 116.667,
                  "e1rm_day": "2026-11-02",
                  "best_set_volume_kg": 640.0,
                  "best_session_volume_kg": 1140.0,
                  "max_reps": 8,
                  "rep_maxes_kg": {
                    "1": 102.5,
                    "2": 102.5,
                    "3": 102.5,
                    "4": 100.0,
                    "5": 100.0,
                    "6": 80.0,
                    "7": 80.0,
                    "8": 80.0
                  },
                  "e1rm_bw": null
                },
                {
                  "name": "Pull Up",
                  "slug": "pull-up",
                  "workouts": 1,
                  "working_sets": 1,
                  "volume_kg": 0.0,
                  "heaviest_kg": null,
                  "heaviest_day": null,
                  "e1rm_kg": null,
                  "e1rm_day": null,
                  "best_set_volume_kg": null,
                  "best_session_volume_kg": null,
                  "max_reps": 10,
                  "rep_maxes_kg": {},
                  "e1rm_bw": null
                }
              ],
              "pr_events": [
                {
                  "day": "2026-11-04",
                  "workout": "Push \\"AM\\"",
                  "exercise": "Bench Press (Barbell)",
                  "metric": "heaviest",
                  "value": 102.5,
                  "previous": 100.0
                },
                {
                  "day": "2026-11-04",
                  "workout": "Push \\"AM\\"",
                  "exercise": "Bench Press (Barbell)",
                  "metric": "rep_max_1",
                  "value": 102.5,
                  "previous": 100.0
                },
                {
                  "day": "2026-11-04",
                  "workout": "Push \\"AM\\"",
                  "exercise": "Bench Press (Barbell)",
                  "metric": "rep_max_2",
                  "value": 102.5,
                  "previous": 100.0
                },
                {
                  "day": "2026-11-04",
                  "workout": "Push \\"AM\\"",
                  "exercise": "Bench Press (Barbell)",
                  "metric": "rep_max_3",
                  "value": 102.5,
                  "previous": 100.0
                }
              ],
              "body": [],
              "dots": null,
              "goals": [],

            """ + Self.muscles(weeks: ["2026-11-02"], [.chest: [3], .triceps: [1.5], .shoulders: [1.5], .lats: [1], .biceps: [0.5],
                                                      .upperBack: [0.5]]) + """
              "unmapped": []
            }

            """
        #expect(json == expected)
    }

    @Test("empty history: zero totals, nulls, empty arrays")
    func emptyHistory() {
        let settings = Settings(timezone: "America/New_York", weekStart: .sunday, weeklyTarget: 2)
        let report = StatsEngine.compute(history: WorkoutHistory(workouts: []), settings: settings, today: H.d("2026-11-21"))
        let json = StatsJSON.encode(report, settings: settings, today: H.d("2026-11-21"), slugs: [:])
        #expect(json == """
            {
              "schema": 1,
              "today": "2026-11-21",
              "timezone": "America/New_York",
              "week_start": "sunday",
              "totals": {
                "workouts": 0,
                "working_sets": 0,
                "reps": 0,
                "volume_kg": 0.0,
                "first_day": null,
                "last_day": null
              },
              "weeks": [],
              "streaks": {
                "weekly_target": 2,
                "weeks": {
                  "current": 0,
                  "longest": 0,
                  "longest_start": null,
                  "longest_end": null
                },
                "days": {
                  "current": 0,
                  "longest": 0,
                  "longest_start": null,
                  "longest_end": null
                }
              },
              "exercises": [],
              "pr_events": [],
              "body": [],
              "dots": null,
              "goals": [],

            """ + Self.muscles(weeks: [], [:]) + """
              "unmapped": []
            }

            """)
    }

    /// The `"muscles"` member (docs/statistics.md "Sets per muscle") as the encoder lays it out:
    /// all 17 muscles by name, each with one `{start, sets}` per week, then a comma and a newline.
    static func muscles(weeks: [String], _ sets: [Muscle: [Double]]) -> String {
        var out = "  \"muscles\": [\n"
        for (index, muscle) in Muscle.allCases.sorted().enumerated() {
            out += "    {\n      \"name\": \"\(muscle.rawValue)\",\n      \"weeks\": ["
            if weeks.isEmpty {
                out += "]\n"
            } else {
                out += "\n" + weeks.enumerated().map { week, start in
                    let value = sets[muscle]?[week] ?? 0
                    let text = value == value.rounded() ? String(Int(value)) : String(value)
                    return "        {\n          \"start\": \"\(start)\",\n          \"sets\": \(text)\n        }"
                }.joined(separator: ",\n") + "\n      ]\n"
            }
            out += "    }" + (index < 16 ? "," : "") + "\n"
        }
        return out + "  ],\n"
    }

    @Test("Sunday weeks are labelled by their first day in stats.json")
    func sundayLabel() {
        let settings = H.settings(weekStart: .sunday)
        let report = H.report([H.w(1, "2026-11-18 10:00")], today: "2026-11-18", settings: settings)
        let json = StatsJSON.encode(report, settings: settings, today: H.d("2026-11-18"), slugs: [:])
        #expect(json.contains("\"start\": \"2026-11-15\",\n      \"label\": \"2026-11-15\","))
        #expect(json.contains("\"week_start\": \"sunday\""))
    }

    @Test("kg number format: at most 3 decimals, at least one")
    func numberFormat() {
        let cases: [(Double, String)] = [
            (0, "0.0"), (-0.0, "0.0"), (100, "100.0"), (22.68, "22.68"), (22.6796185, "22.68"),
            (116.66666, "116.667"), (0.0004, "0.0"), (0.0005, "0.001"), (1447.5, "1447.5"), (1e9, "1000000000.0"),
            (-2.5, "-2.5"), (.infinity, "null"), (.nan, "null"), (0.1 + 0.2, "0.3"),
        ]
        for (value, text) in cases {
            #expect(JSONValue.formatKg(value) == text, "\(value)")
        }
    }

    @Test("strings are escaped per RFC 8259")
    func escaping() {
        #expect(JSONValue.quote("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONValue.quote("line\nnext\ttab\r\u{08}\u{0C}") == #""line\nnext\ttab\r\b\f""#)
        #expect(JSONValue.quote("\u{00}\u{1F}\u{7F}") == "\"\\u0000\\u001f\u{7F}\"")
        #expect(JSONValue.quote("Жим 🏋️ é") == "\"Жим 🏋️ é\"")
    }

    @Test("A-12: <, >, &, U+2028 and U+2029 are written as \\u escapes; the value is unchanged")
    func htmlSafeEscaping() throws {
        let name = "Жим </script><!-- & \u{2028}x\u{2029} \u{2027}\u{202A} 🏋️ <"
        let quoted = JSONValue.quote(name)
        #expect(quoted == #""Жим \u003c/script\u003e\u003c!-- \u0026 \u2028x\u2029 "# + "\u{2027}\u{202A} 🏋️ \\u003c\"")
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!quoted.contains(forbidden)) }
        let decoded = try JSONSerialization.jsonObject(with: Data(("[" + quoted + "]").utf8), options: []) as? [String]
        #expect(decoded == [name])
    }
}
