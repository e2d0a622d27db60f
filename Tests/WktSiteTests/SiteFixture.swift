import Foundation
import Testing
import WktCore
@testable import WktSite

/// A small hand-made history for the site tests: warm-ups, PRs, notes with Markdown and hostile
/// content, a hostile exercise name, a `Café`/`CAFE` pair, a run without sets, check-ins, a
/// rating, a pain flag, planned sets, two workouts in the same minute, a week across the new
/// year and one workout after "today".
enum SiteFixture {
    /// The hostile exercise name of R-04.
    static let hostileName = "\"><svg onload=alert(1)>'"
    /// A workout note with raw HTML and a `javascript:` link.
    static let hostileNote = "Felt **strong** <script>alert(1)</script>\n[click](javascript:alert(1)) <img src=x onerror=alert(2)>"

    /// Sunday 2026-11-22: the fixture's "today".
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    /// Monday/Wednesday/Friday plan, weekly target 2, kg.
    static func settings(unit: WeightUnit = .kg, baseURL: String? = nil) -> Settings {
        Settings(
            timezone: "Europe/Berlin", weeklyTarget: 2, unit: unit,
            schedule: Schedule(days: [.monday: "Push", .wednesday: "Pull", .friday: "Legs"]),
            title: "Test Log", author: "Alex", baseURL: baseURL)
    }

    /// A wall time from `YYYY-MM-DD HH:MM:SS` (fixture literals only).
    static func time(_ text: String) -> WallTime { WallTime.parse(text)! }

    /// `(weight, reps)` pairs as normal sets.
    static func sets(_ pairs: [(Double?, Int)], kind: SetKind = .normal) -> [WorkoutSet] {
        pairs.map { WorkoutSet(kind: kind, weightKg: $0.0, reps: $0.1) }
    }

    /// A stored workout from the wkt JSON source with the given blocks.
    static func workout(
        _ id: Int64, _ start: String, _ name: String, notes: String? = nil, activity: String = "strength",
        duration: Int? = 3600, energy: Double? = nil, rating: Int? = nil, checkIns: [CheckIn] = [],
        _ exercises: [ExerciseBlock]
    ) -> StoredWorkout {
        StoredWorkout(id: id, workout: Workout(
            source: .wkt, sourceKey: start, start: time(start), durationSeconds: duration, name: name, notes: notes,
            activity: activity, energyKcal: energy, rating: rating, checkIns: checkIns, exercises: exercises))
    }

    /// The fixture history.
    static var history: WorkoutHistory {
        WorkoutHistory(workouts: [
            workout(10, "2025-12-30 07:00:00", "Push", [
                ExerciseBlock(name: "Bench Press (Barbell)", sets: sets([(70, 5), (70, 5)])),
            ]),
            workout(1, "2026-11-02 07:00:00", "Push", notes: "Felt *good*.\nNext time **82.5**.", [
                ExerciseBlock(name: "Bench Press (Barbell)", sets: sets([(40, 10)], kind: .warmup) + sets([(80, 5), (80, 5), (85, 3)])),
                ExerciseBlock(name: "Overhead Press (Barbell)", sets: sets([(50, 5), (50, 5)])),
            ]),
            workout(2, "2026-11-04 18:30:00", "Pull", notes: hostileNote, rating: 4,
                    checkIns: [CheckIn(name: "knee_pain", value: 1), CheckIn(name: "energy", value: 3)], [
                ExerciseBlock(name: "Deadlift (Barbell)", sets: sets([(140, 5), (150, 3)])),
                ExerciseBlock(name: hostileName, notes: "Hostile <svg onload=alert(3)> note", sets: sets([(20, 12), (22.5, 10)])),
            ]),
            workout(3, "2026-11-06 06:00:00", "Legs", [
                ExerciseBlock(name: "Squat (Barbell)", notes: "Depth _ok_, knees **sore**", painFlag: true, plannedSets: 5,
                              sets: sets([(60, 5)], kind: .warmup) + [WorkoutSet(weightKg: 100, reps: 5, rpe: 8.5, notes: "grindy")]
                                  + sets([(100, 5), (100, 5), (100, 4)])),
                ExerciseBlock(name: "Leg Press", plannedSets: 3, sets: sets([(180, 10), (180, 10), (180, 10)])),
                ExerciseBlock(name: "Café", sets: sets([(10, 10)])),
                ExerciseBlock(name: "CAFE", sets: sets([(12, 10)])),
            ]),
            workout(4, "2026-11-09 07:00:00", "Push", [
                ExerciseBlock(name: "Bench Press (Barbell)", sets: sets([(90, 5), (90, 5), (80, 8)])),
                ExerciseBlock(name: "Pull Up", sets: sets([(nil, 10), (nil, 8)])),
            ]),
            workout(5, "2026-11-11 12:00:00", "Lunch Run", activity: "running", duration: 1800, energy: 320, []),
            workout(6, "2026-11-13 06:00:00", "Legs", [
                ExerciseBlock(name: "Squat (Barbell)", sets: sets([(105, 5), (105, 5)])),
                ExerciseBlock(name: "Plank", sets: [WorkoutSet(seconds: 60), WorkoutSet(seconds: 75)]),
                ExerciseBlock(name: "Treadmill", sets: [WorkoutSet(seconds: 600, distanceM: 1609.34)]),
            ]),
            workout(7, "2026-11-16 07:00:00", "Push", [
                ExerciseBlock(name: "Bench Press (Barbell)", sets: sets([(85, 5), (85, 5)])),
                ExerciseBlock(name: "Band Pull Apart", sets: sets([(nil, 15)], kind: .warmup)),
            ]),
            workout(8, "2026-11-18 06:00:00", "Pull", [
                ExerciseBlock(name: "Deadlift (Barbell)", sets: sets([(150, 5)])),
            ]),
            workout(9, "2026-11-18 06:00:00", "Pull B", [
                ExerciseBlock(name: "Curl \u{202E}lrac", sets: sets([(15, 12)])),
            ]),
            workout(11, "2026-12-01 07:00:00", "Future Push", [
                ExerciseBlock(name: "Bench Press (Barbell)", sets: sets([(200, 1)])),
            ]),
        ])
    }

    /// The input for `today` (default: the fixture's Sunday).
    static func input(today: CivilDate = today, unit: WeightUnit = .kg, baseURL: String? = nil) -> SiteBuildInput {
        SiteBuildInput(history: history, settings: settings(unit: unit), today: today, baseURL: baseURL)
    }

    /// A built site as a path → text dictionary (every file is UTF-8 text).
    static func textFiles(_ files: [OutputFile]) -> [String: String] {
        var result: [String: String] = [:]
        for file in files { result[file.path] = String(decoding: file.bytes, as: UTF8.self) }
        return result
    }

    /// The sorted `path  sha256` listing of a build (docs/reliability.md §3 "golden tree hashes").
    static func listing(_ files: [OutputFile]) -> String {
        files.map { "\($0.path)  \(SHA256.hex($0.bytes))\n" }.joined()
    }
}
