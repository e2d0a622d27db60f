import Foundation
import Testing
import WktCore
@testable import WktApp

@Suite("wkt-site stats")
struct StatsCommandTests {
    /// Imports `text` as `name` into a fresh store and returns `stats --json` for 2026-11-21.
    func statsJSON(importing text: String, as name: String) throws -> String {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write(name, text)
        let imported = ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env)
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        let stats = StatsRunner.run(StatsRequest(json: true, today: "2026-11-21"), env: box.env)
        #expect(stats.exitCode == 0, "\(stats.stderr)")
        return stats.stdout
    }

    @Test("the same history from Strong comma, Strong semicolon and Hevy gives identical stats.json")
    func sameHistoryThreeFormats() throws {
        let comma = try statsJSON(importing: SameHistory.strongComma, as: "a.csv")
        let semicolon = try statsJSON(importing: SameHistory.strongSemicolon, as: "c.csv")
        let hevy = try statsJSON(importing: SameHistory.hevy, as: "workout_data.csv")
        #expect(comma == semicolon)
        #expect(comma == hevy)
        // Hand-computed: 3 workouts; working sets 2+1+2+1+2 = 8; volume 800 + 412.5+255 + 1025 = 2492.5.
        #expect(comma.contains("\"workouts\": 3"))
        #expect(comma.contains("\"working_sets\": 8"))
        #expect(comma.contains("\"volume_kg\": 2492.5"))
        #expect(comma.contains("\"today\": \"2026-11-21\""))
        #expect(comma.contains("\"timezone\": \"Europe/Berlin\""))
    }

    @Test("a bad --today is a usage error; a bad config names the key")
    func errors() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let badDay = StatsRunner.run(StatsRequest(today: "21/11/2026"), env: box.env)
        #expect(badDay.exitCode == 64)
        try box.write("wkt-site.toml", "timezone = \"Europe/Athnes\"\n")
        let badZone = StatsRunner.run(StatsRequest(), env: box.env)
        #expect(badZone.exitCode == 65)
        #expect(badZone.stderr.first?.contains("Europe/Athnes") == true)
    }

    @Test("no store yet: an empty summary and a hint, not an error")
    func noStore() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let result = StatsRunner.run(StatsRequest(json: true, today: "2026-11-21"), env: box.env)
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("\"first_day\": null"))
        #expect(result.stderr.first?.contains("wkt-site import") == true)
    }

    @Test("the summary is coloured only on a terminal without NO_COLOR; the characters are the same")
    func colours() throws {
        let box = try Sandbox()
        defer { box.remove() }
        func summary(terminal: Bool, variables: [String: String] = [:]) -> String {
            let env = AppEnvironment(
                workingDirectory: box.directory, variables: box.variables.merging(variables) { $1 }, now: box.now,
                stdoutIsTerminal: terminal)
            return StatsRunner.run(StatsRequest(today: "2026-11-19"), env: env).stdout
        }
        let plain = summary(terminal: false)
        let coloured = summary(terminal: true)
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.hasPrefix("\u{1B}[1mwkt-site stats\u{1B}[0m · today 2026-11-19"))
        #expect(coloured.contains("Thu \u{1B}[1;33m●\u{1B}[0m"))
        #expect(coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == plain)
        #expect(summary(terminal: true, variables: ["NO_COLOR": "1"]) == plain)
    }

    @Test("terminal colours: each mark has its SGR code, unmarked text stays plain")
    func colourCodes() {
        let line = SummaryLine([.init("a "), .init("✓", mark: .day(.done)), .init(" late", mark: .warning)])
        #expect(TerminalColors.render([line], color: true) == "a \u{1B}[32m✓\u{1B}[0m\u{1B}[33m late\u{1B}[0m\n")
        #expect(TerminalColors.render([line, "x"], color: false) == "a ✓ late\nx\n")
        #expect(TerminalColors.code(.title) == "1")
        #expect(TerminalColors.code(.day(.missed)) == "31")
    }

    @Test("the Data quality block: findings point to `check`, ignored sets are counted, nothing when clean")
    func qualityBlock() throws {
        let box = try CheckCommandTests().importing()
        defer { box.remove() }
        let summary = { StatsRunner.run(StatsRequest(today: "2021-03-10"), env: box.env).stdout }
        #expect(summary().contains("\nData quality: 1 finding (run `wkt-site check`)\n"), "\(summary())")
        #expect(!summary().contains("[[ignore]]"))
        try box.write("wkt-site.toml", """
            [[ignore]]
            workout = "2021-03-01 16:17"

            """)
        // The whole workout (2 sets) is left out, and with it the only finding.
        #expect(summary().hasSuffix("\n2 sets left out by [[ignore]]\n"), "\(summary())")
        #expect(!summary().contains("Data quality:"))
        try box.write("wkt-site.toml", "")
        let clean = try Sandbox()
        defer { clean.remove() }
        let file = try clean.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: clean.env).exitCode == 0)
        let plain = StatsRunner.run(StatsRequest(today: "2026-11-21"), env: clean.env).stdout
        #expect(!plain.contains("Data quality") && !plain.contains("[[ignore]]"))
    }
}
