import Foundation
import Testing
@testable import WktApp

/// `wkt-site serve` hands over to `wkt-site-serve` (``ServeProgram``). The process-level checks
/// (the real hand-over, a missing helper, the linked libraries) are in WktServeTests'
/// `ServeProcessTests`; these check the pieces without starting a process.
@Suite("wkt-site serve hands over to wkt-site-serve")
struct ServeProgramTests {
    @Test("the helper gets exactly the arguments after `serve`")
    func arguments() {
        #expect(ServeProgram.helperArguments(["/bin/wkt-site", "serve"]) == [])
        #expect(
            ServeProgram.helperArguments(["/bin/wkt-site", "serve", "--port", "0", "--output", "serve", "--live-reload"])
                == ["--port", "0", "--output", "serve", "--live-reload"])
    }

    @Test("wkt-site and wkt-site-serve name the same pair of files, links resolved, for the renderer identity")
    func samePairFromEitherSide() throws {
        let folder = try temporaryFolder("serve-program")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bin = folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try Data("main".utf8).write(to: URL(fileURLWithPath: bin + "/wkt-site"))
        try Data("helper".utf8).write(to: URL(fileURLWithPath: bin + "/wkt-site-serve"))
        // A folder of links to both, as a package manager might install them.
        let links = folder + "/links"
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: links + "/wkt-site", withDestinationPath: bin + "/wkt-site")
        try FileManager.default.createSymbolicLink(atPath: links + "/wkt-site-serve", withDestinationPath: bin + "/wkt-site-serve")

        let expected = [ResolvedPath.of(bin + "/wkt-site"), ResolvedPath.of(bin + "/wkt-site-serve")]
        // From wkt-site (its own path comes resolved from /proc/self/exe).
        let main = ServeProgram.rendererExecutables(selfExecutable: bin + "/wkt-site", variables: [:])
        #expect(main == expected)
        #expect(ServeProgram.rendererExecutables(selfExecutable: links + "/wkt-site", variables: [:]) == expected)
        // From wkt-site-serve, told where wkt-site is, or finding it beside itself.
        let told = ServeProgram.rendererExecutables(
            selfExecutable: bin + "/wkt-site-serve", variables: [ServeProgram.mainVariable: links + "/wkt-site"])
        #expect(told == expected)
        #expect(ServeProgram.rendererExecutables(selfExecutable: bin + "/wkt-site-serve", variables: [:]) == expected)
        #expect(ServeProgram.rendererExecutables(selfExecutable: nil, variables: [:]) == [])

        // The identity covers both files: a changed or missing helper is another renderer.
        let before = BuildRunner.rendererIdentity(main)
        #expect(before == BuildRunner.rendererIdentity(told))
        try Data("helper, rebuilt".utf8).write(to: URL(fileURLWithPath: bin + "/wkt-site-serve"))
        let rebuilt = BuildRunner.rendererIdentity(main)
        #expect(rebuilt != before)
        try FileManager.default.removeItem(atPath: bin + "/wkt-site-serve")
        let missing = BuildRunner.rendererIdentity(main)
        #expect(missing != rebuilt && missing.hasSuffix("/wkt-site-serve absent"))
        #expect(BuildRunner.rendererIdentity([]) == "in-process")
    }

    @Test("a helper that cannot be started is one line naming it and exit 74, and this process goes on")
    func cannotStart() throws {
        let folder = try temporaryFolder("serve-program-fail")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let env = AppEnvironment(
            workingDirectory: folder, variables: [:], now: Date(), stdoutIsTerminal: false, selfExecutable: folder + "/wkt-site")
        let missing = ServeProgram.replaceProcess(arguments: ["wkt-site", "serve"], env: env)
        #expect(missing.exitCode == 74)
        #expect(
            missing.stderr == [
                "wkt-site: \(folder)/wkt-site-serve: cannot start the preview server: No such file or directory "
                    + "(wkt-site-serve is built with wkt-site and must be installed beside it; see README \"Install\")"
            ])
        // Present but not executable.
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: folder + "/wkt-site-serve"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder + "/wkt-site-serve")
        let denied = ServeProgram.replaceProcess(arguments: ["wkt-site", "serve"], env: env)
        #expect(denied.exitCode == 74)
        #expect(denied.stderr.first?.contains("wkt-site-serve: cannot start the preview server: Permission denied") == true)
        var unknown = env
        unknown.selfExecutable = nil
        #expect(ServeProgram.replaceProcess(arguments: ["wkt-site", "serve"], env: unknown).exitCode == 74)
    }
}
