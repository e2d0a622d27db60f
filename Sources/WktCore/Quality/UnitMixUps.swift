/// Q4 of docs/statistics.md "Data quality": a run of an exercise's weights that is 2.2046 × (± 2 %)
/// its neighbours, a probable kg/lb mix-up.
///
/// Definitions:
/// - An exercise's **sessions** are the workouts with at least one working set of it with a
///   weight > 0, in walk order; a session's **weight** is its heaviest such set.
/// - A **run** is one or more consecutive sessions whose weights all lie within ± 2 % of
///   2.2046 × the weight of the session just before the run, and also of the session just
///   after it (the run's two **neighbours**; both must exist), or all within ± 2 % of
///   weight ÷ 2.2046 of both neighbours (pounds logged as kilograms, or the other way round).
///   The run is as long as possible: it ends at the first session that is not in that band.
/// - Each session of a run is one finding, naming its heaviest set.
///
/// A run at the very start or end of an exercise's history has one neighbour only and is not
/// reported: with two sessions of 100 and 220 kg nothing says which of them is wrong.
enum UnitMixUps {
    /// One session of one exercise.
    private struct Session {
        let workout: WorkoutReference
        let weight: Double
        let setPosition: Int
    }

    /// Every Q4 finding, unsorted.
    /// - Parameter exerciseSets: ``QualityRules/exerciseSets(of:)`` of each workout of `history`,
    ///   in order, when the caller has them already; nil to make them here.
    static func findings(
        in history: WorkoutHistory, units: DisplayUnits, exerciseSets: [[(name: String, sets: [WorkoutSet])]]? = nil
    ) -> [QualityFinding] {
        var sessions: [String: [Session]] = [:]
        var order: [String] = []
        for (index, stored) in history.workouts.enumerated() {
            for (name, sets) in exerciseSets?[index] ?? QualityRules.exerciseSets(of: stored.workout) {
                var best: (weight: Double, position: Int)?
                for (offset, set) in sets.enumerated() where set.isWorking {
                    guard let weight = set.weightKg, weight > 0, weight.isFinite else { continue }
                    if weight > (best?.weight ?? 0) { best = (weight, offset + 1) }
                }
                guard let best else { continue }
                if sessions[name] == nil { order.append(name) }
                sessions[name, default: []].append(
                    Session(workout: WorkoutReference(stored), weight: best.weight, setPosition: best.position))
            }
        }
        var findings: [QualityFinding] = []
        for name in order {
            for run in runs(sessions[name] ?? []) {
                for session in run.sessions {
                    let text = run.high
                        ? "\(units.weight(session.weight)) is about 2.2046 × the \(units.weight(run.before)) before and "
                            + "\(units.weight(run.after)) after: pounds entered as kilograms?"
                        : "\(units.weight(session.weight)) is about 1/2.2046 of the \(units.weight(run.before)) before and "
                            + "\(units.weight(run.after)) after: kilograms entered as pounds?"
                    findings.append(QualityFinding(
                        rule: .q4, workout: session.workout, exercise: name, set: session.setPosition, explanation: text))
                }
            }
        }
        return findings
    }

    /// Whether `value` lies within ± 2 % of `reference` × `factor`.
    static func matches(_ value: Double, _ reference: Double, factor: Double) -> Bool {
        let target = reference * factor
        return value >= target * (1 - QualityRules.mixUpTolerance) && value <= target * (1 + QualityRules.mixUpTolerance)
    }

    /// The runs of `sessions` (walk order), each with its direction and its neighbours' weights.
    private static func runs(_ sessions: [Session]) -> [(sessions: ArraySlice<Session>, high: Bool, before: Double, after: Double)] {
        var found: [(sessions: ArraySlice<Session>, high: Bool, before: Double, after: Double)] = []
        var start = 1
        while start + 1 < sessions.count {
            let before = sessions[start - 1].weight
            var matched = false
            for factor in [QualityRules.poundsPerKilogram, 1 / QualityRules.poundsPerKilogram] {
                var end = start
                while end < sessions.count, matches(sessions[end].weight, before, factor: factor) { end += 1 }
                guard end > start else { continue }
                matched = true
                // `end` is the first session after the run: the right neighbour, if any.
                if end < sessions.count, sessions[start..<end].allSatisfy({ matches($0.weight, sessions[end].weight, factor: factor) }) {
                    found.append((sessions[start..<end], factor > 1, before, sessions[end].weight))
                }
                // The next run starts after the right neighbour: a session inside this run is about
                // 1 × its predecessor, and the neighbour (back at the normal weight) would only
                // start a run in the other direction made of normal sessions.
                start = end + 1
                break
            }
            if !matched { start += 1 }
        }
        return found
    }
}
