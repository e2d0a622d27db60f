/// The rules of docs/statistics.md "Data quality" (Q1–Q7) over a history. Pure: no I/O, no clock.
///
/// The history is the one the statistics read: Apple Health copies already counted once
/// (``SyncedDuplicates``) and `[[ignore]]` entries already applied (``IgnoreList``), so a set
/// the user has excluded is no longer reported and never serves as a "previous best".
public enum QualityRules {
    /// Q1: more reps than this on a set with a weight > 0.
    public static let maxLoadedReps = 100
    /// Q1: more reps than this on any set.
    public static let maxReps = 300
    /// Q2: a weight above this factor of the previous best heaviest…
    public static let jumpFactor = 2.5
    /// Q2: …and above this many kilograms.
    public static let jumpMinimumKg = 40.0
    /// Q3: durations above this (6 h) are implausible.
    public static let maxDurationSeconds = 6 * 3600
    /// Q4: pounds per kilogram, the factor a kg/lb mix-up multiplies weights by.
    public static let poundsPerKilogram = 2.2046
    /// Q4: the tolerance around that factor (± 2 %).
    public static let mixUpTolerance = 0.02

    /// Every finding of Q1–Q7, in ``QualityFinding/precedes(_:_:)`` order.
    /// - Parameters:
    ///   - history: the history statistics read.
    ///   - calendar: the training calendar (Q7 compares training days with `today`).
    ///   - today: the resolved today.
    ///   - units: how weights are written in explanations.
    public static func findings(
        in history: WorkoutHistory, calendar: TrainingCalendar, today: CivilDate, units: DisplayUnits
    ) -> [QualityFinding] {
        var findings: [QualityFinding] = []
        var bestHeaviest: [String: Double] = [:]
        // Each workout's exercises with their sets (``exerciseSets(of:)``), made once here and
        // read again by Q4 and Q5: each of them grouped and normalized every block's name anew.
        var grouped: [[(name: String, sets: [WorkoutSet])]] = []
        grouped.reserveCapacity(history.workouts.count)
        for stored in history.workouts {
            let reference = WorkoutReference(stored)
            let workout = stored.workout
            if let seconds = workout.durationSeconds, seconds <= 0 || seconds > maxDurationSeconds {
                let text = seconds <= 0
                    ? "the duration is \(seconds) s: a workout takes some time"
                    : "the duration is \(hoursText(seconds)), more than 6 h (a timer left running?)"
                findings.append(QualityFinding(rule: .q3, workout: reference, explanation: text))
            }
            if calendar.trainingDay(of: workout) > today {
                findings.append(QualityFinding(
                    rule: .q7, workout: reference,
                    explanation: "dated after today; no statistic counts it until its day comes"))
            }
            // Each exercise once per workout (exerciseSets merges its blocks): its best before
            // this workout is looked up once, not per set, and this workout's heaviest working
            // set joins the bests only after the whole workout is checked.
            var sessionHeaviest: [(name: String, weight: Double)] = []
            let exercises = exerciseSets(of: workout)
            grouped.append(exercises)
            for (name, sets) in exercises {
                let best = bestHeaviest[name]
                var heaviest: Double?
                for (offset, set) in sets.enumerated() {
                    let position = offset + 1
                    if let finding = repsFinding(set, workout: reference, exercise: name, position: position, units: units) {
                        findings.append(finding)
                    }
                    guard let weight = set.weightKg, weight > 0, weight.isFinite else { continue }
                    if let best, weight > jumpFactor * best, weight > jumpMinimumKg {
                        findings.append(QualityFinding(
                            rule: .q2, workout: reference, exercise: name, set: position,
                            explanation: "\(units.weight(weight)) is more than 2.5 × the previous best of "
                                + "\(units.weight(best)) (a typo, or the wrong unit?)"))
                    }
                    if set.isWorking { heaviest = max(heaviest ?? 0, weight) }
                }
                if let heaviest { sessionHeaviest.append((name, heaviest)) }
            }
            for (name, weight) in sessionHeaviest { bestHeaviest[name] = max(bestHeaviest[name] ?? 0, weight) }
        }
        findings += UnitMixUps.findings(in: history, units: units, exerciseSets: grouped)
        findings += SimilarNames.findings(in: history, exerciseSets: grouped)
        findings += OverlappingWorkouts.findings(in: history)
        return findings.sorted(by: QualityFinding.precedes)
    }

    /// The exercises of a workout in order of first appearance, each with all its sets in logging
    /// order across its blocks: the numbering of a finding's and an `[[ignore]]` entry's `set`.
    public static func exerciseSets(of workout: Workout) -> [(name: String, sets: [WorkoutSet])] {
        var seen = FirstAppearance(capacity: workout.exercises.count)
        var result: [(name: String, sets: [WorkoutSet])] = []
        result.reserveCapacity(workout.exercises.count)
        for block in workout.exercises {
            let name = CanonicalName.normalize(block.name)
            let (position, isNew) = seen.position(of: name)
            if isNew {
                result.append((name, block.sets))
            } else {
                result[position].sets += block.sets
            }
        }
        return result
    }

    /// Q1 for one set.
    static func repsFinding(
        _ set: WorkoutSet, workout: WorkoutReference, exercise: String, position: Int, units: DisplayUnits
    ) -> QualityFinding? {
        guard let reps = set.reps else { return nil }
        let weight = set.weightKg ?? 0
        let text: String
        if reps > maxReps {
            text = "\(DecimalFormat.grouped(Double(reps))) reps in one set (more than 300)"
        } else if reps > maxLoadedReps, weight > 0 {
            text = "\(DecimalFormat.grouped(Double(reps))) reps with \(units.weight(weight)) (more than 100 with a weight)"
        } else {
            return nil
        }
        return QualityFinding(rule: .q1, workout: workout, exercise: exercise, set: position, explanation: text)
    }

    /// `7.5 h` for 27,000 s.
    static func hoursText(_ seconds: Int) -> String {
        DecimalFormat.grouped(Double(seconds) / 3600, decimals: 1, minDecimals: 0) + " h"
    }
}
