import Foundation
@testable import WktApp

/// A fresh folder `wkt-<label>-<UUID>` under the system's temporary folder; the caller removes it.
func temporaryFolder(_ label: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.path + "/wkt-\(label)-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

/// A throw-away working directory with an injected environment, for running commands in-process.
struct Sandbox {
    let directory: String
    var variables: [String: String]
    var now: Date

    init(variables: [String: String] = [:], now: Date = Date(timeIntervalSince1970: 1_795_000_000)) throws {
        directory = try temporaryFolder("app-tests")
        self.variables = ["TZ": "Europe/Berlin", "HOME": directory + "/home"].merging(variables) { $1 }
        self.now = now
    }

    var env: AppEnvironment {
        AppEnvironment(workingDirectory: directory, variables: variables, now: now, stdoutIsTerminal: false)
    }

    /// Writes a file relative to the sandbox and returns its relative name.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return name
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: directory + "/" + name) }

    func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)) }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

/// One history written in three formats (the same sets, names and days).
enum SameHistory {
    static let strongComma = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2026-11-02 07:00:00,"Push",1h 0m,"Bench Press (Barbell)",W,40,10,0,0,"","",
        2026-11-02 07:00:00,"Push",1h 0m,"Bench Press (Barbell)",1,80,5,0,0,,,
        2026-11-02 07:00:00,"Push",1h 0m,"Bench Press (Barbell)",2,80,5,0,0,,,
        2026-11-02 07:00:00,"Push",1h 0m,"Chest Dip",1,0,12,0,0,"",,
        2026-11-05 07:00:00,"Push",55m,"Bench Press (Barbell)",1,82.5,5,0,0,"",,
        2026-11-05 07:00:00,"Push",55m,"Bench Press (Barbell)",2,85,3,0,0,,,
        2026-11-05 07:00:00,"Push",55m,"Plank",1,0,0,0,60,"",,
        2026-11-16 18:30:00,"Legs",1h 10m,"Squat (Barbell)",1,100,5,0,0,"",,
        2026-11-16 18:30:00,"Legs",1h 10m,"Squat (Barbell)",2,105,5,0,0,,,

        """

    static let strongSemicolon = """
        "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
        "1";"2026-11-02 07:00:00";"Push";"3600";"Bench Press (Barbell)";"WARM_UP";"40.0";"10";"";"";"";"";""
        "1";"2026-11-02 07:00:00";"Push";"3600";"Bench Press (Barbell)";"1";"80.0";"5";"";"";"";"";""
        "1";"2026-11-02 07:00:00";"Push";"3600";"Bench Press (Barbell)";"2";"80.0";"5";"";"";"";"";""
        "1";"2026-11-02 07:00:00";"Push";"3600";"Chest Dip";"1";"";"12";"";"";"";"";""
        "2";"2026-11-05 07:00:00";"Push";"3300";"Bench Press (Barbell)";"1";"82.5";"5";"";"";"";"";""
        "2";"2026-11-05 07:00:00";"Push";"3300";"Bench Press (Barbell)";"2";"85.0";"3";"";"";"";"";""
        "2";"2026-11-05 07:00:00";"Push";"3300";"Plank";"1";"";"";"";"";"60";"";""
        "3";"2026-11-16 18:30:00";"Legs";"4200";"Squat (Barbell)";"1";"100.0";"5";"";"";"";"";""
        "3";"2026-11-16 18:30:00";"Legs";"4200";"Squat (Barbell)";"2";"105.0";"5";"";"";"";"";""

        """

    static let hevy = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
        "Legs","16 Nov 2026, 18:30","16 Nov 2026, 19:40","","Squat (Barbell)",,"",0,"normal",100,5,,,
        "Legs","16 Nov 2026, 18:30","16 Nov 2026, 19:40","","Squat (Barbell)",,"",1,"normal",105,5,,,
        "Push","5 Nov 2026, 07:00","5 Nov 2026, 07:55","","Bench Press (Barbell)",,"",0,"normal",82.5,5,,,
        "Push","5 Nov 2026, 07:00","5 Nov 2026, 07:55","","Bench Press (Barbell)",,"",1,"normal",85,3,,,
        "Push","5 Nov 2026, 07:00","5 Nov 2026, 07:55","","Plank",,"",0,"normal",,,,60,
        "Push","2 Nov 2026, 07:00","2 Nov 2026, 08:00","","Bench Press (Barbell)",,"",0,"warmup",40,10,,,
        "Push","2 Nov 2026, 07:00","2 Nov 2026, 08:00","","Bench Press (Barbell)",,"",1,"normal",80,5,,,
        "Push","2 Nov 2026, 07:00","2 Nov 2026, 08:00","","Bench Press (Barbell)",,"",2,"normal",80,5,,,
        "Push","2 Nov 2026, 07:00","2 Nov 2026, 08:00","","Chest Dip",,"",0,"normal",,12,,,

        """
}
