import WktCore

/// A stretch of days without training.
struct Layoff: Sendable, Hashable {
    /// Why the lifter stopped.
    enum Kind: Sendable, Hashable {
        /// A 2–4 week holiday, one per year.
        case holiday
        /// The one long break of the history (6–10 weeks).
        case injury
        /// A few days in bed.
        case sickness
    }

    /// Why.
    let kind: Kind
    /// First day off (days since 1970-01-01).
    let first: Int
    /// Last day off, inclusive.
    let last: Int

    /// Whether `day` falls inside the layoff.
    func contains(_ day: Int) -> Bool { day >= first && day <= last }

    /// Whether the layoff, widened by `margin` days on both sides, overlaps `other`.
    func overlaps(_ other: Layoff, margin: Int) -> Bool {
        first - margin <= other.last && other.first <= last + margin
    }
}

/// A day the lifter trains, decided before any set is written.
struct PlannedSession: Sendable, Hashable {
    /// The training day (days since 1970-01-01).
    let day: Int
    /// Index of the programme phase (``Programmes/phase(_:)``).
    let phase: Int
    /// An optional weekend session outside the programme's rotation.
    let extra: Bool
}

/// Pass one of the generator: programme phases, layoffs and the list of training days.
struct CalendarPlan: Sendable {
    /// The first day of the history.
    let startDay: Int
    /// The last day of the history.
    let endDay: Int
    /// Phase start days (Mondays), ascending; phase `i` starts at `phaseStarts[i]`.
    let phaseStarts: [Int]
    /// Layoffs sorted by first day.
    let layoffs: [Layoff]
    /// The training days, ascending, at most one a day.
    let sessions: [PlannedSession]

    /// Chance that a planned session is skipped.
    static let missChance = 0.04
    /// Chance that a planned session moves to the next day.
    static let shiftChance = 0.08
    /// Days at the end of the history kept free of layoffs so that the dashboard looks alive.
    static let quietTail = 35

    /// The Monday on or before `day`.
    static func monday(of day: Int) -> Int { day - (CivilDate(dayNumber: day).weekday.rawValue - 1) }

    /// Plans a history of `years` years ending on `endDay`; it starts on the same calendar day
    /// `years` years earlier (28 February for a 29 February that does not exist then).
    static func make(endDay end: CivilDate, years: Int, rng: inout DemoRandom) -> CalendarPlan {
        let startYear = end.year - years
        let startDate = CivilDate(
            year: startYear, month: end.month,
            day: min(end.day, CivilDate.daysInMonth(year: startYear, month: end.month)))
            ?? CivilDate(dayNumber: end.dayNumber - 365 * years)
        let startDay = startDate.dayNumber
        let endDay = end.dayNumber
        let phaseStarts = planPhases(startDay: startDay, endDay: endDay, rng: &rng)
        let layoffs = planLayoffs(startDay: startDay, endDay: endDay, years: years, rng: &rng)
        var sessions = planSessions(
            startDay: startDay, endDay: endDay, phaseStarts: phaseStarts, layoffs: layoffs, rng: &rng)
        // Keep the history alive: the last workout is at most two days before the end.
        if let last = sessions.last, last.day < endDay - 2 {
            let day = endDay - 1
            let phase = (phaseStarts.lastIndex { $0 <= day }) ?? 0
            sessions.append(PlannedSession(day: day, phase: phase, extra: false))
        }
        return CalendarPlan(
            startDay: startDay, endDay: endDay, phaseStarts: phaseStarts, layoffs: layoffs, sessions: sessions)
    }

    /// Phase start days: each programme runs for its drawn number of weeks.
    private static func planPhases(startDay: Int, endDay: Int, rng: inout DemoRandom) -> [Int] {
        var starts: [Int] = []
        var day = monday(of: startDay)
        var index = 0
        while day <= endDay {
            starts.append(day)
            day += 7 * rng.int(in: Programmes.phase(index).weeks)
            index += 1
        }
        return starts
    }

    /// One long injury break in the middle, one holiday per year, and some sick days.
    private static func planLayoffs(startDay: Int, endDay: Int, years: Int, rng: inout DemoRandom) -> [Layoff] {
        let span = endDay - startDay
        let latestLast = endDay - quietTail
        var layoffs: [Layoff] = []

        let injuryLength = rng.int(in: 42...70)
        let injuryFirst = rng.int(in: (startDay + span * 35 / 100)...(startDay + span * 65 / 100 - injuryLength))
        layoffs.append(Layoff(kind: .injury, first: injuryFirst, last: injuryFirst + injuryLength - 1))

        func place(_ kind: Layoff.Kind, length: Int, window: ClosedRange<Int>, margin: Int) {
            let latestFirst = min(window.upperBound, latestLast) - length + 1
            guard latestFirst >= window.lowerBound else { return }
            for _ in 0..<24 {
                let first = rng.int(in: window.lowerBound...latestFirst)
                let candidate = Layoff(kind: kind, first: first, last: first + length - 1)
                if !layoffs.contains(where: { $0.overlaps(candidate, margin: margin) }) {
                    layoffs.append(candidate)
                    return
                }
            }
        }
        for year in 0..<years {
            let window = (startDay + 365 * year + 21)...(startDay + 365 * (year + 1) - 7)
            place(.holiday, length: rng.int(in: 14...28), window: window, margin: 28)
            if rng.chance(0.6) {
                place(.sickness, length: rng.int(in: 4...7), window: window, margin: 14)
            }
        }
        return layoffs.sorted { $0.first < $1.first }
    }

    /// Walks the weeks and lays the programme's weekdays on them, with misses, moved sessions,
    /// extra weekend sessions and layoffs.
    private static func planSessions(
        startDay: Int, endDay: Int, phaseStarts: [Int], layoffs: [Layoff], rng: inout DemoRandom
    ) -> [PlannedSession] {
        var sessions: [PlannedSession] = []
        var phase = 0
        var week = monday(of: startDay)
        while week <= endDay {
            while phase + 1 < phaseStarts.count, phaseStarts[phase + 1] <= week { phase += 1 }
            let programme = Programmes.phase(phase)
            let planned = programme.weekdays.map { week + $0.rawValue - 1 }
            var days: [Int] = []
            for plannedDay in planned {
                let missed = rng.chance(missChance)
                let shifted = rng.chance(shiftChance)
                var day = plannedDay
                if shifted, day + 1 < week + 7, !planned.contains(day + 1) { day += 1 }
                guard day >= startDay, day <= endDay, !layoffs.contains(where: { $0.contains(day) }) else {
                    continue
                }
                if missed, day < endDay - 6 { continue }
                days.append(day)
            }
            var weekSessions = days.map { PlannedSession(day: $0, phase: phase, extra: false) }
            if rng.chance(programme.extraChance) {
                let saturday = week + 5
                let day = days.contains(saturday) ? saturday + 1 : saturday
                if day >= startDay, day <= endDay, !days.contains(day),
                   !layoffs.contains(where: { $0.contains(day) }) {
                    weekSessions.append(PlannedSession(day: day, phase: phase, extra: true))
                }
            }
            sessions += weekSessions.sorted { $0.day < $1.day }
            week += 7
        }
        return sessions
    }
}
