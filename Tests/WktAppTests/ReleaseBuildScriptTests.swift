import Foundation
import Testing

/// The release binary that README's demo command and the benchmark use is built in one place,
/// scripts/build-release.sh, with the flags its memory and start-up figures depend on (README
/// "Performance"). The suite runs debug builds, so these tests read the scripts: dropping a flag
/// or building around the script fails here instead of silently changing the measured binary.
@Suite("Release build script")
struct ReleaseBuildScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func script(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("scripts/" + name), encoding: .utf8)
    }

    /// The command lines of a shell script (comments dropped).
    static func commands(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test("build-release.sh links the Swift runtime statically and without PIE, with cross-module optimisation, for both executables")
    func flags() throws {
        let commands = Self.commands(try Self.script("build-release.sh"))
        // One build line, run for `wkt-site` and for `wkt-site-serve` (which `wkt-site serve` needs
        // beside it, WktApp's ServeProgram).
        #expect(commands.contains("for product in wkt-site wkt-site-serve; do"))
        let builds = commands.filter { $0.hasPrefix("swift build") }
        #expect(builds.count == 1)
        #expect(builds.first?.contains("--product \"$product\"") == true)
        let words = builds.first?.split(separator: " ").map(String.init) ?? []
        #expect(words.contains("--static-swift-stdlib"))
        #expect(words.contains("-c") && words.contains("release"))
        let noPIE = words.firstIndex(of: "-no-pie")
        #expect(noPIE.map { $0 > 0 && words[$0 - 1] == "-Xlinker" } == true)
        // The instruction counts in README "Performance" are of a binary built with it.
        let crossModule = words.firstIndex(of: "-cross-module-optimization")
        #expect(crossModule.map { $0 > 0 && words[$0 - 1] == "-Xswiftc" } == true)
    }

    @Test("demo.sh and bench.py build the release binary through build-release.sh only")
    func callers() throws {
        let demo = Self.commands(try Self.script("demo.sh"))
        #expect(demo.contains("scripts/build-release.sh"))
        #expect(!demo.contains { $0.hasPrefix("swift build") })
        let bench = try Self.script("bench.py")
        #expect(bench.contains("\"build-release.sh\""))
        #expect(!bench.contains("\"swift\", \"build\""))
    }
}
