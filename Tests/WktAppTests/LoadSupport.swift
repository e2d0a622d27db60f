import Foundation
import WktCore

/// Synthetic inputs for the load and concurrency tests, written at test time.
enum LoadInputs {
    /// The Strong "C" dialect (fully quoted, semicolons, units in the header: 2024–26 exports).
    static let strongHeader = "\"Workout #\";\"Date\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";"
        + "\"Weight (kg)\";\"Reps\";\"RPE\";\"Distance (meters)\";\"Seconds\";\"Notes\";\"Workout Notes\"\n"

    /// Three routines of six exercises each.
    static let routines: [(name: String, exercises: [String])] = [
        ("Push", ["Bench Press (Barbell)", "Overhead Press (Barbell)", "Incline Bench Press (Dumbbell)",
                  "Chest Dip", "Lateral Raise (Dumbbell)", "Triceps Pushdown (Cable)"]),
        ("Pull", ["Deadlift (Barbell)", "Bent Over Row (Barbell)", "Pull Up", "Lat Pulldown (Cable)",
                  "Face Pull (Cable)", "Bicep Curl (Dumbbell)"]),
        ("Legs", ["Squat (Barbell)", "Romanian Deadlift (Barbell)", "Leg Press", "Lunge (Dumbbell)",
                  "Hip Thrust (Barbell)", "Calf Raise (Machine)"]),
    ]

    /// A Strong CSV of one workout a day for `workouts` days ending on `lastDay`
    /// (`YYYY-MM-DD`), each with `exercises` exercises (≤ 6) of `sets` sets, starting at
    /// `hour`:MM (the minute varies). Weights climb slowly and reps vary, so records and charts
    /// have work to do. Returns the text and the number of set rows.
    static func strongCSV(workouts: Int, exercises: Int = 6, sets: Int = 5, lastDay: String, hour: Int = 7) -> (text: String, sets: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = lastDay.split(separator: "-").map { Int($0)! }
        let last = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))!
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = strongHeader
        text.reserveCapacity(workouts * exercises * sets * 130)
        var rows = 0
        for index in 0..<workouts {
            let day = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: index - workouts + 1, to: last)!)
            let date = "\(day.year!)-\(two(day.month!))-\(two(day.day!)) \(two(hour)):\(two(index * 7 % 60)):00"
            let routine = routines[index % routines.count]
            let prefix = "\"\(index + 1)\";\"\(date)\";\"\(routine.name)\";\"\(3000 + index % 13 * 60)\";\""
            for (position, exercise) in routine.exercises.prefix(exercises).enumerated() {
                for set in 0..<sets {
                    // Weight in tenths of a kilogram: 20 kg up to 217.5 kg in 2.5 kg steps.
                    let tenths = 200 + (index / 9 + position * 7 + set) % 80 * 25
                    let reps = 3 + (index + set * 3 + position) % 8
                    text += prefix + exercise + "\";\"\(set + 1)\";\"\(tenths / 10).\(tenths % 10)\";\"\(reps)\";\"\";\"\";\"\";\"\";\"\"\n"
                    rows += 1
                }
            }
        }
        return (text, rows)
    }

    /// A wkt JSON document of `workouts` daily workouts from 2023-01-01, each with one
    /// exercise of three sets and, when `note` is given, that workout note.
    static func wktJSON(workouts: Int, note: String?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = calendar.date(from: DateComponents(year: 2023, month: 1, day: 1, hour: 12))!
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        // The product's one JSON writer quotes and escapes the note.
        let noteField = note.map { ", \"notes\": " + JSONValue.string($0).compact() } ?? ""
        var text = "{\"format\": \"wkt\", \"version\": 1, \"workouts\": [\n"
        for index in 0..<workouts {
            let day = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: index, to: first)!)
            let start = "\(day.year!)-\(two(day.month!))-\(two(day.day!))T07:00:00+00:00"
            text += index == 0 ? "" : ",\n"
            text += "{\"id\": \"load-\(index)\", \"start\": \"\(start)\", \"duration_s\": 3600, \"name\": \"Session \(index)\"\(noteField), "
                + "\"exercises\": [{\"name\": \"Squat (Barbell)\", \"sets\": ["
                + "{\"kind\": \"normal\", \"weight_kg\": \(100 + index % 20), \"reps\": 5}, "
                + "{\"kind\": \"normal\", \"weight_kg\": \(100 + index % 20), \"reps\": 5}, "
                + "{\"kind\": \"normal\", \"weight_kg\": \(100 + index % 20), \"reps\": 4}]}]}"
        }
        return text + "\n]}\n"
    }

    /// Writes `text` to `path`.
    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}

/// The "site intact" listing of docs/reliability.md (the same lines as `WktIO.TreeHash`): one
/// `path  sha256` line per regular file and `path  -> target` per symbolic link, sorted by
/// path; folders only through their contents.
enum SiteTree {
    static func listing(_ directory: String) throws -> [String] {
        var lines: [String] = []
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: directory) else { return [] }
        while let entry = enumerator.nextObject() as? String {
            let path = directory + "/" + entry
            let type = try manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            switch type {
            case .typeSymbolicLink?:
                lines.append(entry + "  -> " + (try manager.destinationOfSymbolicLink(atPath: path)))
            case .typeRegular?:
                lines.append(entry + "  " + SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: path))))
            case .typeDirectory?:
                continue
            default:
                lines.append(entry + "  (not a file, folder or link)")
            }
        }
        return lines.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The lines of `a` and `b` that differ, for failure messages.
    static func difference(_ a: [String], _ b: [String]) -> [String] {
        Array(Set(a).symmetricDifference(b).sorted().prefix(6))
    }
}
