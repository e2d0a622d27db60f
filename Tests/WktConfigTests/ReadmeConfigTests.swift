import Foundation
import Testing
@testable import WktConfig
import WktCore

/// The README's example of the insights keys is a real configuration: every line of it parses,
/// and each key reaches its setting (a renamed key would otherwise leave the README wrong).
@Suite("README config example")
struct ReadmeConfigTests: ConfigParsing {
    @Test("the insights example in README.md parses into every insights setting")
    func insightsExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "The insights have their own keys"))
        let after = readme[marker.upperBound...]
        let open = try #require(after.range(of: "```toml\n"))
        let close = try #require(after[open.upperBound...].range(of: "```"))
        let settings = try parse(String(after[open.upperBound..<close.lowerBound]))
        #expect(settings.muscleSetsTarget != nil)
        #expect(settings.body.bodyweightKg == 82.5 && settings.body.sex == .male)
        #expect(settings.muscles.override(for: "café press")?.primary == .chest)
        #expect(settings.muscles.override(for: "Band Pull Up")?.assisted == true)
        #expect(settings.goals.count == 1)
        #expect(settings.ignore.count == 1)
    }
}
