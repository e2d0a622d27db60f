import Foundation
import Testing
import WktApp

#if canImport(Glibc)
    import Glibc
#endif

@Suite("wkt-site serve, the real binary", .enabled(if: ServeBinary.available))
struct ServeProcessTests {
    /// Sorted `path size` lines of a folder.
    private func listing(_ folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var lines: [String] = []
        while let entry = enumerator?.nextObject() as? String {
            lines.append("\(entry) \(FileManager.default.contents(atPath: folder + "/" + entry)?.hashValue ?? -1)")
        }
        return lines.sorted()
    }

    /// Leftovers a build must never leave beside the output folder.
    private func leftovers(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("site.tmp-") }
    }

    /// `wkt-site serve --port 0` started in `sandbox` after importing ``Exports/first``, and its port.
    private func started(
        in sandbox: ServeSandbox, environment: [String: String] = [:]
    ) async throws -> (ServeBinary.Running, UInt16) {
        #expect(try sandbox.importCSV("first.csv", Exports.first).exitCode == 0)
        let serve = try ServeBinary.Running(
            ["serve", "--port", "0", "--today", "2026-11-21"], in: sandbox.directory, environment: environment)
        let port = try #require(await serve.port(), "no URL line: \(serve.stdout) \(serve.stderr)")
        return (serve, port)
    }

    /// Sends `signal` (nil: already sent) and checks the clean stop: exit `status`, no temporary folder beside the
    /// site, and the run lock free (a build right after gets it at once).
    private func expectStops(
        _ serve: ServeBinary.Running, on signal: Int32?, with status: Int32, in sandbox: ServeSandbox
    ) async throws {
        if let signal { kill(serve.process.processIdentifier, signal) }
        #expect(await serve.waitForExit() == status, "\(serve.stderr)")
        #expect(try leftovers(sandbox.directory).isEmpty)
        let environment = sandbox.env.variables.merging(["WKT_LOCK_WAIT": "0"]) { $1 }
        let build = BuildRunner.run(
            BuildRequest(output: "site.after", today: "2026-11-22", quiet: true),
            env: AppEnvironment(workingDirectory: sandbox.directory, variables: environment, now: sandbox.env.now, stdoutIsTerminal: false))
        #expect(build.exitCode == 0, "the run lock is free: \(build.stderr)")
    }

    @Test("prints the URL, serves, and Ctrl-C (SIGINT) stops it with exit 130, nothing left behind, the lock free")
    func sigint() async throws {
        let sandbox = try ServeSandbox()
        defer { sandbox.remove() }
        let (serve, port) = try await started(in: sandbox)
        #expect(serve.stdout.contains("Serving site/ at http://127.0.0.1:\(port)/\n"))
        #expect(try await HTTPTestClient.fetch(port: port, "/").status == 200)
        try await expectStops(serve, on: SIGINT, with: 130, in: sandbox)
        await #expect(throws: (any Error).self, "no longer listening") { try await HTTPTestClient.fetch(port: port, "/") }
    }

    @Test("SIGTERM during a rebuild: the rebuild stops before its swap, exit 143, the site as before, no temporary folder")
    func sigtermDuringRebuild() async throws {
        let sandbox = try ServeSandbox()
        defer { sandbox.remove() }
        let (serve, port) = try await started(in: sandbox, environment: ["WKT_TEST_PAUSE_BEFORE_PUBLISH_MS": "4000"])
        let before = listing(sandbox.directory + "/site")
        try sandbox.write("wkt-site.toml", "title = \"Changed\"\n")
        // On a Dispatch thread, so a busy test process cannot make the signal late: once the
        // rebuild holds the run lock (it then pauses 4 s before publishing), one request, then SIGTERM.
        let pid = serve.process.processIdentifier
        let lock = sandbox.directory + "/workouts.sqlite.lock"
        let status = try await offPool { () throws -> Int in
            try Self.waitUntilLocked(lock)
            let reply = try HTTPTestClient(port: port).request("GET", "/")
            kill(pid, SIGTERM)
            return reply.status
        }
        #expect(status == 200, "serving goes on during the rebuild")
        try await expectStops(serve, on: nil, with: 143, in: sandbox)
        #expect(serve.stderr.contains("interrupted; site/ is unchanged"), "\(serve.stderr)")
        #expect(listing(sandbox.directory + "/site") == before, "site intact")
    }

    /// Blocks until another process holds the run lock at `path` (at most 120 s).
    private static func waitUntilLocked(_ path: String) throws {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd >= 0 {
                let busy = flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
                close(fd)  // also releases the lock if this probe got it
                if busy { return }
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw ServeTestError(description: "the rebuild never took the run lock")
    }

    @Test("serve and build recognise each other's site: `wkt-site build` after `wkt-site serve` is up to date")
    func serveThenBuild() async throws {
        // `serve` runs in wkt-site-serve (WktApp's ServeProgram); both executables name the pair
        // in the renderer identity, so the stamp serve recorded is the one build computes.
        let sandbox = try ServeSandbox()
        defer { sandbox.remove() }
        let (serve, _) = try await started(in: sandbox)
        try await expectStops(serve, on: SIGINT, with: 130, in: sandbox)
        let build = try ServeBinary.Running(["build", "--today", "2026-11-21"], in: sandbox.directory)
        #expect(await build.waitForExit() == 0, "\(build.stderr)")
        #expect(build.stdout.contains("site/ is up to date for 2026-11-21"), "\(build.stdout)")
    }

    @Test("wkt-site links no libcurl (the server lives in wkt-site-serve); without wkt-site-serve beside it, serve is one line and 74")
    func helperExecutable() async throws {
        let binary = try #require(ServeBinary.path)
        let helper = (binary as NSString).deletingLastPathComponent + "/wkt-site-serve"
        #expect(FileManager.default.isExecutableFile(atPath: helper))
        let needed = try Self.neededLibraries(binary)
        #expect(!needed.isEmpty, "readelf lists the libraries wkt-site needs")
        #expect(!needed.contains { $0.contains("FoundationNetworking") || $0.contains("libcurl") }, "\(needed)")
        #expect(try Self.neededLibraries(helper).contains { $0.contains("FoundationNetworking") || $0.contains("libcurl") })

        let sandbox = try ServeSandbox()
        defer { sandbox.remove() }
        let alone = sandbox.directory + "/bin/wkt-site"
        try FileManager.default.createDirectory(atPath: sandbox.directory + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: binary, toPath: alone)
        let serve = Process()
        serve.executableURL = URL(fileURLWithPath: alone)
        serve.arguments = ["serve", "--port", "0"]
        serve.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
        let errors = Pipe()
        serve.standardError = errors
        serve.standardOutput = FileHandle.nullDevice
        try serve.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        serve.waitUntilExit()
        #expect(serve.terminationStatus == 74)
        #expect(
            text == "wkt-site: \(sandbox.directory)/bin/wkt-site-serve: cannot start the preview server: No such file or directory "
                + "(wkt-site-serve is built with wkt-site and must be installed beside it; see README \"Install\")\n")
    }

    /// The `NEEDED` entries of an ELF file, by `readelf -d` (binutils, which the Swift toolchain
    /// links with).
    private static func neededLibraries(_ path: String) throws -> [String] {
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        readelf.arguments = ["-d", path]
        let output = Pipe()
        readelf.standardOutput = output
        try readelf.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        return text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map(String.init)
    }

    @Test("a port already in use is one line and exit 74; a bad --host or --port is a usage error")
    func portInUse() async throws {
        let sandbox = try ServeSandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.importCSV("first.csv", Exports.first).exitCode == 0)
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(holder, pointer, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, pointer, &length) == 0
            }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let serve = try ServeBinary.Running(["serve", "--port", String(port), "--today", "2026-11-21"], in: sandbox.directory)
        #expect(await serve.waitForExit() == 74)
        let lines = serve.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(serve.stderr)")
        #expect(lines.first?.hasPrefix("wkt-site: cannot listen on 127.0.0.1:\(port): Address already in use") == true, "\(serve.stderr)")
        #expect(try leftovers(sandbox.directory).isEmpty)

        let host = try ServeBinary.Running(["serve", "--host", "example.org", "--port", "0"], in: sandbox.directory)
        #expect(await host.waitForExit() == 64, "\(host.stderr)")
        #expect(host.stderr.contains("--host 'example.org' is not an IP address"))
        let badPort = try ServeBinary.Running(["serve", "--port", "70000"], in: sandbox.directory)
        #expect(await badPort.waitForExit() == 64)
    }
}
