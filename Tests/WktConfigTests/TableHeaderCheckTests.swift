import Testing
import WktCore
@testable import WktConfig

/// Malformed table headers that make toml++ abort the process (found by the config fuzzer) are
/// TOML syntax errors (65) with their line and column; valid files are untouched by the check.
@Suite("TOML table headers the library would abort on")
struct TableHeaderCheckTests {
    static func parse(_ toml: String) throws(ConfigError) -> Settings {
        try ConfigLoader.parse(toml: toml, file: "wkt-site.toml", defaultTimeZone: "UTC")
    }

    @Test(
        "a header that does not start with a key is a syntax error, never an abort",
        arguments: [
            ("[!", 1, 2), ("[ !]", 1, 3), ("[[!]]", 1, 3), ("[[ !]]", 1, 4), ("[.]", 1, 2), ("[.a]", 1, 2),
            ("[=]", 1, 2), ("[#]", 1, 2), ("[\n]", 1, 2), ("[", 1, 2), ("title = \"x\"\n  [!]\n", 2, 4),
            ("a = [1,\n 2]\n[!]", 3, 2), ("t = \"\"\"\nx\"\"\"\n[!]", 3, 2),
        ])
    func aborts(toml: String, line: Int, column: Int) {
        #expect(throws: ConfigError.syntax(
            file: "wkt-site.toml", line: line, column: column,
            message: TableHeaderCheckTests.message(toml, line: line, column: column))) {
            _ = try Self.parse(toml)
        }
        let error = #expect(throws: ConfigError.self) { _ = try Self.parse(toml) }
        #expect(error?.exitCode == 65)
    }

    /// The expected message: the offending byte named as the check names it.
    static func message(_ toml: String, line: Int, column: Int) -> String {
        let lines = toml.split(separator: "\n", omittingEmptySubsequences: false)
        let text = Array(lines[line - 1].utf8)
        let found: String
        if column - 1 < text.count {
            found = "'\(Character(Unicode.Scalar(text[column - 1])))'"
        } else {
            found = line < lines.count ? "a line break" : "the end of the file"
        }
        return "a table header must start with a key name (letters, digits, _, - or a quoted name), found \(found)"
    }

    @Test(
        "a '}' where an array element should start is a syntax error, never an abort",
        arguments: [
            ("a=[}", 1, 4), ("a=[ }", 1, 5), ("a=[1,}", 1, 6), ("a=[[}]]", 1, 5), ("a = [ # c\n}", 2, 1),
            ("a=[\n}", 2, 1), ("a={b=[1,}]}", 1, 9), ("a=[{}, }", 1, 8), ("[t]\na=[}", 2, 4),
        ])
    func arrayElement(toml: String, line: Int, column: Int) {
        #expect(throws: ConfigError.syntax(
            file: "wkt-site.toml", line: line, column: column, message: "expected an array element or ']', found '}'")) {
            _ = try Self.parse(toml)
        }
        // Valid inline tables and arrays close normally.
        #expect((try? Self.parse("weekly_target = 3\n[schedule]\nmonday = \"{}\"\n")) != nil)
    }

    @Test("brackets inside strings, multi-line strings, comments and arrays are not headers")
    func notHeaders() throws {
        let toml = """
            # [!] in a comment
            title = \"\"\"
            [!] a title on two lines\"\"\"
            author = '''
            [= also text'''
            [schedule]
            monday = "[!]"
            [ schedule ]
            """
        // `[ schedule ]` twice is the library's own error, not an abort.
        #expect(throws: ConfigError.self) { _ = try Self.parse(toml) }
        let settings = try Self.parse("""
            title = \"\"\"
            [!] a title\"\"\"
            author = '[=]' # [!
            weekly_target = 3
            [schedule]
            monday = "[!]"
            """)
        #expect(settings.title == "[!] a title")
        #expect(settings.author == "[=]")
    }
}
