import WktCore

/// What the lifter can do in one session: the inputs of every set prescription.
struct SessionContext: Sendable {
    /// Training level 0…1 (``Load/level(trainingWeeks:)``).
    let level: Double
    /// Strength lost to a recent layoff (0…0.2), shrinking week by week.
    let penalty: Double
    /// Meso-cycle wave factor (0.94 … 1.02), 1 for 5/3/1.
    let wave: Double
    /// Day-to-day form (0.97 … 1.03).
    let form: Double
    /// A deload week: lighter weights, fewer sets, no drop or failure sets.
    let deload: Bool
    /// Whether this session's log carries RPE.
    let logsRPE: Bool
    /// Week within the meso-cycle (5/3/1: 0 = 5s, 1 = 3s, 2 = 5/3/1, 3 = deload).
    let cycleWeek: Int

    /// Estimated 1RM (or max reps, hold seconds) for `spec` today, before wave and deload.
    func raw(_ spec: ExerciseSpec) -> Double { spec.ability(at: level) * (1 - penalty) * form }

    /// Estimated 1RM for `spec` as programmed this week (wave or deload applied).
    func programmed(_ spec: ExerciseSpec) -> Double { raw(spec) * (deload ? 0.85 : wave) }
}

/// Turns a slot's scheme into the sets of one block.
struct SetPrescriber {
    /// The content random stream (borrowed from the generator for one block).
    var rng: DemoRandom

    /// Sets for `spec` under `scheme` today.
    mutating func sets(for spec: ExerciseSpec, scheme: Scheme, context: SessionContext) -> [WorkoutSet] {
        switch spec.equipment {
        case .timed: return holds(spec, count: setCount(scheme), context)
        case .cardio: return [cardio(spec, scheme, context)]
        case .bodyweight: return bodyweight(spec, scheme, context)
        case .barbell, .dumbbell, .kettlebell, .cable, .machine:
            let working = loaded(spec, scheme, context)
            return warmups(for: spec, before: working) + working
        }
    }

    /// How many sets a scheme asks for (used for holds and reps-only movements).
    private func setCount(_ scheme: Scheme) -> Int {
        switch scheme {
        case .straight(let sets, _, _), .accessory(let sets, _), .hold(let sets): sets
        case .topBackoff(_, let backoffSets, _): backoffSets + 1
        case .wave531: 5
        case .cardio: 1
        }
    }

    /// RPE rounded to a half point in 6…10, or nil when this session logs none.
    private func rpe(_ value: Double, _ context: SessionContext) -> Double? {
        guard context.logsRPE else { return nil }
        return (min(10, max(6, value)) * 2).rounded() / 2
    }

    /// Reps for set `index` of a run that starts at `reps`: later sets sometimes lose a rep.
    private mutating func fatigued(_ reps: inout Int, index: Int, chance: Double) {
        if index > 0, rng.chance(chance) { reps = max(1, reps - 1) }
    }

    // MARK: Loaded equipment

    private mutating func loaded(_ spec: ExerciseSpec, _ scheme: Scheme, _ context: SessionContext) -> [WorkoutSet] {
        let equipment = spec.equipment
        let e1 = context.programmed(spec)
        var sets: [WorkoutSet] = []
        switch scheme {
        case .straight(let count, let reps, let rir):
            let weight = Load.nearest(Load.forReps(reps + rir, oneRepMax: e1), on: equipment)
            var done = reps
            for index in 0..<(context.deload ? max(1, count - 1) : count) {
                fatigued(&done, index: index, chance: 0.12)
                let effort = Double(10 - rir) + (done < reps ? 1 : 0) + (index == count - 1 ? 0.5 : 0)
                sets.append(WorkoutSet(weightKg: weight, reps: done, rpe: rpe(context.deload ? 6.5 : effort, context)))
            }
        case .topBackoff(let topReps, let backoffSets, let backoffReps):
            let top = Load.nearest(Load.forReps(topReps + 1, oneRepMax: e1), on: equipment)
            let backoff = min(top, Load.nearest(Load.forReps(backoffReps + 3, oneRepMax: e1), on: equipment))
            if !context.deload {
                sets.append(WorkoutSet(weightKg: top, reps: topReps, rpe: rpe(rng.chance(0.5) ? 9 : 8.5, context)))
            }
            var done = backoffReps
            for index in 0..<(context.deload ? 2 : backoffSets) {
                fatigued(&done, index: index, chance: 0.15)
                sets.append(WorkoutSet(weightKg: backoff, reps: done, rpe: rpe(context.deload ? 6 : 7 + Double(index) * 0.5, context)))
            }
        case .wave531(let bbb):
            sets = fiveThreeOne(spec, bbb: bbb, context)
        case .accessory(let count, let range):
            sets = accessory(spec, count: count, range: range, e1: e1, context)
        case .hold(let count):
            sets = accessory(spec, count: count, range: 10...12, e1: e1, context)
        case .cardio:
            sets = accessory(spec, count: 3, range: 10...15, e1: e1, context)
        }
        return sets
    }

