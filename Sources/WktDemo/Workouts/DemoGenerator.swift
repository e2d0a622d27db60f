import WktCore

/// Pass two of the generator: walks the planned training days in order and writes each workout —
/// exercises, sets, start time, duration and notes — from the lifter's state on that day.
///
/// State carried from day to day: training weeks done (the training level), the meso-cycle week
/// (wave and deload), strength lost to the last layoff, the programme's accessory choices and the
/// best top set of each main lift (for PR notes).
struct DemoGenerator {
    /// The content random stream.
    private var rng: DemoRandom
    /// The calendar from pass one.
    private let plan: CalendarPlan
    /// One shuffle bag per pattern.
    private var bags: [ShuffleBag]
    /// The current phase's exercise per day plan and slot.
    private var assignments: [[Int]] = []
    /// The phase whose assignments are loaded (-1 before the first workout).
    private var currentPhase = -1
    /// Regular sessions done in the current phase (picks the day plan in rotation).
    private var rotation = 0
    /// Monday of the last training week.
    private var currentWeek: Int?
    /// Weeks with at least one workout so far.
    private var trainingWeeks = 0
    /// Week within the meso-cycle.
    private var mesoWeek = 0
    /// Length of the current meso-cycle.
    private var mesoLength = 1
    /// Strength lost to the last layoff.
    private var penalty = 0.0
    /// The last training day.
    private var lastDay: Int?
    /// Heaviest top working set so far per catalogue index.
    private var bestTop: [Double]

    /// Creates a generator over a plan.
    init(plan: CalendarPlan, rng: DemoRandom) {
        self.plan = plan
        self.rng = rng
        self.bags = ExerciseCatalog.pools.map { ShuffleBag(items: $0) }
        self.bestTop = Array(repeating: 0, count: ExerciseCatalog.all.count)
    }

    /// Events of the day that notes talk about.
    private struct DayEvents {
        var phaseStarted = false
        var newWeek = false
        var returnedFrom: Layoff?
    }

    /// Every planned session as a workout, oldest first.
    mutating func run() -> [Workout] {
        var workouts: [Workout] = []
        workouts.reserveCapacity(plan.sessions.count)
        for (index, session) in plan.sessions.enumerated() {
            let events = advance(to: session)
            let next = index + 1 < plan.sessions.count ? plan.sessions[index + 1].day : plan.endDay + 1
            let injuryFollows = plan.layoffs.contains { $0.kind == .injury && $0.first > session.day && $0.first < next }
            if let workout = workout(for: session, events: events, injuryFollows: injuryFollows) {
                workouts.append(workout)
            }
        }
        return workouts
    }

    // MARK: State

    /// Updates phase, week, meso-cycle and layoff penalty for a new training day.
    private mutating func advance(to session: PlannedSession) -> DayEvents {
        var events = DayEvents()
        let programme = Programmes.phase(session.phase)
        if session.phase != currentPhase {
            currentPhase = session.phase
            rotation = 0
            assignments = programme.days.map { day in
                var chosen: [Int] = []
                for slot in day.slots { chosen.append(draw(slot.pattern, avoiding: chosen)) }
                return chosen
            }
            startMeso(programme)
            events.phaseStarted = true
        }
        let monday = CalendarPlan.monday(of: session.day)
        if monday != currentWeek {
            events.newWeek = true
            penalty = max(0, penalty - 0.03)
            if let last = lastDay, session.day - last >= 10 {
                let gap = session.day - last
                events.returnedFrom = plan.layoffs.last { $0.first > last && $0.last < session.day }
                penalty = max(penalty, min(0.2, Double(gap) / 7 * 0.03))
                if !events.phaseStarted { startMeso(programme) }
            } else if !events.phaseStarted, currentWeek != nil {
                mesoWeek += 1
                if mesoWeek >= mesoLength {
                    startMeso(programme)
                    rotateAccessories(programme)
                }
            }
            trainingWeeks += 1
            currentWeek = monday
        }
        lastDay = session.day
        return events
    }

    /// Starts a meso-cycle of the programme's length.
    private mutating func startMeso(_ programme: Programme) {
        mesoWeek = 0
        mesoLength = rng.int(in: programme.mesoWeeks)
    }

    /// At a new meso-cycle, swaps some accessories for others of the same pattern.
    private mutating func rotateAccessories(_ programme: Programme) {
        for (dayIndex, day) in programme.days.enumerated() {
            for (slotIndex, slot) in day.slots.enumerated() where !slot.pattern.isMainLift {
                guard rng.chance(0.4) else { continue }
                assignments[dayIndex][slotIndex] = draw(slot.pattern, avoiding: assignments[dayIndex])
            }
        }
    }

    /// The next exercise of a pattern's bag that is not already in the workout.
    private mutating func draw(_ pattern: Pattern, avoiding: [Int]) -> Int {
        bags[pattern.rawValue].draw(&rng, avoiding: avoiding) ?? ExerciseCatalog.pools[pattern.rawValue][0]
    }

    // MARK: One workout

