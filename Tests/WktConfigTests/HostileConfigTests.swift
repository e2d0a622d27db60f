import Foundation
import Testing
import WktConfig
import WktCore

@Suite("Hostile wkt-site.toml (A-10, A-11, A-13)")
struct HostileConfigTests {
    private func error(_ toml: String) -> ConfigError? {
        do {
            _ = try ConfigLoader.parse(toml: toml, file: "wkt-site.toml", defaultTimeZone: "UTC")
            return nil
        } catch {
            return error
        }
    }

    private func loadError(_ bytes: [UInt8]) throws -> ConfigError? {
        let directory = FileManager.default.temporaryDirectory.path + "/wkt-config-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/wkt-site.toml"))
        do {
            _ = try ConfigLoader.load(path: nil, workingDirectory: directory, defaultTimeZone: "UTC")
            return nil
        } catch {
            return error
        }
    }

    @Test("A-10: a NUL byte anywhere, also inside a string value, is exit 65 \"wkt-site.toml:LINE: NUL character\"")
    func nul() throws {
        for (text, line) in [
            ("title = \"My lifts\"\nauthor = \"A\u{0}da\"\nunit = \"lb\"\n", 2),
            ("title = \"x\"\n\u{0}\nunit = \"furlong\"\n", 2),
            ("\u{0}", 1),
        ] {
            let loaded = try #require(try loadError(Array(text.utf8)))
            #expect(loaded.exitCode == 65)
            #expect(loaded.description.hasPrefix("wkt-site.toml:\(line): NUL character"), "\(loaded)")
            let parsed = try #require(error(text))
            #expect(parsed.description.hasPrefix("wkt-site.toml:\(line): NUL character"), "\(parsed)")
        }
    }

    @Test("A-10: invalid UTF-8 names its line; other control characters are TOML errors with line and column, escaped")
    func otherBytes() throws {
        let latin = try #require(try loadError(Array("title = \"a\"\nauthor = \"".utf8) + [0xFC] + Array("\"\n".utf8)))
        #expect(loaded(latin, starts: "wkt-site.toml:2: invalid UTF-8 (byte 0xFC)"))
        for text in ["title = \"a\u{1B}[2J\"\n", "title = \"a\"\u{1}\n", "# \u{1B}]0;x\u{7}\ntitle = \"a\"\n", "title = \"a\nb\"\n"] {
            let problem = try #require(error(text), "\(text.debugDescription)")
            #expect(problem.exitCode == 65)
            #expect(problem.description.hasPrefix("wkt-site.toml:1:"), "\(problem)")
            #expect(!problem.description.unicodeScalars.contains { MessageText.isControl($0) }, "\(problem)")
        }
    }

    private func loaded(_ error: ConfigError, starts prefix: String) -> Bool {
        error.description.hasPrefix(prefix) && error.exitCode == 65
    }

    @Test("A-11: title, author and routine names over 200 characters are exit 65 naming the key and the cap, fast")
    func lengthCaps() throws {
        let started = Date()
        for key in ["title", "author"] {
            let problem = try #require(error("\(key) = \"\(String(repeating: "x", count: 3_000_000))\"\n"))
            #expect(problem.exitCode == 65)
            #expect(problem.description.contains("`\(key)`") && problem.description.contains("at most 200 characters"), "\(problem)")
            #expect(problem.description.count < 300)
        }
        #expect(Date().timeIntervalSince(started) < 5)
        let routine = try #require(error("[schedule]\nmonday = \"\(String(repeating: "é", count: 201))\"\n"))
        #expect(routine.description.contains("`schedule.monday`") && routine.description.contains("200"), "\(routine)")
        // 200 characters (not bytes) are fine.
        let settings = try ConfigLoader.parse(
            toml: "title = \"\(String(repeating: "é", count: 200))\"\n", file: "wkt-site.toml", defaultTimeZone: "UTC")
        #expect(settings.title?.count == 200)
    }

    @Test("A-13: an invalid base_url is a config error (65) naming the key; valid ones load unchanged",
          arguments: ["https://e.org/a b", "example.org/lifts/", "ftp://example.org/", "https://", "https:///path",
                      "https://e.org/?q=1", "https://e.org/#top", "javascript:alert(1)", "https://e.org/\u{1B}[2J", ""])
    func badBaseURL(url: String) throws {
        let escaped = url.replacingOccurrences(of: "\u{1B}", with: "\\u001B")
        let problem = try #require(error("base_url = \"\(escaped)\"\n"))
        #expect(problem.exitCode == 65)
        #expect(problem.description.contains("`base_url`"), "\(problem)")
        #expect(!problem.description.unicodeScalars.contains { MessageText.isControl($0) })
        #expect(throws: BaseURL.Invalid.self) { try BaseURL.validate(url) }
    }

    @Test("A-13: BaseURL.validate accepts absolute http(s) URLs with a host and returns them ending in /")
    func goodBaseURL() throws {
        #expect(try BaseURL.validate("https://example.org/lifting") == "https://example.org/lifting/")
        #expect(try BaseURL.validate("http://localhost:8080/") == "http://localhost:8080/")
        #expect(try BaseURL.validate("HTTPS://Example.org") == "HTTPS://Example.org/")
        #expect(try BaseURL.validate("https://[::1]:8000/x/") == "https://[::1]:8000/x/")
        let settings = try ConfigLoader.parse(
            toml: "base_url = \"https://example.org/lifts\"\n", file: "wkt-site.toml", defaultTimeZone: "UTC")
        #expect(settings.baseURL == "https://example.org/lifts")
    }
}
