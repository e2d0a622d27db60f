extension YearReview {
    /// Each exercise's first session with a working set: name → (day, workout), walked in walk
    /// order, so the first entry is the first session.
    static func firstSessions(_ workouts: [WorkoutInfo]) -> [(name: String, day: CivilDate, workoutID: Int64)] {
        var seen = Set<String>()
        var first: [(name: String, day: CivilDate, workoutID: Int64)] = []
        for info in workouts {
            for exercise in info.exercises where exercise.workingSets > 0 && !seen.contains(exercise.name) {
                seen.insert(exercise.name)
                first.append((exercise.name, info.trainingDay, info.id))
            }
        }
        return first
    }

    /// The review of `year` with the first sessions of ``firstSessions(_:)`` given.
    static func compute(
        year: Int, report: StatsReport, firstSessions: [(name: String, day: CivilDate, workoutID: Int64)]
    ) -> YearReview {
        let today = report.today
        let inProgress = year == today.year
        let lastDay = CivilDate(year: year, month: 12, day: 31) ?? today
        let through = inProgress ? today : lastDay
        let compared = inProgress ? TrainingCalendar.sameDayLastYear(of: today) : CivilDate(year: year - 1, month: 12, day: 31) ?? lastDay
        var review = YearReview(year: year, inProgress: inProgress, through: through, comparedThrough: compared)
        review.weeklyTarget = report.streaks.weeklyTarget

        let inYear = report.workouts.filter { $0.trainingDay.year == year && $0.trainingDay <= through }
        review.totals = totals(of: inYear)
        review.previous = totals(of: report.workouts.filter { $0.trainingDay.year == year - 1 && $0.trainingDay <= compared })
        review.months = (1...max(1, through.month)).map { month in
            Month(month: month, totals: totals(of: inYear.filter { $0.trainingDay.month == month }))
        }
        review.addWeeks(report)
        let days = Set(inYear.map(\.trainingDay.dayNumber)).sorted()
        let dayStreak = Streak.compute(qualifying: days, anchor: through.dayNumber) { CivilDate(dayNumber: $0) }
        review.dayStreak = Run(length: dayStreak.longest, first: dayStreak.longestStart, last: dayStreak.longestEnd)
        review.exercises = exerciseShares(inYear)
        review.addPRs(inYear)
        review.newExercises = firstSessions.filter { $0.day.year == year && $0.day <= through }
            .map { NewExercise(name: $0.name, day: $0.day, workoutID: $0.workoutID) }
        return review
    }

    /// Totals of `workouts`; volume summed in whole grams.
    static func totals(of workouts: [WorkoutInfo]) -> Totals {
        var totals = Totals()
        var grams = 0.0
        var days = Set<Int>()
        for info in workouts {
            totals.workouts += 1
            totals.workingSets += info.workingSets
            totals.reps += info.reps
            grams += (info.volumeKg * 1000).rounded()
            days.insert(info.trainingDay.dayNumber)
        }
        totals.trainingDays = days.count
        totals.volumeKg = grams / 1000
        return totals
    }

    /// Weeks filed under the year by their middle day (docs/statistics.md "Calendar model"): their
    /// number, those on target, the best week and the longest run on target.
    mutating func addWeeks(_ report: StatsReport) {
        let weeks = report.weeks.filter { $0.start.adding(days: 3).year == year }
        self.weeks = weeks.count
        weeksOnTarget = weeks.filter { $0.workouts >= weeklyTarget }.count
        bestWeek = weeks.reduce(nil) { best, week -> WeekStats? in
            guard week.workouts > 0 else { return best }
            guard let best else { return week }
            if week.workouts != best.workouts { return week.workouts > best.workouts ? week : best }
            return week.volumeKg > best.volumeKg ? week : best  // equal: the earlier week stays
        }
        let streak = Streak.compute(
            qualifying: weeks.indices.filter { weeks[$0].workouts >= weeklyTarget }, anchor: weeks.count - 1
        ) { weeks[$0].start }
        weekStreak = Run(length: streak.longest, first: streak.longestStart, last: streak.longestEnd)
    }

    /// Every exercise of `workouts` with a working set: most working sets first, then more volume,
    /// then name order (code points of the NFC name).
    static func exerciseShares(_ workouts: [WorkoutInfo]) -> [ExerciseShare] {
        var shares: [ExerciseShare] = []
        var grams: [Double] = []
        var position: [String: Int] = [:]
        for info in workouts {
            for exercise in info.exercises where exercise.workingSets > 0 {
                let index = position[exercise.name, default: shares.count]
                if index == shares.count {  // first seen
                    position[exercise.name] = index
                    shares.append(ExerciseShare(name: exercise.name, workouts: 0, workingSets: 0, reps: 0, volumeKg: 0))
                    grams.append(0)
                }
                shares[index].workouts += 1
                shares[index].workingSets += exercise.workingSets
                shares[index].reps += exercise.reps
                grams[index] += (exercise.volumeKg * 1000).rounded()
            }
        }
        for index in shares.indices { shares[index].volumeKg = grams[index] / 1000 }
        return shares.sorted { lhs, rhs in
            if lhs.workingSets != rhs.workingSets { return lhs.workingSets > rhs.workingSets }
            if lhs.volumeKg != rhs.volumeKg { return lhs.volumeKg > rhs.volumeKg }
            return CanonicalName.precedes(lhs.name, rhs.name)
        }
    }

    /// PRs and records broken in the year, and each exercise's e1RM and heaviest PRs, in the order
    /// of ``exercises``.
    mutating func addPRs(_ workouts: [WorkoutInfo]) {
        var pairs = Set<PRKey>()
        var prsByExercise: [String: Set<Int64>] = [:]
        var gains: [String: (e1rm: RecordGain?, heaviest: RecordGain?)] = [:]
        for info in workouts {
            for event in info.prEvents {
                recordsBroken += 1
                pairs.insert(PRKey(workoutID: event.workoutID, exercise: event.exercise))
                prsByExercise[event.exercise, default: []].insert(event.workoutID)
                switch event.metric {
                case .e1rm: gains[event.exercise, default: (nil, nil)].e1rm.advance(with: event)
                case .heaviest: gains[event.exercise, default: (nil, nil)].heaviest.advance(with: event)
                default: break
                }
            }
        }
        prs = pairs.count
        var ordered = exercises.map(\.name)
        // An exercise with PR events always has working sets, so it is in `exercises`; the
        // sorted tail only guards a report built by hand.
        let known = Set(ordered)
        ordered += gains.keys.filter { !known.contains($0) }.sorted(by: CanonicalName.precedes)
        headlinePRs = ordered.compactMap { name in
            guard let gain = gains[name] else { return nil }
            return HeadlinePR(exercise: name, e1rm: gain.e1rm, heaviest: gain.heaviest, prs: prsByExercise[name]?.count ?? 0)
        }
    }
}

extension YearReview.RecordGain? {
    /// Takes in the next PR event of the same record (events come in walk order).
    fileprivate mutating func advance(with event: PREvent) {
        if var gain = self {
            gain.bestKg = event.valueKg
            gain.day = event.day
            gain.workoutID = event.workoutID
            gain.events += 1
            self = gain
        } else {
            self = YearReview.RecordGain(
                beforeKg: event.previousKg, bestKg: event.valueKg, day: event.day, workoutID: event.workoutID, events: 1)
        }
    }
}

/// A workout and an exercise: one PR as pages count them.
private struct PRKey: Hashable {
    let workoutID: Int64
    let exercise: String
}
