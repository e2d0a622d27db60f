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
