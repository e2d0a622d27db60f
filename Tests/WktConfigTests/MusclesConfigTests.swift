import Testing
@testable import WktConfig
import WktCore

/// `[muscles]` and `muscle_sets_target` in `wkt-site.toml` (docs/statistics.md "Sets per muscle"):
/// read strictly, errors naming the file, the line and the name.
@Suite("Config [muscles]")
struct MusclesConfigTests: ConfigParsing {
    @Test("entries, assisted and the target are read; names match ignoring case and spacing")
    func reads() throws {
        let settings = try parse("""
            muscle_sets_target = [10, 20.5]

            [muscles]
            "Café Press" = { primary = "chest", secondary = ["triceps", "shoulders"] }
            "Band Pull Up" = { primary = "lats", assisted = true }
            "Squat (Barbell)" = { secondary = [] }

            [muscles."Sled Push"]
            primary = "quadriceps"
            secondary = ["glutes", "calves"]
            """)
        #expect(settings.muscleSetsTarget == MuscleSetsTarget(low: 10, high: 20.5))
        let muscles = settings.muscles
        #expect(muscles.entries.count == 4)
        #expect(muscles.override(for: "café  PRESS") == MuscleOverride(primary: .chest, secondary: [.triceps, .shoulders]))
        #expect(muscles.override(for: "Band Pull Up") == MuscleOverride(primary: .lats, assisted: true))
        #expect(muscles.override(for: "sled push") == MuscleOverride(primary: .quadriceps, secondary: [.glutes, .calves]))
        #expect(MuscleResolver(overrides: muscles).mapping(for: "Squat (Barbell)") == MuscleMapping(primary: .quadriceps))
        #expect(try parse("title = \"x\"\n").muscleSetsTarget == nil)
        #expect(try parse("title = \"x\"\n").muscles.isEmpty)
        #expect(try parse("muscle_sets_target = [0, 0]\n").muscleSetsTarget == MuscleSetsTarget(low: 0, high: 0))
    }

    @Test("an unknown muscle is exit 65 naming the file, the line and the name")
    func unknownMuscle() throws {
        let error = try #require(self.error("""
            [muscles]
            "Bench Press" = { primary = "chest" }
            "Café Press" = { primary = "chest", secondary = [
              "triceps",
              "pecs",
            ] }
            """))
        #expect(error.exitCode == 65)
        #expect(error.description.hasPrefix("wkt-site.toml:5: key `muscles.Café Press.secondary`: unknown muscle \"pecs\": expected one of abdominals,"))
        let primary = try #require(self.error("[muscles]\n\"X\" = { primary = \"Chest\" }\n"))
        #expect(primary.description.hasPrefix("wkt-site.toml:2: key `muscles.X.primary`: unknown muscle \"Chest\""))
    }

    @Test("unknown keys, wrong types and contradictions are errors naming the line")
    func badEntries() {
        let cases: [(String, String)] = [
            ("[muscles]\n\"X\" = { primary = \"chest\", primery = \"lats\" }\n",
             "wkt-site.toml:2: key `muscles.X.primery`: unknown key \"primery\": an entry takes assisted, primary, secondary"),
            ("[muscles]\n\"X\" = \"chest\"\n", "wkt-site.toml:2: key `muscles.X`: a TOML string is not valid: expected a table"),
            ("[muscles]\n\"X\" = { primary = 3 }\n", "wkt-site.toml:2: key `muscles.X.primary`: a TOML integer is not valid"),
            ("[muscles]\n\"X\" = { primary = \"chest\", secondary = \"lats\" }\n",
             "wkt-site.toml:2: key `muscles.X.secondary`: a TOML string is not valid: expected an array"),
            ("[muscles]\n\"X\" = { assisted = \"yes\" }\n", "wkt-site.toml:2: key `muscles.X.assisted`: a TOML string is not valid"),
            ("[muscles]\n\"X\" = {}\n", "wkt-site.toml:2: key `muscles.X`: an entry must set primary, secondary or assisted"),
            ("[muscles]\n\"X\" = { primary = \"chest\", secondary = [\"lats\", \"lats\"] }\n",
             "wkt-site.toml:2: key `muscles.X.secondary`: \"lats\" is listed twice"),
            ("[muscles]\n\"X\" = { primary = \"chest\", secondary = [\"chest\"] }\n",
             "wkt-site.toml:2: key `muscles.X.secondary`: \"chest\" is the primary muscle"),
            ("[muscles]\n\"Squat (Barbell)\" = { secondary = [\"quadriceps\"] }\n",
             "wkt-site.toml:2: key `muscles.Squat (Barbell).secondary`: \"quadriceps\" is the primary muscle (from the catalogue)"),
            ("[muscles]\n\"Mystery Lift\" = { secondary = [\"lats\"] }\n",
             "wkt-site.toml:2: key `muscles.Mystery Lift`: secondary without primary"),
            ("[muscles]\n\"Bench Press\" = { primary = \"chest\" }\n\"bench  press\" = { primary = \"triceps\" }\n",
             "is the same exercise as"),
            ("[muscles]\n\" \" = { primary = \"chest\" }\n", "key `muscles. `: an exercise name must not be blank"),
            ("muscles = 3\n", "wkt-site.toml:1: key `muscles`: a TOML integer is not valid: expected a table"),
            ("muscle_sets_target = 10\n", "wkt-site.toml:1: key `muscle_sets_target`: a TOML integer is not valid: expected two numbers"),
            ("muscle_sets_target = [10]\n", "key `muscle_sets_target`: an array of 1 values is not valid"),
            ("muscle_sets_target = [10, 20, 30]\n", "an array of 3 values is not valid"),
            ("muscle_sets_target = [20, 10]\n", "wkt-site.toml:1: key `muscle_sets_target`: [20, 10] is not valid: low must not be above high"),
            ("muscle_sets_target = [-1, 10]\n", "must be finite and at least 0"),
            ("muscle_sets_target = [nan, 10]\n", "must be finite and at least 0"),
            ("muscle_sets_target = [5, inf]\n", "must be finite and at least 0"),
            ("muscle_sets_target = [\"10\", 20]\n", "a TOML string is not valid"),
        ]
        for (toml, expected) in cases {
            let error = self.error(toml)
            #expect(error?.exitCode == 65, "\(toml)")
            #expect(error?.description.contains(expected) == true, "\(toml): \(error?.description ?? "no error")")
        }
    }

    @Test("a huge or hostile name is refused or kept, never a crash")
    func hostileNames() throws {
        let long = String(repeating: "x", count: 201)
        #expect(self.error("[muscles]\n\"\(long)\" = { primary = \"chest\" }\n")?.description.contains("at most 200 characters") == true)
        let settings = try parse("[muscles]\n\"a.b \\\"c\\\" <d>\" = { primary = \"chest\" }\n")
        #expect(settings.muscles.override(for: "a.b \"c\" <d>")?.primary == .chest)
    }
}