    /// Wendler's percentages of a training max of 90 % of the estimated 1RM; the last set of the
    /// 5s, 3s and 5/3/1 weeks is "as many reps as possible".
    private mutating func fiveThreeOne(_ spec: ExerciseSpec, bbb: Bool, _ context: SessionContext) -> [WorkoutSet] {
        let e1 = context.raw(spec)
        let trainingMax = 0.9 * e1
        let week = context.cycleWeek % 4
        let percentages: [[Double]] = [[0.65, 0.75, 0.85], [0.70, 0.80, 0.90], [0.75, 0.85, 0.95], [0.40, 0.50, 0.60]]
        let repsByWeek = [[5, 5, 5], [3, 3, 3], [5, 3, 1], [5, 5, 5]]
        var sets: [WorkoutSet] = []
        for index in 0..<3 {
            let weight = Load.below(trainingMax * percentages[week][index], on: spec.equipment)
                ?? spec.equipment.minimumKg
            let planned = repsByWeek[week][index]
            if index == 2, week < 3 {
                let possible = Load.maxReps(weight: weight, oneRepMax: e1)
                if rng.chance(0.12) {
                    sets.append(WorkoutSet(kind: .failure, weightKg: weight, reps: max(planned, possible), rpe: rpe(10, context)))
                } else {
                    let reps = max(planned, min(planned + 10, possible - rng.int(in: 1...2)))
                    sets.append(WorkoutSet(weightKg: weight, reps: reps, rpe: rpe(rng.chance(0.5) ? 9 : 9.5, context)))
                }
            } else {
                sets.append(WorkoutSet(weightKg: weight, reps: planned))
            }
        }
        if bbb, week < 3 {
            let weight = Load.below(trainingMax * 0.5, on: spec.equipment) ?? spec.equipment.minimumKg
            var reps = 10
            for index in 0..<5 {
                fatigued(&reps, index: index, chance: index >= 3 ? 0.2 : 0)
                sets.append(WorkoutSet(weightKg: weight, reps: reps))
            }
        }
        return sets
    }

    /// Hypertrophy sets with an occasional failure set or drop set at the end.
    private mutating func accessory(
        _ spec: ExerciseSpec, count: Int, range: ClosedRange<Int>, e1: Double, _ context: SessionContext
    ) -> [WorkoutSet] {
        let equipment = spec.equipment
        let target = rng.int(in: range)
        let weight = Load.nearest(Load.forReps(target + 2, oneRepMax: e1), on: equipment)
        let total = context.deload ? max(1, count - 1) : count
        var reps = target
        var sets: [WorkoutSet] = []
        for index in 0..<total {
            fatigued(&reps, index: index, chance: 0.25)
            let last = index == total - 1
            if last, !context.deload, rng.chance(0.08) {
                let possible = max(reps, Load.maxReps(weight: weight, oneRepMax: e1))
                sets.append(WorkoutSet(kind: .failure, weightKg: weight, reps: possible, rpe: rpe(10, context)))
                continue
            }
            sets.append(WorkoutSet(weightKg: weight, reps: reps))
            let droppable = equipment == .cable || equipment == .machine || equipment == .dumbbell
            if last, !context.deload, droppable, rng.chance(0.1) {
                var previous = weight
                for _ in 0..<rng.int(in: 1...2) {
                    guard let dropped = Load.below(previous * 0.75, on: equipment), dropped < previous else { break }
                    sets.append(WorkoutSet(kind: .drop, weightKg: dropped, reps: target + rng.int(in: 0...3)))
                    previous = dropped
                }
            }
        }
        return sets
    }

