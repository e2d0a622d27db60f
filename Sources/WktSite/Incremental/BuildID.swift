import WktCore

/// The build ID written to `<meta name="wkt-build">` (docs/reliability.md P3, C-07): a hash of
/// the inputs, never a random value.
///
/// It covers every stored workout (all fields, in walk order) and the build's configuration
/// (``BuildFingerprint/configuration(storedSchedule:)``: settings, schedule in force, base URL,
/// templates). It deliberately leaves out "today": the pages that do not depend on the day
/// (workouts, exercises, records) must stay byte-identical when only the day changes (T-15),
/// and the pages that do (dashboard, history, `stats.json`) differ by their content anyway.
enum BuildID {
    /// Hex digits in the ID.
    static let length = 16

    /// The ID for one build.
    static func compute(history: WorkoutHistory, configuration: String) -> String {
        compute(workouts: workoutsLine(history), configuration: configuration)
    }

    /// The ID from ``workoutsLine(_:)`` and the configuration: the workouts' digest, the long
    /// part, can be made before the configuration is known (``SiteRender`` makes it beside the
    /// statistics, whose derived goals the configuration includes).
    static func compute(workouts line: String, configuration: String) -> String {
        String(SHA256.hex(line + configuration).prefix(length))
    }

    /// `workouts COUNT DIGEST` and a line break, over every stored workout (id and all fields).
    static func workoutsLine(_ history: WorkoutHistory) -> String {
        var digest = InputDigest()
        for stored in history.workouts {
            digest.add(stored.id)
            digest.add(stored.workout)
        }
        return "workouts \(history.workouts.count) \(digest.hex)\n"
    }
}

/// Each stored workout's own ``InputDigest`` (every field, as ``BuildID/workoutsLine(_:)``
/// feeds it), by position in the history, with the workout's store ID.
///
/// ``PageKeys`` starts every workout's digest with it. It is made beside the statistics, with
/// the build ID's workout line, on the core whose side of that pair was the shorter one
/// (callgrind of a one-workout rebuild of the 10-year demo: data quality and the line 102
/// million instructions, the statistics 124 million); hashing the workouts again in the page
/// keys took 20 million instructions after the pair.
///
/// The workout line still hashes every workout itself instead of folding these digests: folding
/// them would give every page of every site another build ID once, and that side of the pair
/// ends before the statistics anyway (`perf`), so the second hash costs no wall time.
struct StoredWorkoutDigests: Sendable {
    /// The store ID of the workout at each position.
    private let ids: [Int64]
    /// The digest of the workout at each position.
    private let values: [UInt64]

    /// The digests of every workout of `history`.
    init(_ history: WorkoutHistory) {
        ids = history.workouts.map(\.id)
        values = history.workouts.map { Self.digest(of: $0.workout) }
    }

    /// The digest of one workout on its own.
    static func digest(of workout: Workout) -> UInt64 {
        var digest = InputDigest()
        digest.add(workout)
        return digest.value
    }

    /// The digest of `entry`'s workout: the one made for its position when the workout there has
    /// its store ID, else computed now (both give the same value for the same workout). The site
    /// model and these digests are made from the same history (``SiteRender``); the ID check
    /// keeps a digest of another history's workout out of a key all the same.
    func digest(of entry: WorkoutEntry) -> UInt64 {
        let position = entry.storedIndex
        guard ids.indices.contains(position), ids[position] == entry.info.id else { return Self.digest(of: entry.workout) }
        return values[position]
    }
}
