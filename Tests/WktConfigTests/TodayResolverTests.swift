import Foundation
import Testing
import WktConfig
import WktCore

@Suite("TodayResolver")
struct TodayResolverTests {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

    private func resolve(_ cli: String?, _ epoch: String?, _ zone: String) throws(ConfigError) -> String {
        try TodayResolver.resolve(cliToday: cli, sourceDateEpoch: epoch, now: now, timezone: zone).description
    }

    @Test("--today wins over SOURCE_DATE_EPOCH and the clock")
    func precedence() throws {
        #expect(try resolve("2026-11-21", "0", "UTC") == "2026-11-21")
        #expect(try resolve(nil, "0", "UTC") == "1970-01-01")
        #expect(try resolve(nil, nil, "UTC") == "2023-11-14")
        #expect(try resolve(nil, "", "UTC") == "2023-11-14")  // empty counts as unset
    }

    @Test("T-13: the date depends on the configured zone only, never on the process TZ")
    func zones() throws {
        // 1700000000 = 2023-11-14 22:13:20 UTC: Kiritimati (+14) is already on the 15th.
        #expect(try resolve(nil, "1700000000", "UTC") == "2023-11-14")
        #expect(try resolve(nil, "1700000000", "Pacific/Kiritimati") == "2023-11-15")
        #expect(try resolve(nil, "1700000000", "America/Los_Angeles") == "2023-11-14")
        #expect(try resolve(nil, nil, "Pacific/Kiritimati") == "2023-11-15")
        #expect(try resolve(nil, nil, "Asia/Kathmandu") == "2023-11-15")  // +05:45 → 03:58
        // Same inputs, same answer, whatever TimeZone.current is.
        let again = try resolve(nil, "1700000000", "Pacific/Kiritimati")
        #expect(again == "2023-11-15")
    }

    @Test("T-09: America/Sao_Paulo on 2018-11-04, a day that starts at 01:00")
    func saoPaulo() throws {
        // 02:59:59Z is 23:59:59 on the 3rd (-03:00); 03:00Z is 01:00 on the 4th (-02:00).
        #expect(try resolve(nil, "1541300399", "America/Sao_Paulo") == "2018-11-03")
        #expect(try resolve(nil, "1541300400", "America/Sao_Paulo") == "2018-11-04")
    }

    @Test("T-06: around the Berlin and New York DST changes")
    func dst() throws {
        // 2024-03-31 00:30 +01:00 = 2024-03-30T23:30Z; 2024-10-27 23:30 +01:00 = 22:30Z.
        #expect(try resolve(nil, "1711841400", "Europe/Berlin") == "2024-03-31")
        #expect(try resolve(nil, "1711841400", "UTC") == "2024-03-30")
        #expect(try resolve(nil, "1730068200", "Europe/Berlin") == "2024-10-27")
        // 2024-11-03 23:30 -05:00 = 2024-11-04T04:30Z.
        #expect(try resolve(nil, "1730694600", "America/New_York") == "2024-11-03")
    }

    @Test("bad --today is a usage error (64); bad SOURCE_DATE_EPOCH too; bad zone 65")
    func errors() throws {
        #expect(throws: ConfigError.badToday("2026-02-30")) { try resolve("2026-02-30", nil, "UTC") }
        #expect(throws: ConfigError.badToday("21.11.2026")) { try resolve("21.11.2026", nil, "UTC") }
        #expect(ConfigError.badToday("x").exitCode == 64)
        #expect(throws: ConfigError.badSourceDateEpoch("-5")) { try resolve(nil, "-5", "UTC") }
        #expect(throws: ConfigError.badSourceDateEpoch("12abc")) { try resolve(nil, "12abc", "UTC") }
        #expect(ConfigError.badSourceDateEpoch("x").exitCode == 64)
        #expect(throws: ConfigError.unknownTimeZone("Europe/Athnes")) { try resolve(nil, nil, "Europe/Athnes") }
        #expect(ConfigError.unknownTimeZone("x").exitCode == 65)
        // --today needs no zone.
        #expect(try resolve("2026-11-21", nil, "Europe/Athnes") == "2026-11-21")
    }
}
