import Foundation
import Testing
@testable import WktStore

/// Generated Strong CSV exports (the comma dialect without units) for import tests that need
/// many workouts.
enum StrongCSV {
    static let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"

    /// `count` workouts, 13 hours apart from 2020-01-01 07:00 plus `startHour` hours, each with
    /// three exercises of five sets. Files with different `startHour`s (not multiples of 13
    /// apart) share no workout.
    static func workouts(_ count: Int, startHour: Int) -> String {
        var text = header
        text.reserveCapacity(count * 15 * 60)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let start = Date(timeIntervalSince1970: 1_577_862_000 + Double(startHour) * 3600)
        for index in 0..<count {
            let date = formatter.string(from: start.addingTimeInterval(Double(index) * 13 * 3600))
            for exercise in 0..<3 {
                for set in 1...5 {
                    text += "\(date),\"W\(index)\",1h 0m,\"Ex \(exercise)\",\(set),\(60 + set),5,0,0,,,\n"
                }
            }
        }
        return text
    }
}

/// Child processes of the real binary that a test starts, kills or waits for.
enum Child {
    /// Starts `executable` (default: the wkt-site binary) with `arguments` in `directory`,
    /// output discarded unless `stderr` names a file; `TZ=UTC` plus `environment`.
    static func start(
        _ arguments: [String], in directory: String, environment: [String: String] = [:],
        executable: String? = nil, stderr: String? = nil
    ) throws -> Process {
        let process = Binary.process(arguments, in: directory, environment: environment, executable: executable)
        process.standardOutput = FileHandle.nullDevice
        if let stderr {
            _ = FileManager.default.createFile(atPath: stderr, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: stderr)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Runs a program to its end and returns its status and stderr (stdout is discarded).
    static func run(_ executable: String, _ arguments: [String], in directory: String) throws -> Binary.Run {
        let err = directory + "/.child-\(UUID().uuidString).err"
        defer { try? FileManager.default.removeItem(atPath: err) }
        let process = try start(arguments, in: directory, executable: executable, stderr: err)
        process.waitUntilExit()
        return Binary.Run(status: process.terminationStatus, stdout: "", stderr: readText(err))
    }

    /// Polls `condition` every millisecond until it holds or `seconds` pass.
    static func wait(upTo seconds: Double, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    /// Whether `process` holds the run lock of `store`: the lock file names its pid (the holder
    /// writes it right after `flock` succeeded) and `/proc/locks` has an `flock` by that pid.
    static func holdsLock(_ process: Process, store: String) -> Bool {
        let note = (try? String(contentsOfFile: store + ".lock", encoding: .utf8)) ?? ""
        guard note.hasPrefix("pid \(process.processIdentifier)\n") else { return false }
        let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
        return locks.split(separator: "\n").contains { $0.contains("FLOCK") && $0.contains(" \(process.processIdentifier) ") }
    }
}

/// Facts about a store file, read in-process.
enum StoreProbe {
    /// The workout count and `integrity_check` of a store that has no hot journal.
    static func state(_ path: String) throws -> (workouts: Int, check: String) {
        let store = try WorkoutStore.open(path: path, mode: .readOnly)
        return (try store.workoutCount(), try store.integrityCheck())
    }

    /// Every table and row (see `WorkoutStore.dump`), for "nothing lost" checks.
    static func dump(_ path: String) throws -> String {
        try WorkoutStore.open(path: path, mode: .readOnly).dump()
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }
}

/// Mount namespaces (`unshare -m`) for tests that need a real full or read-only file system;
/// such tests skip with a note where mounting is not permitted.
enum MountNamespace {
    /// Whether this process may create a mount namespace and mount a tmpfs in it.
    static let available: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe = FileManager.default.temporaryDirectory.path + "/wkt-mount-probe-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs '\(probe)' && mount -o remount,ro '\(probe)'"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Runs a shell script in a private mount namespace; returns its exit status.
    static func run(_ script: String, in directory: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "sh", "-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The note printed when a test skips for lack of mount permission.
    static func skipNote(_ test: String) {
        print("note: \(test): cannot mount in a private namespace here (unshare -m + mount not permitted); skipped")
    }
}

/// Reads a small result file a script wrote; "" when missing.
func readText(_ path: String) -> String {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
}
