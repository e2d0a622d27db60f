/// Computes every number of docs/statistics.md in one pass over the history (no I/O, no clock, no zone).
///
/// Rules beyond docs/statistics.md's text, decided here:
/// - Weights and volumes are summed as whole grams (kg × 1000 rounded, an exact integer in a
///   `Double`), so sums do not depend on grouping and ties are exact; every published value is
///   kg with at most 3 decimals. e1RM estimates are rounded to 0.001 kg before comparison.
/// - A workout counts when its training day is on or before `today`; later ones are only counted
///   in ``StatsReport/futureWorkoutsIgnored``. Every counted workout counts in weeks, streaks and the
///   calendar, sets or not.
/// - A set counts only when ``WorkoutSet/isWorking`` (done, not a warm-up). Bodyweight sets (no
///   weight or 0) add reps but no volume; timed and distance sets add neither.
/// - Sets of assisted exercises weigh their effective load (``AssistedLoad``, docs/statistics.md
///   "Assisted exercises") in volume and every record; without a bodyweight, none.
/// - All blocks of one exercise in one workout form one session (session volume sums them).
/// - Within a workout, PR events follow the exercises' first appearance, then
///   ``RecordMetric/allInEventOrder``.
/// - Values of `settings.weeklyTarget` below 1 are treated as 1.
public enum StatsEngine {
    /// Computes the report.
    /// - Parameters:
    ///   - history: all workouts in walk order (``WorkoutHistory`` sorts them).
    ///   - settings: week start, cutoff, weekly target, e1RM formula and schedule.
    ///   - today: the resolved "today" (`--today`, `SOURCE_DATE_EPOCH` or the clock).
    /// - Returns: the report.
    public static func compute(history: WorkoutHistory, settings: Settings, today: CivilDate) -> StatsReport {
        let calendar = TrainingCalendar(settings: settings)
        let formula = settings.e1rmFormula
        let target = max(1, settings.weeklyTarget)
        let assistance = AssistedLoad(timeline: BodyweightTimeline(history: history, settings: settings), overrides: settings.muscles)

        var exerciseIndex: [String: Int] = [:]
        var accumulators: [ExerciseAccumulator] = []
        var infos: [WorkoutInfo] = []
        var future = 0
        var totals = (sets: 0, reps: 0, milli: 0.0)
        infos.reserveCapacity(history.workouts.count)
        // A workout's PR events are gathered in one scratch array kept across workouts (its
        // capacity reused) and stored as an exact-size copy: a new array per workout grew one
        // event at a time. Array reallocations were a fifth of this walk's time (perf, the
        // 10-year demo), these and the accumulators' sessions the largest part of them.
        var workoutEvents: [PREvent] = []

        for stored in history.workouts {
            let workout = stored.workout
            let day = calendar.trainingDay(of: workout)
            guard day <= today else {
                future += 1
                continue
            }
            // Merge the workout's blocks per exercise, in order of first appearance.
            var seen = FirstAppearance(capacity: workout.exercises.count)
            var sessions: [SessionBest] = []
            sessions.reserveCapacity(workout.exercises.count)
            for (blockIndex, block) in workout.exercises.enumerated() {
                let name = CanonicalName.normalize(block.name)
                let (index, isNew) = seen.position(of: name)
                if isNew { sessions.append(SessionBest(name: name)) }
                let assisted = assistance.isAssisted(name)
                for (setIndex, set) in block.sets.enumerated() where set.isWorking {
                    let load = assisted ? assistance.effectiveLoad(assistanceKg: set.weightKg, on: day) : set.weightKg
                    sessions[index].add(set, load: load, at: SetPosition(block: blockIndex, set: setIndex), formula: formula)
                }
            }

            let context = WorkoutContext(stored: stored, day: day, formula: formula)
            workoutEvents.removeAll(keepingCapacity: true)
            var exerciseInfos: [WorkoutExerciseInfo] = []
            exerciseInfos.reserveCapacity(sessions.count)
            var workoutTotals = (sets: 0, reps: 0, milli: 0.0)
            for session in sessions {
                let index: Int
                if let known = exerciseIndex[session.name] {
                    index = known
                } else {
                    index = accumulators.count
                    exerciseIndex[session.name] = index
                    accumulators.append(ExerciseAccumulator(name: session.name))
                }
                accumulators[index].record(session, context: context, events: &workoutEvents)
                exerciseInfos.append(
                    WorkoutExerciseInfo(
                        name: session.name, workingSets: session.workingSets, reps: session.reps,
                        volumeKg: session.volumeMilli / 1000
                    )
                )
                workoutTotals.sets += session.workingSets
                workoutTotals.reps += session.reps
                workoutTotals.milli += session.volumeMilli
            }
            totals.sets += workoutTotals.sets
            totals.reps += workoutTotals.reps
            totals.milli += workoutTotals.milli
            // Kept at an exact size (the scratch array has the capacity of the largest so far).
            var exactEvents: [PREvent] = []
            exactEvents += workoutEvents
            infos.append(
                WorkoutInfo(
                    id: stored.id, name: workout.name, start: workout.start, trainingDay: day,
                    weekStart: calendar.weekStart(of: day), workingSets: workoutTotals.sets,
                    reps: workoutTotals.reps, volumeKg: workoutTotals.milli / 1000,
                    exercises: exerciseInfos, prEvents: exactEvents
                )
            )
        }

        // Every event in walk order, gathered once at an exact size: appending each workout's
        // events as they came left up to half of a doubled array unused (2 MB of the 10-year
        // demo's 11,660 events, kept for the whole build).
        var events: [PREvent] = []
        events.reserveCapacity(infos.reduce(0) { $0 + $1.prEvents.count })
        for info in infos { events += info.prEvents }
        let days = infos.map(\.trainingDay)
        let weeks = weekSeries(infos: infos, calendar: calendar, today: today)
        let weekStreak = Streak.compute(
            qualifying: weeks.indices.filter { weeks[$0].workouts >= target },
            anchor: weeks.count - 1,
            date: { weeks[$0].start }
        )
        let dayStreak = Streak.compute(
            qualifying: Set(days.map(\.dayNumber)).sorted(),
            anchor: today.dayNumber,
            date: { CivilDate(dayNumber: $0) }
        )
        let exercises = accumulators
            .sorted { CanonicalName.precedes($0.name, $1.name) }
            .map(\.stats)

        var report = StatsReport(
            today: today, calendar: calendar, e1rmFormula: formula,
            schedule: settings.effectiveSchedule(stored: history.storedSchedule),
            totals: StatsTotals(
                workouts: infos.count, workingSets: totals.sets, reps: totals.reps,
                volumeKg: totals.milli / 1000, firstDay: days.min(), lastDay: days.max()
            ),
            weeks: weeks,
            streaks: StreakReport(weeklyTarget: target, weeks: weekStreak, days: dayStreak),
            exercises: exercises, prEvents: events, workouts: infos, futureWorkoutsIgnored: future
        )
        // The insights of docs/statistics.md (muscles, bodyweight, goals, …) derive from the
        // report: each is one assignment below, computed by its own pure type.
        report.body = BodyReport(exercises: exercises, timeline: assistance.timeline, settings: settings, today: today)
        report.goals = GoalEngine.compute(goals: settings.goals, exercises: exercises, calendar: calendar, today: today)
        report.muscleSets = MuscleSets.compute(
            report: report, settings: settings, categories: MuscleResolver.latestCategories(history.workouts))
        return report
    }

