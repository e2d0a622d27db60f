/// Q6 of docs/statistics.md "Data quality": two workouts of different sources overlapping in time
/// that were not merged.
///
/// Intervals are those of ``SyncedDuplicates`` (wall clock, `[start, start + duration)`, a
/// workout without a duration the instant of its start). The history given has the Apple Health
/// copies that rule merges already left out, so every remaining overlap of two sources is a
/// session counted twice, or two sessions logged at impossible times. Each pair is one finding,
/// on the workout that starts later (on equal starts, the later in walk order), naming the other
/// by name and source (not by clock time, which a site with `[publish] hide = ["times"]` hides).
enum OverlappingWorkouts {
    /// Every Q6 finding, unsorted.
    static func findings(in history: WorkoutHistory) -> [QualityFinding] {
        let workouts = history.workouts
        let intervals = workouts.map { SyncedDuplicates.interval(of: $0.workout) }
        // Walk order is start order, so a sweep keeps the workouts that may still overlap.
        var open: [Int] = []
        var findings: [QualityFinding] = []
        for (index, stored) in workouts.enumerated() {
            let mine = intervals[index]
            open.removeAll { intervals[$0].end <= mine.start && intervals[$0].start != mine.start }
            for other in open where workouts[other].workout.source != stored.workout.source {
                guard SyncedDuplicates.overlaps(intervals[other], mine) else { continue }
                let earlier = workouts[other].workout
                findings.append(QualityFinding(
                    rule: .q6, workout: WorkoutReference(stored),
                    explanation: "overlaps \(MessageText.quoted(earlier.name)) from \(earlier.source.rawValue) "
                        + "(this one is from \(stored.workout.source.rawValue)): the same session logged twice?"))
            }
            open.append(index)
        }
        return findings
    }
}
