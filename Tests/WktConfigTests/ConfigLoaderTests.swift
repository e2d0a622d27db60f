import Foundation
import Testing
import WktConfig
import WktCore

@Suite("ConfigLoader")
struct ConfigLoaderTests: ConfigParsing {
    @Test("every key, read into Settings")
    func allKeys() throws {
        let settings = try parse("""
            # a full config
            timezone = "America/New_York"
            week_start = "Sunday"
            day_cutoff_hour = 4
            weekly_target = 3
            unit = "lb"
            e1rm_formula = "brzycki"
            title = "My lifts"
            author = "Ada"
            base_url = "https://example.org/lifts/"

            [schedule]
            monday = "Push"
            wednesday = "Pull"
            friday = "Legs"
            """)
        #expect(settings == Settings(
            timezone: "America/New_York", weekStart: .sunday, dayCutoffHour: 4, weeklyTarget: 3, unit: .lb,
            e1rmFormula: .brzycki, schedule: Schedule(days: [.monday: "Push", .wednesday: "Pull", .friday: "Legs"]),
            title: "My lifts", author: "Ada", baseURL: "https://example.org/lifts/"
        ))
    }

    @Test("an empty file gives the documented defaults")
    func defaults() throws {
        let settings = try parse("")
        #expect(settings == Settings(timezone: "Europe/Berlin"))
        #expect(settings.weekStart == .monday && settings.dayCutoffHour == 0 && settings.weeklyTarget == 1)
        #expect(settings.unit == .kg && settings.e1rmFormula == .epley && settings.schedule == nil)
        #expect(settings.title == nil && settings.author == nil && settings.baseURL == nil)
        // An empty [schedule] is kept as an empty plan (it switches a stored schedule off).
        #expect(try parse("[schedule]\n").schedule == Schedule())
        #expect(try parse("schedule = { tuesday = \"Caf\u{65}\u{301}\" }").schedule?.days[.tuesday]?.unicodeScalars.count == 4)  // NFC
    }

    @Test("T-14: an unknown time zone is an error naming the file, key and zone")
    func badZone() {
        let e = error(#"timezone = "Europe/Athnes""#)
        #expect(e == .badValue(file: "wkt-site.toml", key: "timezone", value: "\"Europe/Athnes\"", rule: "not a known IANA time zone"))
        #expect(e?.exitCode == 65)
        #expect(e?.description == #"wkt-site.toml: key `timezone`: "Europe/Athnes" is not valid: not a known IANA time zone"#)
    }

    @Test("bad values and unknown keys name the key; exit 65")
    func badValues() {
        let cases: [(String, String)] = [
            (#"week_start = "mondey""#, "week_start"),
            ("day_cutoff_hour = 24", "day_cutoff_hour"),
            ("day_cutoff_hour = -1", "day_cutoff_hour"),
            (#"day_cutoff_hour = "4""#, "day_cutoff_hour"),
            ("day_cutoff_hour = 4.0", "day_cutoff_hour"),
            ("weekly_target = 0", "weekly_target"),
            (#"unit = "stone""#, "unit"),
            (#"unit = "KG""#, "unit"),
            (#"e1rm_formula = "lombardi""#, "e1rm_formula"),
            ("title = 3", "title"),
            (#"schedule = "push""#, "schedule"),
            ("[schedule]\nmonday = 1", "schedule.monday"),
            ("[schedule]\nmonday = \"  \"", "schedule.monday"),
        ]
        for (toml, key) in cases {
            let e = error(toml)
            guard case .badValue(let file, let reported, _, _) = e else {
                Issue.record("\(toml): expected badValue, got \(String(describing: e))")
                continue
            }
            #expect(file == "wkt-site.toml")
            #expect(reported == key, "\(toml)")
            #expect(e?.exitCode == 65)
        }
        #expect(error("weekly_target = 0")?.description == "wkt-site.toml: key `weekly_target`: 0 is not valid: must be at least 1")
        #expect(error("day_cutoff_hour = 24")?.description
            == "wkt-site.toml: key `day_cutoff_hour`: 24 is not valid: must be between 0 and 23")
        #expect(error(#"unit = "stone""#)?.description == #"wkt-site.toml: key `unit`: "stone" is not valid: expected kg or lb"#)
        #expect(error(#"week_start = "mondey""#)?.description
            == #"wkt-site.toml: key `week_start`: "mondey" is not valid: expected a weekday, monday … sunday"#)
    }

    @Test("unknown keys, also inside [schedule]")
    func unknownKeys() {
        #expect(error(#"time_zone = "UTC""#) == .unknownKey(file: "wkt-site.toml", key: "time_zone"))
        #expect(error("[schedule]\nmondy = \"Push\"") == .unknownKey(file: "wkt-site.toml", key: "schedule.mondy"))
        #expect(error("[schedule]\nMonday = \"Push\"") == .unknownKey(file: "wkt-site.toml", key: "schedule.Monday"))
        #expect(error("[extra]\na = 1") == .unknownKey(file: "wkt-site.toml", key: "extra"))
        #expect(error("[schedule]\nmondy = \"Push\"")?.description == "wkt-site.toml: unknown key `schedule.mondy`")
        #expect(error(#"zzz = 1"#)?.exitCode == 65)
    }

    @Test("TOML syntax errors give file, line and column")
    func syntax() {
        let e = error("title = \"ok\"\nweek_start = monday\n")
        guard case .syntax(let file, let line, _, _) = e else {
            Issue.record("expected a syntax error, got \(String(describing: e))")
            return
        }
        #expect(file == "wkt-site.toml" && line == 2)
        #expect(e?.exitCode == 65)
        #expect(error("a = 1\na = 2").map { if case .syntax = $0 { true } else { false } } == true)
    }

    @Test("an unknown machine default zone is an error")
    func badDefaultZone() {
        #expect(throws: ConfigError.unknownTimeZone("Mars/Olympus")) {
            try ConfigLoader.parse(toml: "", file: "x.toml", defaultTimeZone: "Mars/Olympus")
        }
        // A configured zone overrides the default but the default is still validated.
        #expect(throws: ConfigError.unknownTimeZone("Mars/Olympus")) {
            try ConfigLoader.parse(toml: #"timezone = "UTC""#, file: "x.toml", defaultTimeZone: "Mars/Olympus")
        }
    }

    @Test("load: default file, explicit path, missing files")
    func load() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wkt-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        // No default file: defaults.
        let none = try ConfigLoader.load(path: nil, workingDirectory: directory, defaultTimeZone: "UTC")
        #expect(none == Settings(timezone: "UTC"))
        // An explicit path that does not exist: error 74.
        #expect(throws: ConfigError.fileNotFound(path: "other.toml")) {
            try ConfigLoader.load(path: "other.toml", workingDirectory: directory, defaultTimeZone: "UTC")
        }
        #expect(ConfigError.fileNotFound(path: "x").exitCode == 74)

        try "weekly_target = 2\n".write(toFile: directory + "/wkt-site.toml", atomically: true, encoding: .utf8)
        let found = try ConfigLoader.load(path: nil, workingDirectory: directory, defaultTimeZone: "UTC")
        #expect(found.weeklyTarget == 2 && found.timezone == "UTC")

        try "unit = \"lb\"\n".write(toFile: directory + "/other.toml", atomically: true, encoding: .utf8)
        #expect(try ConfigLoader.load(path: "other.toml", workingDirectory: directory, defaultTimeZone: "UTC").unit == .lb)
        #expect(try ConfigLoader.load(path: directory + "/other.toml", workingDirectory: "/", defaultTimeZone: "UTC").unit == .lb)

        // Errors name the file as given.
        try "unit = \"st\"\n".write(toFile: directory + "/bad.toml", atomically: true, encoding: .utf8)
        #expect(throws: ConfigError.badValue(file: "bad.toml", key: "unit", value: "\"st\"", rule: "expected kg or lb")) {
            try ConfigLoader.load(path: "bad.toml", workingDirectory: directory, defaultTimeZone: "UTC")
        }
        // A directory is unreadable (74); invalid UTF-8 is bad data (65).
        try FileManager.default.createDirectory(atPath: directory + "/dir.toml", withIntermediateDirectories: true)
        #expect(throws: ConfigError.unreadable(path: "dir.toml")) {
            try ConfigLoader.load(path: "dir.toml", workingDirectory: directory, defaultTimeZone: "UTC")
        }
        try Data([0x74, 0x3D, 0xFF]).write(to: URL(fileURLWithPath: directory + "/latin.toml"))
        #expect(throws: ConfigError.badByte(file: "latin.toml", line: 1, what: "invalid UTF-8 (byte 0xFF); the file must be UTF-8")) {
            try ConfigLoader.load(path: "latin.toml", workingDirectory: directory, defaultTimeZone: "UTC")
        }
    }
}
