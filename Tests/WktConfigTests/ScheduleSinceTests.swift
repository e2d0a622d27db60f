import Testing
import WktConfig
import WktCore

/// `[schedule] since`: the first day the plan is in force (docs/statistics.md "The weekly calendar").
@Suite("Config: [schedule] since")
struct ScheduleSinceTests: ConfigParsing {
    @Test("since is a \"YYYY-MM-DD\" string or a TOML local date, beside the weekdays or alone")
    func good() throws {
        let quoted = try parse("[schedule]\nmonday = \"Push\"\nsince = \"2025-03-01\"\n")
        #expect(quoted.schedule == Schedule(days: [.monday: "Push"], since: CivilDate(year: 2025, month: 3, day: 1)))
        let bare = try parse("[schedule]\nsince = 2024-02-29\nfriday = \"Legs\"\n")
        #expect(bare.schedule == Schedule(days: [.friday: "Legs"], since: CivilDate(year: 2024, month: 2, day: 29)))
        let inline = try parse("schedule = { since = \"2026-01-05\" }")
        #expect(inline.schedule == Schedule(since: CivilDate(year: 2026, month: 1, day: 5)))
        #expect(try parse("[schedule]\nmonday = \"Push\"\n").schedule?.since == nil)
    }

    @Test("a bad day is an error naming the file, the line and the rule; exit 65", arguments: [
        ("title = \"x\"\n\n[schedule]\nmonday = \"Push\"\nsince = \"2025-02-30\"\n", 5, #""2025-02-30" is not valid: expected a real day as "YYYY-MM-DD""#),
        ("[schedule]\nsince = \"1.3.2025\"\n", 2, #""1.3.2025" is not valid: expected a real day as "YYYY-MM-DD""#),
        ("[schedule]\nsince = \"2025-3-1\"\n", 2, #""2025-3-1" is not valid: expected a real day as "YYYY-MM-DD""#),
        ("[schedule]\n\nsince = 20250301\n", 3, #"a TOML integer is not valid: expected a day as "YYYY-MM-DD""#),
        ("[schedule]\nsince = 2025-03-01T10:00:00Z\n", 2, #"a TOML date-time is not valid: expected a day as "YYYY-MM-DD""#),
    ])
    func bad(toml: String, line: Int, problem: String) throws {
        let e = try #require(error(toml))
        #expect(e == .badEntry(file: "wkt-site.toml", line: line, key: "schedule.since", problem: problem))
        #expect(e.description == "wkt-site.toml:\(line): key `schedule.since`: \(problem)")
        #expect(e.exitCode == 65)
    }

    @Test("since alone keeps the stored plan's weekdays; beside weekdays it starts the configured plan")
    func inForce() {
        let since = CivilDate(year: 2025, month: 3, day: 1)
        let stored = Schedule(days: [.tuesday: "Stored"])
        var settings = Settings(timezone: "UTC", schedule: Schedule(since: since))
        #expect(settings.effectiveSchedule(stored: stored) == Schedule(days: [.tuesday: "Stored"], since: since))
        #expect(settings.effectiveSchedule(stored: nil) == nil)
        settings.schedule = Schedule(days: [.monday: "Push"], since: since)
        #expect(settings.effectiveSchedule(stored: stored) == Schedule(days: [.monday: "Push"], since: since))
        settings.schedule = Schedule()
        #expect(settings.effectiveSchedule(stored: stored) == nil)
    }
}