    /// Weeks from the first workout's week through the week containing today, zero weeks included.
    private static func weekSeries(infos: [WorkoutInfo], calendar: TrainingCalendar, today: CivilDate) -> [WeekStats] {
        guard let firstDay = infos.map(\.trainingDay).min() else { return [] }
        let first = calendar.weekStart(of: firstDay)
        let count = calendar.weeks(from: first, to: today) + 1
        guard count > 0 else { return [] }
        var weeks = (0..<count).map { offset -> WeekStats in
            let start = first.adding(days: 7 * offset)
            return WeekStats(
                start: start, label: calendar.weekKey(weekContaining: start),
                displayLabel: calendar.weekLabel(weekContaining: start)
            )
        }
        var milli = [Double](repeating: 0, count: count)
        for info in infos {
            let index = calendar.weeks(from: first, to: info.trainingDay)
            weeks[index].workouts += 1
            weeks[index].workingSets += info.workingSets
            weeks[index].reps += info.reps
            milli[index] += (info.volumeKg * 1000).rounded()
        }
        for index in weeks.indices { weeks[index].volumeKg = milli[index] / 1000 }
        return weeks
    }
}

/// The workout being walked, for record days and events.
private struct WorkoutContext {
    let stored: StoredWorkout
    let day: CivilDate
    let formula: E1RMFormula
}

/// Grams (kg × 1000, rounded) of a weight, or nil when not positive.
private func milli(_ kg: Double?) -> Double? {
    guard let kg, kg > 0 else { return nil }
    return (kg * 1000).rounded()
}

/// One workout's working sets of one exercise and its best value of every PR metric
/// (indexed like ``RecordMetric/allInEventOrder``), in grams, with the set that reached it first.
///
/// The bests are inline (`InlineArray`), not arrays: two arrays per session cost two heap
/// allocations, and each allocation of an array of these element types looked up the array's
/// generic metadata in the runtime's cache (about 600 instructions): 24,000 of them and 19 M
/// instructions (2 %) of `stats --json` for the 10-year demo (callgrind).
private struct SessionBest {
    /// Heaviest, e1RM, set volume, session volume and rep maxes 1…12
    /// (``RecordMetric/allInEventOrder``; `StatsEngineTests` checks the count).
    static let metricCount = 16
    static let heaviest = 0, e1rm = 1, setVolume = 2, sessionVolume = 3, repMaxBase = 4

    let name: String
    var workingSets = 0
    var reps = 0
    var volumeMilli = 0.0
    var maxReps: Int?
    var best = InlineArray<16, Double?>(repeating: nil)
    var bestSet = InlineArray<16, SetPosition?>(repeating: nil)