    /// Writes the workout of one planned session; nil only if its start could not be formed.
    private mutating func workout(for session: PlannedSession, events: DayEvents, injuryFollows: Bool) -> Workout? {
        let programme = Programmes.phase(session.phase)
        let dayPlan: DayPlan
        var exercises: [Int] = []
        if session.extra {
            dayPlan = Programmes.extras[rng.below(Programmes.extras.count)]
            for slot in dayPlan.slots { exercises.append(draw(slot.pattern, avoiding: exercises)) }
        } else {
            let dayIndex = rotation % programme.days.count
            dayPlan = programme.days[dayIndex]
            exercises = assignments[dayIndex]
            rotation += 1
        }
        let deload = mesoLength >= 4 && mesoWeek == mesoLength - 1
        let context = SessionContext(
            level: Load.level(trainingWeeks: trainingWeeks), penalty: penalty,
            wave: programme.waves ? 0.94 + 0.02 * Double(min(mesoWeek, 4)) : 1,
            form: rng.double(0.97, 1.03), deload: deload,
            logsRPE: programme.logsRPE && rng.chance(0.6), cycleWeek: mesoWeek)

        var slots = Array(zip(dayPlan.slots, exercises))
        if !session.extra, rng.chance(0.12) {
            let cardio = Slot(.cardio, .cardio(minutes: 5...10))
            slots.insert((cardio, draw(.cardio, avoiding: [])), at: 0)
        }
        var blocks: [ExerciseBlock] = []
        var culprit: String?
        var record: (name: String, kg: Double, reps: Int)?
        for (slot, index) in slots {
            let spec = ExerciseCatalog.all[index]
            var prescriber = SetPrescriber(rng: rng)
            let sets = prescriber.sets(for: spec, scheme: slot.scheme, context: context)
            rng = prescriber.rng
            if spec.pattern.isMainLift, let top = topSet(sets) {
                if bestTop[index] > 0, top.kg > bestTop[index], trainingWeeks > 6, record == nil {
                    record = (spec.name, top.kg, top.reps)
                }
                bestTop[index] = max(bestTop[index], top.kg)
            }
            if spec.equipment == .barbell || culprit == nil { culprit = spec.name }
            blocks.append(ExerciseBlock(name: spec.name, notes: exerciseNote(spec), sets: sets))
        }

        let day = CivilDate(dayNumber: session.day)
        guard let start = startTime(day: day, programme: programme, weekendSlot: session.extra) else { return nil }
        let notes = workoutNote(
            programme: programme, events: events, deload: deload,
            injuredOn: injuryFollows ? culprit : nil, record: record, extra: session.extra)
        return Workout(
            source: .demo, sourceKey: start.description, start: start,
            durationSeconds: duration(of: blocks), name: dayPlan.name, notes: notes, exercises: blocks)
    }

    /// The heaviest working set of a block (weight, reps).
    private func topSet(_ sets: [WorkoutSet]) -> (kg: Double, reps: Int)? {
        var best: (kg: Double, reps: Int)?
        for set in sets where set.kind.isWorking {
            guard let kg = set.weightKg, let reps = set.reps else { continue }
            if best == nil || kg > (best?.kg ?? 0) { best = (kg, reps) }
        }
        return best
    }

    /// Weekday sessions at the programme's usual time (sometimes the other end of the day),
    /// weekend sessions late in the morning; minute and second jitter.
    private mutating func startTime(day: CivilDate, programme: Programme, weekendSlot: Bool) -> WallTime? {
        let weekend = day.weekday == .saturday || day.weekday == .sunday
        var minute: Int
        if weekend || weekendSlot {
            minute = 10 * 60 + rng.int(in: -60...75)
        } else {
            var base = programme.startMinute
            if rng.chance(0.1) { base = base < 12 * 60 ? 18 * 60 + 5 : 7 * 60 + 10 }
            minute = base + rng.int(in: -20...30)
        }
        minute = min(21 * 60 + 59, max(5 * 60, minute))
        return WallTime(date: day, hour: minute / 60, minute: minute % 60, second: rng.int(in: 0...59))
    }

    /// Duration from the sets: about 2½ minutes per working set with rest, 70 s per warm-up,
    /// holds and cardio as long as they last; clamped to 45–90 minutes.
    private mutating func duration(of blocks: [ExerciseBlock]) -> Int {
        var seconds = 0.0
        for block in blocks {
            seconds += 90
            for set in block.sets {
                if let held = set.seconds { seconds += held + 45 } else if set.kind == .warmup { seconds += 70 } else { seconds += 140 }
            }
        }
        seconds *= rng.double(0.9, 1.12)
        return min(5400, max(2700, Int(seconds.rounded())))
    }

    // MARK: Notes

    /// An exercise note for a few blocks.
    private mutating func exerciseNote(_ spec: ExerciseSpec) -> String? {
        guard rng.chance(0.03) else { return nil }
        let specific: [String] = switch spec.equipment {
        case .machine: DemoNotes.machine
        case .cable: DemoNotes.cable
        default: []
        }
        return rng.pick(!specific.isEmpty && rng.chance(0.5) ? specific : DemoNotes.exercise)
    }

    /// The workout note: what happened that day, if anything worth writing down. `injuredOn` names
    /// the exercise that hurt when the injury break follows this workout.
    private mutating func workoutNote(
        programme: Programme, events: DayEvents, deload: Bool, injuredOn: String?,
        record: (name: String, kg: Double, reps: Int)?, extra: Bool
    ) -> String? {
        var parts: [String] = []
        if events.phaseStarted, !extra { parts.append(DemoNotes.programmeStart(programme)) }
        if let layoff = events.returnedFrom {
            switch layoff.kind {
            case .injury: parts.append(DemoNotes.afterInjury(weeks: (layoff.last - layoff.first + 7) / 7))
            case .holiday: if let note = rng.pick(DemoNotes.afterHoliday) { parts.append(note) }
            case .sickness: parts.append("Back after a cold. Took it *easy*.")
            }
        }
        if let injuredOn { parts.append(DemoNotes.injured(on: injuredOn)) }
        if deload, events.newWeek, rng.chance(0.5), let note = rng.pick(DemoNotes.deload) { parts.append(note) }
        if let record, rng.chance(0.4) { parts.append(DemoNotes.record(exercise: record.name, kg: record.kg, reps: record.reps)) }
        if parts.isEmpty, rng.chance(0.07), let note = rng.pick(DemoNotes.everyday) { parts.append(note) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }
}
