/// Apple Health copies of workouts that another app also logged (docs/formats.md §4.3: when Strong or
/// Hevy sync to Health, the same session appears in both sources).
///
/// Rule: an Apple Health workout **without sets** whose wall-clock interval overlaps the interval
/// of a workout from any other source is that workout's copy: it is left out, so the session is
/// counted once, and its sets (which only the other source has) are never merged. Intervals are
/// `[start, start + duration]` on the wall clock, because both sources log local wall time (a
/// Health start is already the wall time in its own offset); a workout without a duration is
/// the single instant of its start. Intervals are half-open, so touching ones do not overlap.
public enum SyncedDuplicates {
    /// The history without Apple Health copies, and how many were left out. Everything else the
    /// history holds (the stored schedule, the bodyweight measurements, whether starts carry a
    /// time of day) stays as it is, and the workouts keep their order.
    public static func removingHealthCopies(from history: WorkoutHistory) -> (history: WorkoutHistory, removed: Int) {
        let others = history.workouts.lazy.filter { $0.workout.source != .appleHealth }.map { interval(of: $0.workout) }
            .sorted { $0.start < $1.start }
        guard !others.isEmpty else { return (history, 0) }
        let longest = others.map { $0.end - $0.start }.max() ?? 0
        // The copies first: without any (the common case) the history is returned as it is.
        var copies: Set<Int> = []
        for (index, stored) in history.workouts.enumerated() {
            let workout = stored.workout
            guard workout.source == .appleHealth, workout.exercises.allSatisfy({ $0.sets.isEmpty }) else { continue }
            if overlapsAny(interval(of: workout), sortedOthers: others, longest: longest) { copies.insert(index) }
        }
        guard !copies.isEmpty else { return (history, 0) }
        var kept = history
        kept.workouts = history.workouts.indices.filter { !copies.contains($0) }.map { history.workouts[$0] }
        return (kept, copies.count)
    }

    /// Seconds on a continuous wall-clock axis (calendar days × 86,400 + second of the day). This
    /// only orders and compares local clock readings; no day is ever derived from it.
    static func interval(of workout: Workout) -> (start: Int, end: Int) {
        let start = workout.start.date.dayNumber * 86_400 + workout.start.secondOfDay
        return (start, start + max(0, workout.durationSeconds ?? 0))
    }

    /// Whether `mine` overlaps any of `sortedOthers` (sorted by start; `longest` is the longest of them).
    private static func overlapsAny(_ mine: (start: Int, end: Int), sortedOthers: [(start: Int, end: Int)], longest: Int) -> Bool {
        // Candidates start no earlier than `mine.start - longest` and no later than `mine.end`.
        var low = 0
        var high = sortedOthers.count
        while low < high {
            let mid = (low + high) / 2
            if sortedOthers[mid].start < mine.start - longest { low = mid + 1 } else { high = mid }
        }
        var index = low
        while index < sortedOthers.count, sortedOthers[index].start <= mine.end {
            let other = sortedOthers[index]
            if overlaps(mine, other) { return true }
            index += 1
        }
        return false
    }

    /// Half-open intervals `[start, end)`; a workout without a duration is the instant `start`.
    static func overlaps(_ a: (start: Int, end: Int), _ b: (start: Int, end: Int)) -> Bool {
        func contains(_ i: (start: Int, end: Int), _ t: Int) -> Bool { i.start <= t && t < i.end }
        switch (a.start == a.end, b.start == b.end) {
        case (true, true): return a.start == b.start
        case (true, false): return contains(b, a.start)
        case (false, true): return contains(a, b.start)
        case (false, false): return a.start < b.end && b.start < a.end
        }
    }
}