    init(name: String) { self.name = name }

    /// The rep maxes 1…12 in kg without the nils at the end (``ExerciseSession/repMaxesKg``):
    /// one small array per session, none for a session without weighted sets (12 optionals per
    /// session were 2.8 MB of the 10-year demo's 11,868 sessions).
    var repMaxesKg: [Double?] {
        var last = SessionBest.metricCount - 1
        while last >= SessionBest.repMaxBase, best[last] == nil { last -= 1 }
        guard last >= SessionBest.repMaxBase else { return [] }
        var kept: [Double?] = []
        kept.reserveCapacity(last - SessionBest.repMaxBase + 1)
        for index in SessionBest.repMaxBase...last { kept.append(best[index].map { $0 / 1000 }) }
        return kept
    }

    /// Adds one working set found at `position` of the workout; `load` is its weight for the
    /// statistics (the logged weight, or an assisted set's effective load).
    mutating func add(_ set: WorkoutSet, load: Double?, at position: SetPosition, formula: E1RMFormula) {
        workingSets += 1
        let setReps = max(set.reps ?? 0, 0)
        reps += setReps
        if setReps >= 1 { maxReps = max(maxReps ?? 0, setReps) }
        guard setReps >= 1, let weight = milli(load) else { return }
        let volume = weight * Double(setReps)
        volumeMilli += volume
        raise(SessionBest.heaviest, to: weight, at: position)
        raise(SessionBest.setVolume, to: volume, at: position)
        raise(SessionBest.sessionVolume, to: volumeMilli, at: nil)
        if let e1rm = formula.estimate(weightKg: weight / 1000, reps: setReps) {
            raise(SessionBest.e1rm, to: (e1rm * 1000).rounded(), at: position)
        }
        for n in 1...min(setReps, 12) { raise(SessionBest.repMaxBase + n - 1, to: weight, at: position) }
    }

    /// Keeps `value` when it beats the best so far; an equal later value keeps the earlier set.
    private mutating func raise(_ index: Int, to value: Double, at position: SetPosition?) {
        if let current = best[index], current >= value { return }
        best[index] = value
        bestSet[index] = position
    }
}

/// An exercise's running aggregates and records during the walk.
private struct ExerciseAccumulator {
    let name: String
    var workouts = 0
    var workingSets = 0
    var reps = 0
    var volumeMilli = 0.0
    var best = [RecordValue?](repeating: nil, count: SessionBest.metricCount)
    var maxReps: RepsRecord?
    var sessions: [ExerciseSession] = []

    init(name: String) { self.name = name }

    /// Folds one workout's session in; appends PR events (strictly greater than every earlier
    /// workout's best; a metric with no earlier value sets its baseline silently).
    mutating func record(_ session: SessionBest, context: WorkoutContext, events: inout [PREvent]) {
        let id = context.stored.id
        if session.workingSets > 0 {
            workouts += 1
            workingSets += session.workingSets
            reps += session.reps
            volumeMilli += session.volumeMilli
            sessions.append(
                ExerciseSession(
                    workoutID: id, day: context.day, workingSets: session.workingSets, reps: session.reps,
                    volumeKg: session.volumeMilli / 1000,
                    heaviestKg: session.best[SessionBest.heaviest].map { $0 / 1000 },
                    e1rmKg: session.best[SessionBest.e1rm].map { $0 / 1000 },
                    repMaxesKg: session.repMaxesKg
                )
            )
        }
        for (index, metric) in RecordMetric.allInEventOrder.enumerated() {
            guard let value = session.best[index] else { continue }
            let reached = RecordValue(value / 1000, day: context.day, workoutID: id)
            guard let previous = best[index] else {
                best[index] = reached
                continue
            }
            let previousMilli = (previous.value * 1000).rounded()
            guard value > previousMilli else { continue }
            events.append(
                PREvent(
                    day: context.day, workoutID: id, workoutName: context.stored.workout.name,
                    workoutStart: context.stored.workout.start, exercise: name, metric: metric,
                    valueKg: reached.value, previousKg: previous.value, formula: context.formula,
                    set: session.bestSet[index]
                )
            )
            best[index] = reached
        }
        if let sessionMax = session.maxReps, sessionMax > (maxReps?.value ?? 0) {
            maxReps = RepsRecord(sessionMax, day: context.day, workoutID: id)
        }
    }

    var stats: ExerciseStats {
        // An exact-size copy of the sessions: the array grew one session at a time.
        var sessions: [ExerciseSession] = []
        sessions += self.sessions
        return ExerciseStats(
            name: name, workouts: workouts, workingSets: workingSets, reps: reps, volumeKg: volumeMilli / 1000,
            records: ExerciseRecords(
                heaviest: best[SessionBest.heaviest], e1rm: best[SessionBest.e1rm],
                bestSetVolume: best[SessionBest.setVolume], bestSessionVolume: best[SessionBest.sessionVolume],
                maxReps: maxReps, repMaxes: Array(best[SessionBest.repMaxBase...])
            ),
            sessions: sessions
        )
    }
}
