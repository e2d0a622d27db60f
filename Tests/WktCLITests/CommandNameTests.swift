import ArgumentParser
import Testing
@testable import wkt_site

/// Every subcommand names itself in its configuration. Without `commandName`, ArgumentParser
/// derives the name from the Swift type's name with `String(describing:)` for every subcommand
/// at every start: 13 M instructions (about 4 ms, a fifth of a no-op rebuild) before any work
/// (callgrind of `wkt-site stats --json`).
@Suite("command names")
struct CommandNameTests {
    @Test("each subcommand's configuration names it, with the names the command line has always had")
    func explicitNames() {
        let names = WktSiteCommand.configuration.subcommands.map { $0.configuration.commandName }
        #expect(names == [
            "import", "build", "serve", "stats", "check", "demo", "init", "export", "backup", "_health-import",
            "_hugo-content", "_allocator-check",
        ])
        #expect(WktSiteCommand.configuration.commandName == "wkt-site")
    }

    @Test("the names parse: each subcommand is found by its name")
    func namesParse() throws {
        for name in ["import", "build", "serve", "stats", "check", "demo", "init", "export", "backup"] {
            let arguments = name == "import" ? [name, "x.csv"] : [name]
            let parsed = try WktSiteCommand.parseAsRoot(arguments)
            #expect(type(of: parsed).configuration.commandName == name)
        }
    }
}
