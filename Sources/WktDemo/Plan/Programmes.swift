import WktCore

/// How the sets of one slot are prescribed.
enum Scheme: Sendable {
    /// `sets` × `reps` at one weight, leaving `rir` reps in reserve (main lifts, strength work).
    case straight(sets: Int, reps: Int, rir: Int)
    /// One heavy top set (RPE 9) then `backoffSets` × `backoffReps` lighter.
    case topBackoff(topReps: Int, backoffSets: Int, backoffReps: Int)
    /// Wendler's 5/3/1 week (from the meso-cycle week) plus, when `bbb`, 5 × 10 "Boring But Big".
    case wave531(bbb: Bool)
    /// Hypertrophy work: `sets` sets in a rep range, with occasional drop and failure sets.
    case accessory(sets: Int, reps: ClosedRange<Int>)
    /// Timed holds.
    case hold(sets: Int)
    /// One cardio bout of so many minutes.
    case cardio(minutes: ClosedRange<Int>)
}

/// One exercise position in a programme day.
struct Slot: Sendable {
    /// Which pool the exercise is drawn from.
    let pattern: Pattern
    /// The prescription.
    let scheme: Scheme

    /// Creates a slot.
    init(_ pattern: Pattern, _ scheme: Scheme) {
        self.pattern = pattern
        self.scheme = scheme
    }
}

/// One workout of a programme, e.g. `Upper A`.
struct DayPlan: Sendable {
    /// The workout name as logged.
    let name: String
    /// The exercises in order.
    let slots: [Slot]
}

/// A training programme followed for some months.
struct Programme: Sendable {
    /// The name used in notes (`Upper/Lower`).
    let name: String
    /// A Markdown link about the programme, used in the note of its first workout.
    let link: String
    /// The workouts, done in rotation.
    let days: [DayPlan]
    /// The usual training weekdays.
    let weekdays: [Weekday]
    /// How many calendar weeks the programme is run.
    let weeks: ClosedRange<Int>
    /// Meso-cycle length in weeks; the last week of each is a deload.
    let mesoWeeks: ClosedRange<Int>
    /// Usual weekday start, minutes after midnight.
    let startMinute: Int
    /// Chance per week of an extra weekend session (`Arms & Abs`, `Conditioning`).
    let extraChance: Double
    /// Whether the lifter logs RPE in this programme (some sessions).
    let logsRPE: Bool
    /// Whether weights follow the meso-cycle wave (5/3/1 brings its own percentages).
    let waves: Bool
}

/// The programmes of the demo lifter's career.
enum Programmes {
    /// Beginner full body, three days a week.
    static let fullBody = Programme(
        name: "Full Body", link: "[StrongLifts-style 5×5 basics](https://en.wikipedia.org/wiki/Strength_training)",
        days: [
            DayPlan(name: "Full Body A", slots: [
                Slot(.squat, .straight(sets: 3, reps: 5, rir: 2)),
                Slot(.bench, .straight(sets: 3, reps: 5, rir: 2)),
                Slot(.barbellRow, .straight(sets: 3, reps: 5, rir: 2)),
                Slot(.verticalPull, .accessory(sets: 3, reps: 8...12)),
                Slot(.timedHold, .hold(sets: 3)),
            ]),
            DayPlan(name: "Full Body B", slots: [
                Slot(.squat, .straight(sets: 3, reps: 5, rir: 2)),
                Slot(.overheadPress, .straight(sets: 3, reps: 5, rir: 2)),
                Slot(.deadlift, .straight(sets: 1, reps: 5, rir: 2)),
                Slot(.horizontalPull, .accessory(sets: 3, reps: 8...12)),
                Slot(.core, .accessory(sets: 3, reps: 10...15)),
            ]),
        ],
        weekdays: [.monday, .wednesday, .friday], weeks: 12...16, mesoWeeks: 7...9,
        startMinute: 18 * 60 + 15, extraChance: 0.25, logsRPE: false, waves: true
    )

