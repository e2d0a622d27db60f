import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `wkt-site` binary as a child and measures it: wall time, CPU time and peak
/// resident set size (docs/reliability.md "Load (L)": memory and hang guards).
///
/// Peak RSS is the largest `VmHWM` (the kernel's high-water mark of resident memory, per address
/// space) of the child and of its own children (the Apple Health parser that `import` runs),
/// read from `/proc` every 20 ms while they run. Not `ru_maxrss`: glibc's `posix_spawn` uses
/// `vfork`, and at `exec` the kernel carries the high-water mark of the address space the child
/// leaves — the test process's own, hundreds of MiB late in a full suite — into the child's
/// `maxrss` (seen: 368 MiB reported for an import whose VmHWM stays at 40 MiB). `ru_maxrss` is
/// used only when the child ended before the first sample.
/// CPU time comes from `wait4`, the usage of that one child and the children it waited for;
/// `getrusage(RUSAGE_CHILDREN)` would count every child of the test process, and other suites
/// start children of their own in parallel (so this spawns with `posix_spawn`: `Process` reaps
/// its child itself and keeps the usage to itself).
enum MeasuredChild {
    struct Run {
        /// The exit status, or 128 + the signal number when the child was killed.
        var status: Int32
        /// Wall time from spawn to exit.
        var seconds: Double
        /// User plus system CPU time of the child and the children it waited for.
        var cpuSeconds: Double
        /// `ru_maxrss` in KiB (Linux's unit).
        var peakRSSKiB: Int
        /// Whether the guard ran out and the child was killed with SIGKILL.
        var timedOut: Bool
        var stdout: String
        var stderr: String

        var peakRSSMiB: Double { Double(peakRSSKiB) / 1024 }
    }

    /// Runs `wkt-site arguments…` in `directory` (environment: the test's, `TZ=UTC`, then
    /// `environment`), killing it once `guardSeconds` have passed.
    static func run(
        _ arguments: [String], in directory: String, environment: [String: String] = [:], guardSeconds: Double
    ) throws -> Run {
        try withOutputFiles(in: directory) { out, err in
            let started = Date()
            let pid = try spawn(arguments, in: directory, environment: environment, stdout: out, stderr: err)
            var status: Int32 = 0
            var usage = rusage()
            var timedOut = false
            var sampledPeakKiB = 0
            while true {
                sampledPeakKiB = max(sampledPeakKiB, Self.highWaterKiB(of: pid))
                let reaped = wait4(pid, &status, WNOHANG, &usage)
                if reaped == pid { break }
                if reaped == -1 && errno != EINTR { throw waitFailure() }
                if !timedOut && Date().timeIntervalSince(started) > guardSeconds {
                    timedOut = true
                    kill(pid, SIGKILL)
                }
                usleep(20_000)
            }
            let seconds = Date().timeIntervalSince(started)
            return Run(
                status: exitStatus(status), seconds: seconds,
                cpuSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                    + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6,
                peakRSSKiB: sampledPeakKiB > 0 ? sampledPeakKiB : Int(usage.ru_maxrss), timedOut: timedOut,
                stdout: text(out), stderr: text(err))
        }
    }

    /// Runs `wkt-site arguments…` as ``run(_:in:environment:guardSeconds:)`` without measuring:
    /// blocks in `waitpid` until that one child exits. What `Binary.run` uses.
    /// `executable` replaces the binary (tests of this runner use /bin/sh).
    static func runToExit(
        _ arguments: [String], in directory: String, environment: [String: String] = [:], executable: String? = nil
    ) throws -> Binary.Run {
        try withOutputFiles(in: directory) { out, err in
            let pid = try spawn(arguments, in: directory, environment: environment, stdout: out, stderr: err,
                                executable: executable)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) != pid {
                if errno != EINTR { throw waitFailure() }
            }
            return Binary.Run(status: exitStatus(status), stdout: text(out), stderr: text(err))
        }
    }

    /// Calls `body` with two fresh file paths in `directory` for the child's stdout and stderr,
    /// removed afterwards.
    private static func withOutputFiles<T>(in directory: String, _ body: (String, String) throws -> T) throws -> T {
        let out = directory + "/.measured-\(UUID().uuidString)"
        let err = out + ".err"
        defer {
            unlink(out)
            unlink(err)
        }
        return try body(out, err)
    }

    /// Starts the binary (or `executable`) with stdin from /dev/null, stdout and stderr into the
    /// two files, and no other descriptor of this process; returns its pid.
    private static func spawn(
        _ arguments: [String], in directory: String, environment: [String: String], stdout out: String, stderr err: String,
        executable: String? = nil
    ) throws -> pid_t {
        let executable = executable ?? Binary.path ?? "/nonexistent"
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        env.merge(environment) { $1 }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard let addChdir = GlibcSpawn.addChdir else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSYS),
                          userInfo: [NSLocalizedDescriptionKey: "posix_spawn_file_actions_addchdir_np is missing"])
        }
        _ = addChdir(&actions, directory)
        // Descriptors other tests left inheritable (pipes of their own children, the socket
        // Foundation's `Process` watches to learn that its child ended) stay out of this one:
        // holding such a socket open would make `Process` think that child runs until this one ends.
        _ = GlibcSpawn.addCloseFrom?(&actions, 3)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(spawned),
                          userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(executable): \(String(cString: strerror(spawned)))"])
        }
        return pid
    }

    /// The exit status from a `wait4` status word, or 128 + the signal number when the child was
    /// killed (WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out: the macros are not imported).
    private static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    private static func text(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    /// A failed `wait4` or `waitpid`, with `errno`'s reason.
    private static func waitFailure() -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno),
                userInfo: [NSLocalizedDescriptionKey: "waiting for the child: \(String(cString: strerror(errno)))"])
    }
}

extension MeasuredChild {
    /// The largest `VmHWM` of `pid` and of its descendants, in KiB (0 when it is gone).
    static func highWaterKiB(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        var peak = 0
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            peak = Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "") ?? 0
        }
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            peak = max(peak, highWaterKiB(of: child))
        }
        return peak
    }
}

/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29) and `…_addclosefrom_np` (2.34), which
/// Swift's Glibc module does not import (they are declared only under `_GNU_SOURCE`).
private enum GlibcSpawn {
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    static let addChdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: AddChdir.self) }
    static let addCloseFrom: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(dlopen(nil, RTLD_NOW), name)
    }
}

/// Slow load tests run only with `WKT_SLOW_TESTS=1` (CI sets it); otherwise they are skipped
/// with a printed note.
enum SlowTests {
    static var enabled: Bool {
        let on = ProcessInfo.processInfo.environment["WKT_SLOW_TESTS"] == "1"
        if !on { print("note: slow load tests skipped; set WKT_SLOW_TESTS=1 to run them") }
        return on
    }
}

/// Formats seconds and sizes for the measurement lines the load tests print.
func formatted(_ value: Double, digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
