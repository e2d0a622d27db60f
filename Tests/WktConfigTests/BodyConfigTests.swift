import Testing
@testable import WktConfig
import WktCore

/// `bodyweight_kg`, `sex` and `[big_three]` in `wkt-site.toml` (docs/statistics.md "Bodyweight on
/// a day", "DOTS (estimated)"): read strictly, errors name the file, the line and the rule.
@Suite("Config body keys")
struct BodyConfigTests: ConfigParsing {
    @Test("bodyweight_kg (integer or float), sex and [big_three] are read; defaults without them")
    func reads() throws {
        let settings = try parse("""
            bodyweight_kg = 81.5
            sex = "female"

            [big_three]
            squat = "Front Squat (Barbell)"
            deadlift = "Trap  Bar Deadlift"
            """)
        #expect(settings.body.bodyweightKg == 81.5 && settings.body.sex == .female)
        #expect(settings.body.bigThree == BigThree(squat: "Front Squat (Barbell)", deadlift: "Trap  Bar Deadlift"))
        #expect(try parse("bodyweight_kg = 80\n").body.bodyweightKg == 80)
        #expect(try parse("title = \"x\"\n").body == BodySettings())
        #expect(BodySettings().bigThree.names == ["Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)"])
    }

    @Test("bad values are exit 65 naming the file, the line, the key and the rule")
    func errors() throws {
        let cases: [(String, String)] = [
            ("title = \"x\"\nbodyweight_kg = 19.9\n", "wkt-site.toml:2: key `bodyweight_kg`: 19.9 is not valid: must be between 20 and 400 kg"),
            ("bodyweight_kg = 1e300\n", "wkt-site.toml:1: key `bodyweight_kg`: a number that large is not valid: must be between 20 and 400 kg"),
            ("bodyweight_kg = nan\n", "wkt-site.toml:1: key `bodyweight_kg`: nan is not valid: must be between 20 and 400 kg"),
            ("bodyweight_kg = \"80\"\n", "wkt-site.toml:1: key `bodyweight_kg`: a TOML string is not valid: expected a number of kilograms"),
            ("\nsex = \"m\"\n", "wkt-site.toml:2: key `sex`: \"m\" is not valid: expected \"male\" or \"female\""),
            ("sex = 1\n", "wkt-site.toml:1: key `sex`: a TOML integer is not valid: expected \"male\" or \"female\""),
            ("[big_three]\nsquat = \"S\"\npress = \"P\"\n",
             "wkt-site.toml:3: key `big_three.press`: unknown key: [big_three] takes squat, bench and deadlift"),
            ("[big_three]\nbench = \"  \"\n", "wkt-site.toml:2: key `big_three.bench`: an exercise name must not be empty"),
            ("[big_three]\nbench = 3\n", "wkt-site.toml:2: key `big_three.bench`: a TOML integer is not valid: expected an exercise name"),
            ("big_three = \"Squat\"\n", "wkt-site.toml:1: key `big_three`: a TOML string is not valid: expected a table, [big_three]"),
        ]
        for (toml, message) in cases {
            let error = try #require(self.error(toml), "no error for \(toml)")
            #expect(error.description == message)
            #expect(error.exitCode == 65)
        }
    }
}