    /// Upper/lower split, four days a week.
    static let upperLower = Programme(
        name: "Upper/Lower", link: "[upper/lower split](https://thefitness.wiki/routines/)",
        days: [
            DayPlan(name: "Upper A", slots: [
                Slot(.bench, .straight(sets: 4, reps: 6, rir: 2)),
                Slot(.horizontalPull, .accessory(sets: 3, reps: 8...10)),
                Slot(.shoulderPress, .accessory(sets: 2, reps: 8...12)),
                Slot(.verticalPull, .accessory(sets: 3, reps: 8...12)),
                Slot(.biceps, .accessory(sets: 2, reps: 10...12)),
                Slot(.triceps, .accessory(sets: 2, reps: 10...12)),
            ]),
            DayPlan(name: "Lower A", slots: [
                Slot(.squat, .straight(sets: 4, reps: 6, rir: 2)),
                Slot(.hamstring, .accessory(sets: 3, reps: 8...10)),
                Slot(.quadCompound, .accessory(sets: 2, reps: 10...12)),
                Slot(.quadIsolation, .accessory(sets: 2, reps: 12...15)),
                Slot(.calves, .accessory(sets: 3, reps: 10...15)),
                Slot(.timedHold, .hold(sets: 2)),
            ]),
            DayPlan(name: "Upper B", slots: [
                Slot(.overheadPress, .straight(sets: 4, reps: 6, rir: 2)),
                Slot(.verticalPull, .straight(sets: 3, reps: 6, rir: 2)),
                Slot(.chestCompound, .straight(sets: 3, reps: 8, rir: 2)),
                Slot(.horizontalPull, .accessory(sets: 3, reps: 8...12)),
                Slot(.lateralRaise, .accessory(sets: 3, reps: 12...15)),
                Slot(.triceps, .accessory(sets: 2, reps: 10...12)),
            ]),
            DayPlan(name: "Lower B", slots: [
                Slot(.deadlift, .straight(sets: 3, reps: 5, rir: 2)),
                Slot(.quadCompound, .accessory(sets: 3, reps: 8...12)),
                Slot(.hamstring, .accessory(sets: 3, reps: 10...12)),
                Slot(.glute, .accessory(sets: 3, reps: 8...12)),
                Slot(.calves, .accessory(sets: 3, reps: 12...15)),
                Slot(.core, .accessory(sets: 2, reps: 10...15)),
            ]),
        ],
        weekdays: [.monday, .tuesday, .thursday, .friday], weeks: 40...56, mesoWeeks: 5...7,
        startMinute: 17 * 60 + 50, extraChance: 0.2, logsRPE: false, waves: true
    )

