import WktCore

/// The demo lifter's body: weekly bodyweight measurements and the assisted pull-ups and dips of
/// the first months (docs/formats.md §10).
///
/// Deterministic like the rest of the demo: only basic IEEE arithmetic and the demo's own
/// random stream, so the same options give the same measurements on every platform.
enum DemoBody {
    /// The lifter's weight on the first day, in kg.
    static let startKg = 74.0
    /// Where the weight settles after the first two years, in kg.
    static let settledKg = 81.0
    /// Days over which the weight climbs from ``startKg`` to ``settledKg``.
    static let gainDays = 730.0
    /// Days over which assisted variations turn into the real movements.
    static let assistedDays = 240

    /// One measurement a week (the lifter weighs in on Monday mornings and forgets about one
    /// week in ten) from the first Monday on or after `startDay` to `endDay`: a climb of 7 kg
    /// over two years, then a gentle yearly wave of ±1 kg (heavier in winter), day-to-day noise
    /// of ±0.6 kg, rounded to 0.1 kg like a bathroom scale. Source `demo`.
    static func measurements(startDay: Int, endDay: Int, rng: inout DemoRandom) -> [BodyMeasurement] {
        var result: [BodyMeasurement] = []
        var day = startDay
        while CivilDate(dayNumber: day).weekday != .monday { day += 1 }
        while day <= endDay {
            let forgotten = rng.chance(0.1)
            let noise = rng.double(-0.6, 0.6)
            if !forgotten {
                let elapsed = Double(day - startDay)
                let climb = min(1, elapsed / gainDays)
                let kg = startKg + (settledKg - startKg) * climb + wave(dayOfYear: dayOfYear(day)) + noise
                result.append(BodyMeasurement(
                    day: CivilDate(dayNumber: day), weightKg: (kg * 10).rounded() / 10,
                    source: WorkoutSource.demo.rawValue))
            }
            day += 7
        }
        return result
    }

    /// A triangle wave over the year, +1 kg in early January, −1 kg in early July.
    static func wave(dayOfYear: Int) -> Double {
        let phase = Double(dayOfYear) / 365.0  // 0 … 1
        return phase < 0.5 ? 1 - 4 * phase : -3 + 4 * phase
    }

    /// 0 for 1 January.
    private static func dayOfYear(_ day: Int) -> Int {
        let date = CivilDate(dayNumber: day)
        return day - (CivilDate(year: date.year, month: 1, day: 1)?.dayNumber ?? day)
    }

    /// The beginner cannot do pull-ups or dips yet: within ``assistedDays`` of `startDay`, every
    /// `Pull Up` block and every dip block whose sets carry no added weight is done on the
    /// assisted machine instead, as `Pull Up (Assisted)` or `Dip (Assisted)`, each set logging
    /// the machine's help in kg (the lifter's load is bodyweight minus it). The help starts at
    /// 40 kg (pull-ups) or 30 kg (dips) and shrinks to 5 kg by the end of that time, in the
    /// stack's 2.5 kg steps; reps stay as generated.
    static func assisted(_ workouts: [Workout], startDay: Int) -> [Workout] {
        workouts.map { workout in
            let elapsed = workout.start.date.dayNumber - startDay
            guard elapsed < assistedDays else { return workout }
            var changed = workout
            for index in changed.exercises.indices {
                let block = changed.exercises[index]
                guard block.sets.allSatisfy({ $0.weightKg == nil }) else { continue }
                let (name, fullHelp): (String, Double)
                switch block.name {
                case "Pull Up": (name, fullHelp) = ("Pull Up (Assisted)", 40)
                case "Chest Dip", "Triceps Dip": (name, fullHelp) = ("Dip (Assisted)", 30)
                default: continue
                }
                let share = Double(elapsed) / Double(assistedDays)
                let help = ((fullHelp - (fullHelp - 5) * share) / 2.5).rounded() * 2.5
                changed.exercises[index].name = name
                for set in changed.exercises[index].sets.indices where changed.exercises[index].sets[set].reps != nil {
                    changed.exercises[index].sets[set].weightKg = help
                }
            }
            return changed
        }
    }
}
