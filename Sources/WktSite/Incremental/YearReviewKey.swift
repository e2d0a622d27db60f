import WktCore

extension PageKeys {
    /// `years/<year>.html` of a past year reads: its ``YearReview`` (every number, name, day and
    /// workout of it, the previous year's totals included), the years before and after it with
    /// a review (pager; the first year says every exercise is new), whether the PR timeline is
    /// split by year (the link to it), the page path of every exercise it names and the day,
    /// name and page ID of every workout it links to. The review of the year holding today is
    /// always rendered: it says "so far" and compares with the same day last year, so it changes
    /// with the day.
    func yearReviewKey(_ year: Int) -> (path: String, key: UInt64)? {
        guard let review = composer.yearReviews[year],
              var digest = pastYearDigest("year review", year: year, neighboursIn: composer.reviewYears) else { return nil }
        digest.add(review)
        digest.byte(composer.splitRecordsByYear ? 1 : 0)
        for name in review.exercises.map(\.name) + review.headlinePRs.map(\.exercise) + review.newExercises.map(\.name) {
            addExercisePath(name, to: &digest)
        }
        for row in review.headlinePRs {
            addWorkoutLink(row.e1rm?.workoutID, to: &digest)
            addWorkoutLink(row.heaviest?.workoutID, to: &digest)
        }
        for item in review.newExercises { addWorkoutLink(item.workoutID, to: &digest) }
        return (SitePaths.yearReview(year), digest.value)
    }
}

extension InputDigest {
    /// The number of stored properties each year-review encoding below covers, by type name
    /// (`YearReviewKeyTests` counts them with `Mirror`, like ``fieldCounts``).
    static let yearReviewFieldCounts: [String: Int] = [
        "YearReview": 18, "Totals": 5, "Month": 2, "Run": 3, "ExerciseShare": 5, "RecordGain": 5, "HeadlinePR": 4,
        "NewExercise": 3, "WeekStats": 7,
    ]

    /// Feeds every field of a year's review.
    mutating func add(_ review: YearReview) {
        add(review.year)
        byte(review.inProgress ? 1 : 0)
        add(review.through)
        add(review.totals)
        add(review.months.count)
        for month in review.months {
            add(month.month)
            add(month.totals)
        }
        add(review.weeks)
        add(review.weeksOnTarget)
        add(review.weeklyTarget)
        if let week = review.bestWeek { add(week) } else { byte(0) }
        add(review.dayStreak)
        add(review.weekStreak)
        add(review.exercises.count)
        for share in review.exercises {
            add(share.name)
            add(share.workouts)
            add(share.workingSets)
            add(share.reps)
            add(share.volumeKg)
        }
        add(review.headlinePRs.count)
        for row in review.headlinePRs {
            add(row.exercise)
            add(row.e1rm)
            add(row.heaviest)
            add(row.prs)
        }
        add(review.prs)
        add(review.recordsBroken)
        add(review.newExercises.count)
        for item in review.newExercises {
            add(item.name)
            add(item.day)
            add(item.workoutID)
        }
        add(review.previous)
        add(review.comparedThrough)
    }

    /// Feeds totals.
    mutating func add(_ totals: YearReview.Totals) {
        add(totals.workouts)
        add(totals.trainingDays)
        add(totals.workingSets)
        add(totals.reps)
        add(totals.volumeKg)
    }

    /// Feeds a run: its length and first and last unit.
    mutating func add(_ run: YearReview.Run) {
        add(run.length)
        add(run.first?.dayNumber)
        add(run.last?.dayNumber)
    }

    /// Feeds 0 for no gain, else 1 and every field.
    mutating func add(_ gain: YearReview.RecordGain?) {
        guard let gain else { return byte(0) }
        byte(1)
        add(gain.beforeKg)
        add(gain.bestKg)
        add(gain.day)
        add(gain.workoutID)
        add(gain.events)
    }
}