    /// Push/pull/legs, six days a week in rotation.
    static let pushPullLegs = Programme(
        name: "Push/Pull/Legs", link: "[push/pull/legs](https://en.wikipedia.org/wiki/Split_training)",
        days: [
            DayPlan(name: "Push Day", slots: [
                Slot(.bench, .topBackoff(topReps: 5, backoffSets: 3, backoffReps: 8)),
                Slot(.shoulderPress, .accessory(sets: 3, reps: 8...10)),
                Slot(.chestCompound, .accessory(sets: 2, reps: 8...12)),
                Slot(.chestFly, .accessory(sets: 2, reps: 12...15)),
                Slot(.lateralRaise, .accessory(sets: 3, reps: 12...20)),
                Slot(.triceps, .accessory(sets: 2, reps: 10...12)),
            ]),
            DayPlan(name: "Pull Day", slots: [
                Slot(.deadlift, .topBackoff(topReps: 5, backoffSets: 1, backoffReps: 5)),
                Slot(.verticalPull, .accessory(sets: 3, reps: 8...12)),
                Slot(.horizontalPull, .accessory(sets: 3, reps: 8...12)),
                Slot(.rearDelt, .accessory(sets: 2, reps: 12...15)),
                Slot(.biceps, .accessory(sets: 3, reps: 8...12)),
                Slot(.biceps, .accessory(sets: 2, reps: 10...15)),
            ]),
            DayPlan(name: "Leg Day", slots: [
                Slot(.squat, .topBackoff(topReps: 5, backoffSets: 2, backoffReps: 8)),
                Slot(.hamstring, .accessory(sets: 3, reps: 8...12)),
                Slot(.quadCompound, .accessory(sets: 3, reps: 10...12)),
                Slot(.quadIsolation, .accessory(sets: 2, reps: 12...15)),
                Slot(.calves, .accessory(sets: 3, reps: 10...15)),
                Slot(.core, .accessory(sets: 2, reps: 10...15)),
            ]),
        ],
        weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday], weeks: 30...40, mesoWeeks: 5...7,
        startMinute: 6 * 60 + 40, extraChance: 0, logsRPE: true, waves: true
    )

    /// Power/hypertrophy upper/lower (PHUL), four days a week.
    static let phul = Programme(
        name: "PHUL", link: "[PHUL](https://thefitness.wiki/routines/)",
        days: [
            DayPlan(name: "Upper Power", slots: [
                Slot(.bench, .straight(sets: 4, reps: 4, rir: 2)),
                Slot(.barbellRow, .straight(sets: 3, reps: 5, rir: 2)),
                Slot(.shoulderPress, .accessory(sets: 2, reps: 6...8)),
                Slot(.verticalPull, .straight(sets: 3, reps: 6, rir: 2)),
                Slot(.biceps, .accessory(sets: 2, reps: 6...10)),
                Slot(.triceps, .accessory(sets: 2, reps: 6...10)),
            ]),
            DayPlan(name: "Lower Power", slots: [
                Slot(.squat, .straight(sets: 4, reps: 4, rir: 2)),
                Slot(.deadlift, .straight(sets: 2, reps: 3, rir: 2)),
                Slot(.quadCompound, .accessory(sets: 3, reps: 10...12)),
                Slot(.hamstring, .accessory(sets: 2, reps: 6...10)),
                Slot(.calves, .accessory(sets: 3, reps: 6...10)),
            ]),
            DayPlan(name: "Upper Hypertrophy", slots: [
                Slot(.chestCompound, .accessory(sets: 3, reps: 8...12)),
                Slot(.chestFly, .accessory(sets: 3, reps: 12...15)),
                Slot(.horizontalPull, .accessory(sets: 3, reps: 8...12)),
                Slot(.verticalPull, .accessory(sets: 3, reps: 8...12)),
                Slot(.lateralRaise, .accessory(sets: 3, reps: 12...15)),
                Slot(.biceps, .accessory(sets: 2, reps: 10...15)),
                Slot(.triceps, .accessory(sets: 2, reps: 10...15)),
            ]),
            DayPlan(name: "Lower Hypertrophy", slots: [
                Slot(.quadCompound, .accessory(sets: 4, reps: 8...12)),
                Slot(.hamstring, .accessory(sets: 3, reps: 10...12)),
                Slot(.quadIsolation, .accessory(sets: 3, reps: 12...15)),
                Slot(.glute, .accessory(sets: 3, reps: 10...12)),
                Slot(.calves, .accessory(sets: 3, reps: 12...15)),
                Slot(.timedHold, .hold(sets: 2)),
            ]),
        ],
        weekdays: [.monday, .tuesday, .thursday, .friday], weeks: 30...44, mesoWeeks: 6...8,
        startMinute: 6 * 60 + 50, extraChance: 0.2, logsRPE: true, waves: true
    )

    /// 5/3/1 with Boring But Big, four days a week.
    static let fiveThreeOne = Programme(
        name: "5/3/1 BBB", link: "[5/3/1](https://en.wikipedia.org/wiki/Jim_Wendler)",
        days: [
            DayPlan(name: "Squat Day", slots: [
                Slot(.squat, .wave531(bbb: true)),
                Slot(.hamstring, .accessory(sets: 3, reps: 10...12)),
                Slot(.core, .accessory(sets: 3, reps: 10...15)),
            ]),
            DayPlan(name: "Bench Day", slots: [
                Slot(.bench, .wave531(bbb: true)),
                Slot(.horizontalPull, .accessory(sets: 4, reps: 10...12)),
                Slot(.triceps, .accessory(sets: 3, reps: 10...15)),
            ]),
            DayPlan(name: "Deadlift Day", slots: [
                Slot(.power, .straight(sets: 4, reps: 3, rir: 3)),
                Slot(.deadlift, .wave531(bbb: true)),
                Slot(.traps, .accessory(sets: 3, reps: 10...12)),
                Slot(.core, .accessory(sets: 3, reps: 10...15)),
            ]),
            DayPlan(name: "Press Day", slots: [
                Slot(.overheadPress, .wave531(bbb: true)),
                Slot(.verticalPull, .accessory(sets: 4, reps: 8...10)),
                Slot(.lateralRaise, .accessory(sets: 3, reps: 12...15)),
                Slot(.timedHold, .hold(sets: 2)),
            ]),
        ],
        weekdays: [.monday, .tuesday, .thursday, .saturday], weeks: 36...52, mesoWeeks: 4...4,
        startMinute: 18 * 60 + 40, extraChance: 0.25, logsRPE: true, waves: false
    )

    /// The career: a beginner phase, then the other programmes in a repeating cycle.
    static let career: [Programme] = [fullBody]
    /// Programmes repeated after the beginner phase.
    static let cycle: [Programme] = [upperLower, phul, pushPullLegs, fiveThreeOne]

    /// The programme of the `index`-th phase (0 is the beginner phase).
    static func phase(_ index: Int) -> Programme {
        index < career.count ? career[index] : cycle[(index - career.count) % cycle.count]
    }

    /// Optional weekend sessions.
    static let extras: [DayPlan] = [
        DayPlan(name: "Arms & Abs", slots: [
            Slot(.biceps, .accessory(sets: 3, reps: 10...12)),
            Slot(.triceps, .accessory(sets: 3, reps: 10...12)),
            Slot(.biceps, .accessory(sets: 3, reps: 12...15)),
            Slot(.triceps, .accessory(sets: 3, reps: 12...15)),
            Slot(.core, .accessory(sets: 3, reps: 10...20)),
            Slot(.timedHold, .hold(sets: 3)),
        ]),
        DayPlan(name: "Conditioning", slots: [
            Slot(.cardio, .cardio(minutes: 20...35)),
            Slot(.power, .accessory(sets: 3, reps: 10...15)),
            Slot(.core, .accessory(sets: 3, reps: 12...20)),
            Slot(.timedHold, .hold(sets: 3)),
        ]),
    ]
}
