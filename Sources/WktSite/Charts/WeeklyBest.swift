import WktCore

/// The weekly-best series behind an exercise's progress chart (docs/product.md "Exercise
/// progress chart"): one entry per training week with data, holding the week's best value, the
/// running best up to and including it, whether it set a new best, and which unbroken stretch
/// of the line it belongs to.
///
/// - A week is a PR week when its best is greater than every earlier week's best; the first
///   week sets the baseline and is not a PR (as on the rest of the site).
/// - The line breaks where more than ``maxGapWeeks`` weeks without data lie between two weeks
///   with data: the running best carries on, but no line is drawn through the gap.
/// - Values are compared in thousandths, so a difference that no page shows is no PR.
struct WeeklyBest: Sendable, Equatable {
    /// One week with data.
    struct Week: Sendable, Equatable {
        /// The week's first day (a `week_start` weekday of the training calendar), which places
        /// the week on the x axis.
        let start: CivilDate
        /// The best value of the week: the greatest of its points (e1RMs, reps or seconds,
        /// already in display units).
        let best: Double

        /// The best value of this and every earlier week, gaps included: it never goes down, and
        /// the step line is drawn through it.
        var runningBest: Double { isPR ? best : earlierBest ?? best }

        /// The week's best is greater than every earlier week's (compared in thousandths): a PR
        /// week, drawn as a diamond.
        var isPR: Bool { earlierBest.map { WeeklyBest.thousandths(best) > WeeklyBest.thousandths($0) } ?? false }

        /// The running best before this week, nil for the first week (the baseline).
        let earlierBest: Double?
        /// The stretch of the line (0, 1, …): a new one starts after more than ``maxGapWeeks``
        /// weeks without data.
        let segment: Int
    }

    /// More empty weeks than this between two weeks with data break the line.
    static let maxGapWeeks = 4

    /// The weeks with data, oldest first.
    let weeks: [Week]

    /// Groups `points` by the calendar's weeks and keeps each week's greatest value.
    /// - Parameters:
    ///   - points: `(day, value)` pairs in any order; non-finite values count as 0.
    ///   - calendar: The training calendar (its week start).
    init(points: [(date: CivilDate, value: Double)], calendar: TrainingCalendar) {
        var weeks: [Week] = []
        for (start, best) in Self.bestByWeek(points, calendar: calendar) {
            guard let previous = weeks.last else {
                weeks.append(Week(start: start, best: best, earlierBest: nil, segment: 0))
                continue
            }
            let emptyWeeks = calendar.weeks(from: previous.start, to: start) - 1
            weeks.append(Week(
                start: start, best: best, earlierBest: previous.runningBest,
                segment: previous.segment + (emptyWeeks > Self.maxGapWeeks ? 1 : 0)))
        }
        self.weeks = weeks
    }

    /// Each week with points and its greatest value, oldest week first. Points come in day
    /// order from every caller (an exercise's sessions in walk order), so the weeks are gathered
    /// in one pass; a point of an earlier week than the one before it sends the whole series
    /// through a dictionary and a sort, as every series went before (a dictionary per chart
    /// cost 27 M instructions of a 10-year full build). Either way a week's values are folded
    /// with `max` in the points' order, so both give the same numbers.
    static func bestByWeek(_ points: [(date: CivilDate, value: Double)], calendar: TrainingCalendar) -> [(start: CivilDate, best: Double)] {
        var weeks: [(start: CivilDate, best: Double)] = []
        for point in points {
            let start = calendar.weekStart(of: point.date)
            guard let last = weeks.last else {
                weeks.append((start, max(-.infinity, ChartScale.clean(point.value))))
                continue
            }
            if last.start == start {
                weeks[weeks.count - 1].best = max(last.best, ChartScale.clean(point.value))
            } else if last.start < start {
                weeks.append((start, max(-.infinity, ChartScale.clean(point.value))))
            } else {
                return bestByWeekUnordered(points, calendar: calendar)
            }
        }
        return weeks
    }

    /// ``bestByWeek(_:calendar:)`` for points in any order.
    static func bestByWeekUnordered(_ points: [(date: CivilDate, value: Double)], calendar: TrainingCalendar) -> [(start: CivilDate, best: Double)] {
        var bestByWeek: [CivilDate: Double] = [:]
        for point in points {
            let start = calendar.weekStart(of: point.date)
            bestByWeek[start] = max(bestByWeek[start] ?? -.infinity, ChartScale.clean(point.value))
        }
        return bestByWeek.keys.sorted().map { ($0, bestByWeek[$0] ?? 0) }
    }

    /// The weeks split into the stretches the line is drawn in.
    var segments: [[Week]] {
        var result: [[Week]] = []
        for week in weeks {
            if week.segment == result.count - 1 { result[result.count - 1].append(week) } else { result.append([week]) }
        }
        return result
    }

    fileprivate static func thousandths(_ value: Double) -> Double { (value * 1000).rounded() }
}
