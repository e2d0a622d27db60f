import Foundation
import WktCore

/// Naive wall times (Strong, Hevy, FitNotes, StrongLifts) that do not exist in the configured zone
/// (docs/reliability.md T-07).
///
/// A start of 02:30 on the day the clocks jump from 02:00 to 03:00 names no instant. It is kept,
/// never dropped, and read as 03:30 (moved forward by the gap, see ``LocalTime``), with a warning
/// naming the line. The workout's identity stays the time as written, so importing the file again
/// finds the same workout. An ambiguous time (the hour the clocks go back) is a real wall time and
/// is kept as written; wherever an instant is needed it means the first occurrence (T-08).
enum NaiveTimes {
    /// `drafts` of `source` with every naive start (no UTC offset) that falls in a gap of
    /// `zoneName` moved forward, and one warning per moved workout. An unknown zone name changes
    /// nothing (the config loader has refused it).
    static func resolveGaps(
        _ drafts: [WorkoutDraft], source: WorkoutSource, zoneName: String
    ) -> (drafts: [WorkoutDraft], warnings: [WorkoutWarning]) {
        guard let zone = TimeZone(identifier: zoneName) else { return (drafts, []) }
        var warnings: [WorkoutWarning] = []
        var resolved = drafts
        for index in resolved.indices where resolved[index].utcOffsetSeconds == nil {
            let start = resolved[index].start
            guard case .gap(let shifted, _, let gap) = LocalTime.resolve(start, in: zone) else { continue }
            resolved[index].start = shifted
            warnings.append(WorkoutWarning(
                workout: WorkoutIdentity(source: source, sourceKey: resolved[index].key),
                message: "line \(resolved[index].line): workout \(start) does not exist in \(zoneName) (the clocks "
                    + "skipped \(TimeText.durationLabel(gap)) that night); kept, starting at \(shifted)"))
        }
        return (resolved, warnings)
    }

    /// The same for the workouts of a wkt JSON file: only starts written without an offset are
    /// naive; the warning names the value's JSON path.
    static func resolveGaps(_ workouts: [Workout], zoneName: String) -> (workouts: [Workout], warnings: [WorkoutWarning]) {
        guard let zone = TimeZone(identifier: zoneName) else { return (workouts, []) }
        var warnings: [WorkoutWarning] = []
        var resolved = workouts
        for index in resolved.indices where resolved[index].utcOffsetSeconds == nil {
            let start = resolved[index].start
            guard case .gap(let shifted, _, let gap) = LocalTime.resolve(start, in: zone) else { continue }
            resolved[index].start = shifted
            warnings.append(WorkoutWarning(
                workout: WorkoutIdentity(of: resolved[index]),
                message: "$.workouts[\(index)].start: \(start.iso8601) does not exist in \(zoneName) (the clocks "
                    + "skipped \(TimeText.durationLabel(gap)) that night); kept, starting at \(shifted.iso8601)"))
        }
        return (resolved, warnings)
    }
}
