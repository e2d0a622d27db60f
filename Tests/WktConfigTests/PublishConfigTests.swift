import Testing
@testable import WktConfig
import WktCore

/// `[publish]` in `wkt-site.toml`: read strictly, with errors that name the file, the line and the
/// allowed names.
@Suite("Config [publish]")
struct PublishConfigTests: ConfigParsing {
    static let allowed = "expected any of \"notes\", \"check_ins\", \"pain_flags\", \"ratings\", \"times\", \"bodyweight\""

    @Test("hide and noindex are read; duplicates are harmless; no table means no profile")
    func reads() throws {
        let all = try parse("""
            title = "Lifts"

            [publish]
            hide = ["notes", "check_ins", "pain_flags", "ratings", "times", "bodyweight", "notes"]
            noindex = true
            """)
        #expect(all.publish == PublishProfile(hide: Set(PublishProfile.Field.allCases), noindex: true))
        #expect(try parse("[publish]\nhide = []\n").publish == PublishProfile())
        #expect(try parse("[publish]\n").publish == PublishProfile(hide: [], noindex: false))
        #expect(try parse("[publish]\nnoindex = false\nhide = ['times']\n").publish == PublishProfile(hide: [.times]))
        #expect(try parse("publish.hide = [\"ratings\"]\n").publish == PublishProfile(hide: [.ratings]))
        #expect(try parse("publish = { noindex = true }\n").publish == PublishProfile(noindex: true))
        #expect(try parse("title = \"x\"\n").publish == nil)
    }

    @Test("an unknown name is exit 65 naming the file, the line of the name and the allowed names")
    func unknownName() throws {
        let error = try #require(self.error("""
            title = "Lifts"
            # hide = ["nope"] in a comment is not the value
            [publish]
            noindex = true
            hide = [
              "notes",   # a comment
              'ratingz',
            ]
            """))
        #expect(error.exitCode == 65)
        #expect(error.description == "wkt-site.toml:7: key `publish.hide`: \"ratingz\" is not valid: \(Self.allowed)")
        let single = try #require(self.error("[publish]\nhide = [\"notes\", \"note\"]\n"))
        #expect(single.description == "wkt-site.toml:2: key `publish.hide`: \"note\" is not valid: \(Self.allowed)")
        let dotted = try #require(self.error("title = \"a\"\npublish.hide = [\"x\"]\n"))
        #expect(dotted.description.hasPrefix("wkt-site.toml:2: key `publish.hide`: \"x\" is not valid"))
        let inline = try #require(self.error("title = \"a\"\npublish = { noindex = true, hide = [\"times\", \"y\"] }\n"))
        #expect(inline.description.hasPrefix("wkt-site.toml:2: key `publish.hide`: \"y\" is not valid"))
        // Names are case-sensitive, like every value of the file's keys.
        #expect(self.error("[publish]\nhide = [\"Notes\"]\n") != nil)
    }

    @Test("a value of the wrong type is exit 65 naming the line and what is expected")
    func wrongTypes() throws {
        let cases: [(toml: String, message: String)] = [
            ("[publish]\nhide = \"notes\"\n",
             "wkt-site.toml:2: key `publish.hide`: a TOML string is not valid: expected an array of names, any of \"notes\""),
            ("[publish]\n\nhide = [1]\n", "wkt-site.toml:3: key `publish.hide`: a TOML integer is not valid: expected names, any of"),
            ("[publish]\nnoindex = \"yes\"\n", "wkt-site.toml:2: key `publish.noindex`: a TOML string is not valid: expected true or false"),
            ("[publish]\nnoindex = 1\n", "wkt-site.toml:2: key `publish.noindex`: a TOML integer is not valid: expected true or false"),
            ("title = \"a\"\npublish = 3\n", "wkt-site.toml:2: key `publish`: a TOML integer is not valid: expected a table, [publish]"),
            ("[publish]\nhid = []\n", "wkt-site.toml:2: key `publish.hid`: unknown key: [publish] takes hide and noindex"),
        ]
        for (toml, message) in cases {
            let error = try #require(self.error(toml), "\(toml)")
            #expect(error.exitCode == 65)
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test("the line finder follows strings, comments, quoted and dotted keys and nested tables")
    func lines() throws {
        // A multi-line string that looks like a [publish] table must not be taken for one.
        let error = try #require(self.error(#"""
            title = """
            [publish]
            hide = ["nope"]
            """
            author = 'a # not a comment'

            ["publish"]
            "hide" = ["notes",
                      "r\u0061tingz"]
            """#))
        #expect(error.description.hasPrefix("wkt-site.toml:9: key `publish.hide`: \"ratingz\" is not valid"), "\(error.description)")
        // An escaped name that decodes to a valid one is valid.
        #expect(try parse(#"[publish]\#nhide = ["no\u0074es"]\#n"#).publish == PublishProfile(hide: [.notes]))
        // A table after [publish] ends it.
        #expect(try parse("[publish]\nhide = [\"times\"]\n[schedule]\nmonday = \"Push\"\n").publish == PublishProfile(hide: [.times]))
    }

    @Test("the line finder ends on any text: unterminated strings, stray brackets, deep nesting")
    func linesSurviveAnyText() {
        let pieces = ["[", "]", "[[", "{", "}", "=", ",", ".", "\"", "'", "\"\"\"", "'''", "\\", "\\u00", "#", "\n", " ",
                      "publish", "hide", "\"x\"", "a"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int(state % 40) {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                text += pieces[Int(state % UInt64(pieces.count))]
            }
            let lines = SourceLines(Array(text.utf8))
            if let line = lines.line(ofKey: ["publish", "hide"]) { #expect(line >= 1 && line <= text.utf8.count + 1) }
        }
        let deep = "publish = " + String(repeating: "[", count: 100_000) + "\"x\""
        #expect(SourceLines(Array(deep.utf8)).line(ofKey: ["publish"]) == 1)
        let shallow = "\n\npublish = [[[\"x\"]]]\n"
        #expect(SourceLines(Array(shallow.utf8)).line(ofString: "x", in: ["publish"]) == 3)
    }
}
