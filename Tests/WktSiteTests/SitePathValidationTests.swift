import Testing
import WktCore
@testable import WktSite

/// ``SitePaths/validate(_:source:)``: every output path is a safe relative path
/// (docs/reliability.md P8, F-01, F-02), checked on its UTF-8 bytes.
@Suite("Output paths are checked before any file is written")
struct SitePathValidationTests {
    /// The rule `path` breaks, or nil when it is accepted.
    private static func rule(_ path: String) -> String? {
        do throws(SiteError) {
            try SitePaths.validate(path, source: "test")
            return nil
        } catch {
            guard case let .unsafeOutputPath(errorPath, source, rule) = error, errorPath == path, source == "test" else {
                return "unexpected \(error)"
            }
            return rule
        }
    }

    @Test(
        "each rule, with the name or character that breaks it",
        arguments: [
            ("index.html", nil),
            ("workouts/2026-11-18-0600.html", nil),
            ("exercises/bench-press-barbell.html", nil),
            ("exercises/café-curl.html", nil),
            ("exercises/console.html", nil),  // a device name only as the whole stem
            ("exercises/comp.html", nil),
            ("", "is empty"),
            ("a\u{1}b.html", "contains a control character, a backslash or a colon"),
            ("a\u{7F}b.html", "contains a control character, a backslash or a colon"),
            ("a\\b.html", "contains a control character, a backslash or a colon"),
            ("c:/x.html", "contains a control character, a backslash or a colon"),
            ("/index.html", "has an empty component (absolute or doubled '/')"),
            ("a//b.html", "has an empty component (absolute or doubled '/')"),
            ("exercises/", "has an empty component (absolute or doubled '/')"),
            (".hidden", "has a component starting with '.'"),
            ("a/../b.html", "has a component starting with '.'"),
            ("a/./b.html", "has a component starting with '.'"),
            // A dot that a combining mark follows is still a dot on disk.
            ("a/.\u{301}x.html", "has a component starting with '.'"),
            (String(repeating: "x", count: 256), "has a component longer than 255 bytes"),
            ("a/" + String(repeating: "é", count: 128), "has a component longer than 255 bytes"),  // 256 bytes
            ("exercises/con.html", "uses the Windows device name 'con'"),
            ("CON", "uses the Windows device name 'CON'"),
            ("exercises/Lpt1.tar.gz", "uses the Windows device name 'Lpt1'"),
            ("nul/index.html", "uses the Windows device name 'nul'"),
            ("exercises/com9.html", "uses the Windows device name 'com9'"),
        ] as [(String, String?)])
    func rules(path: String, expected: String?) {
        #expect(Self.rule(path) == expected)
    }

    @Test("255 bytes in a component are allowed, and so is every path a demo build writes")
    func accepted() throws {
        #expect(Self.rule(String(repeating: "x", count: 255)) == nil)
        #expect(Self.rule("a/" + String(repeating: "é", count: 127) + "x") == nil)  // 255 bytes
        let files = try SiteBuilder.build(SiteFixture.input())
        #expect(!files.isEmpty)
        for file in files { #expect(Self.rule(file.path) == nil, "\(file.path)") }
    }

    /// The checks as they were written on characters and scalars, before they moved to bytes.
    private static func characterRule(_ path: String) -> String? {
        guard !path.isEmpty else { return "is empty" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0 == ":" || $0.value == 0x7F }) {
            return "contains a control character, a backslash or a colon"
        }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard !component.isEmpty else { return "has an empty component (absolute or doubled '/')" }
            guard !component.hasPrefix(".") else { return "has a component starting with '.'" }
            guard component.utf8.count <= 255 else { return "has a component longer than 255 bytes" }
            let stem = component.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
            guard !Slugger.reservedNames.contains(stem.lowercased()) else { return "uses the Windows device name '\(stem)'" }
        }
        return nil
    }

    @Test("on paths without a combining mark after a dot the byte checks agree with the character checks")
    func sameAsCharacters() {
        let parts = ["a", "con", "CoM1", "lpt9", "aux.x", "ńul", "K", "İ", "x.y.z", ".", "..", "", "é", "e\u{301}", ":", "\\", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "ß", "ǅ"]
        var checked = 0
        for first in parts {
            for second in parts {
                for joiner in ["/", "", "."] {
                    let path = first + joiner + second
                    #expect(Self.rule(path) == Self.characterRule(path), "\(path.debugDescription)")
                    checked += 1
                }
            }
        }
        #expect(checked == parts.count * parts.count * 3)
    }
}