    /// Warm-up sets before the first working set: a ladder for barbell lifts (always for the main
    /// lifts, often for the others), one lighter set for some heavy machine and dumbbell work.
    private mutating func warmups(for spec: ExerciseSpec, before working: [WorkoutSet]) -> [WorkoutSet] {
        guard let first = working.first?.weightKg else { return [] }
        switch spec.equipment {
        case .barbell:
            let startsWithBar = spec.pattern != .deadlift && spec.pattern != .hamstring && spec.pattern != .traps
            let ladder = SetPrescriber.ladder(below: first, startsWithBar: startsWithBar)
            if spec.pattern.isMainLift { return ladder }
            guard !ladder.isEmpty, rng.chance(0.5) else { return [] }
            return Array(ladder.suffix(rng.int(in: 1...2)))
        case .machine, .cable, .dumbbell:
            guard first >= 20, rng.chance(0.2), let light = Load.below(first * 0.5, on: spec.equipment),
                  light < first
            else { return [] }
            return [WorkoutSet(kind: .warmup, weightKg: light, reps: 12)]
        case .kettlebell, .bodyweight, .timed, .cardio:
            return []
        }
    }

    /// The barbell warm-up ladder for a first working weight: the empty bar for 10, then two to
    /// four plate jumps for 5, 3, 2 and 1 reps, each strictly lighter than the working weight.
    static func ladder(below working: Double, startsWithBar: Bool) -> [WorkoutSet] {
        guard working > 22.5 else { return [] }
        let fractions: [Double] = switch working {
        case ..<50: [0.6]
        case ..<100: [0.5, 0.75]
        case ..<160: [0.4, 0.6, 0.8]
        default: [0.4, 0.55, 0.7, 0.85]
        }
        let reps = [5, 3, 2, 1]
        var sets: [WorkoutSet] = startsWithBar ? [WorkoutSet(kind: .warmup, weightKg: 20, reps: 10)] : []
        for (index, fraction) in fractions.enumerated() {
            let previous = sets.last?.weightKg ?? 0
            guard let weight = Load.below(working * fraction, on: .barbell), (previous < weight) && (weight < working)
            else { continue }
            sets.append(WorkoutSet(kind: .warmup, weightKg: weight, reps: reps[index]))
        }
        return sets
    }

    // MARK: Bodyweight, holds, cardio

    /// Reps-only sets; pull-ups and dips in strength work carry added weight once the lifter is
    /// strong enough.
    private mutating func bodyweight(_ spec: ExerciseSpec, _ scheme: Scheme, _ context: SessionContext) -> [WorkoutSet] {
        let best = max(1, context.raw(spec))
        if case .straight(let count, let reps, let rir) = scheme, spec.takesAddedWeight, !context.deload {
            let total = Load.bodyweightKg * (1 + best / 30)
            if let added = Load.below(Load.forReps(reps + rir, oneRepMax: total) - Load.bodyweightKg, on: .bodyweight) {
                var done = reps
                return (0..<count).map { index in
                    fatigued(&done, index: index, chance: 0.15)
                    return WorkoutSet(weightKg: added, reps: done, rpe: rpe(Double(10 - rir) + (done < reps ? 1 : 0), context))
                }
            }
        }
        let count = context.deload ? max(1, setCount(scheme) - 1) : setCount(scheme)
        var reps = max(1, Int((best * (context.deload ? 0.7 : 1) - 2).rounded()))
        var sets: [WorkoutSet] = []
        for index in 0..<count {
            fatigued(&reps, index: index, chance: 0.35)
            if index == count - 1, !context.deload, rng.chance(0.15) {
                sets.append(WorkoutSet(kind: .failure, reps: max(reps, Int(best.rounded())), rpe: rpe(10, context)))
            } else {
                sets.append(WorkoutSet(reps: reps))
            }
        }
        return sets
    }

    /// Timed holds in whole 5-second steps.
    private mutating func holds(_ spec: ExerciseSpec, count: Int, _ context: SessionContext) -> [WorkoutSet] {
        let best = context.raw(spec) * (context.deload ? 0.7 : 1)
        return (0..<(context.deload ? max(1, count - 1) : count)).map { _ in
            let seconds = max(10, (best * rng.double(0.75, 1.0) / 5).rounded() * 5)
            return WorkoutSet(seconds: seconds)
        }
    }

    /// One cardio bout: whole seconds and a distance in 10 m steps from today's pace.
    private mutating func cardio(_ spec: ExerciseSpec, _ scheme: Scheme, _ context: SessionContext) -> WorkoutSet {
        let minutes: Int
        if case .cardio(let range) = scheme { minutes = rng.int(in: range) } else { minutes = rng.int(in: 5...10) }
        let seconds = minutes * 60 + rng.int(in: 0...59)
        let pace = spec.ability(at: context.level) * (1 + context.penalty) / context.form * rng.double(0.97, 1.05)
        let metres = (Double(seconds) / pace * 100).rounded() * 10
        return WorkoutSet(seconds: Double(seconds), distanceM: metres)
    }
}
