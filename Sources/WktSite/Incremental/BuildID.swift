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
        var digest = InputDigest()
        for stored in history.workouts {
            digest.add(stored.id)
            digest.add(stored.workout)
        }
        let text = "workouts \(history.workouts.count) \(digest.hex)\n" + configuration
        return String(SHA256.hex(text).prefix(length))
    }
}
