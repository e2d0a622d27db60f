/// Sets per muscle (docs/statistics.md "Sets per muscle"): fractional working sets per muscle and
/// week, the untrained muscles and the unmapped exercises. Computed once by ``StatsEngine`` from
/// the report's counted workouts; pure.
///
/// Rules: every working set of a mapped exercise counts 1.0 for its primary muscle and 0.5 for
/// each secondary one, in the week of its workout's training day (warm-ups and undone sets are no
/// working sets, see docs/statistics.md). A session (one exercise in one workout) of an
/// unmapped exercise whose working sets have no reps at all (only time or distance: cardio, a
/// hold) counts nowhere; any other session of an unmapped exercise is listed under ``unmapped``.
public struct MuscleSets: Sendable, Equatable {
    /// Complete weeks averaged in ``MuscleRow/average``.
    public static let averageWeeks = 4
    /// Days looked back for ``untrained``, today included.
    public static let untrainedDays = 14

    /// One muscle's sets per week.
    public struct MuscleRow: Sendable, Equatable {
        /// The muscle.
        public let muscle: Muscle
        /// Sets per week, aligned with ``StatsReport/weeks`` (oldest first, the last is this week).
        public internal(set) var weeks: [Double]
        /// Sets in the last ``untrainedDays`` days, today included.
        public internal(set) var recent: Double

        /// Sets this week (0 without weeks).
        public var thisWeek: Double { weeks.last ?? 0 }
        /// Sets last week; nil when the history starts this week.
        public var lastWeek: Double? { weeks.count >= 2 ? weeks[weeks.count - 2] : nil }
        /// The average of the last ``averageWeeks`` complete weeks (the weeks before this one),
        /// over fewer when the history has fewer; nil when it has none.
        public var average: Double? {
            let complete = weeks.dropLast().suffix(MuscleSets.averageWeeks)
            guard !complete.isEmpty else { return nil }
            return complete.reduce(0, +) / Double(complete.count)
        }
    }

    /// An exercise without a mapping and its working sets over the whole history.
    public struct Unmapped: Sendable, Equatable {
        /// The exercise name (NFC).
        public let exercise: String
        /// Its working sets in counted sessions (sessions with reps).
        public let workingSets: Int
    }

    /// All 17 muscles sorted by name, zeros included.
    public let muscles: [MuscleRow]
    /// Unmapped exercises sorted by name (code points).
    public let unmapped: [Unmapped]
    /// How many complete weeks ``MuscleRow/average`` averages (0…``averageWeeks``).
    public let averagedWeeks: Int
    /// The `muscle_sets_target` in force, if any.
    public let target: MuscleSetsTarget?

    /// No weeks, no unmapped exercises: the value before the engine fills it in.
    public static let empty = MuscleSets(muscles: Muscle.allCases.sorted().map { MuscleRow(muscle: $0, weeks: [], recent: 0) },
                                         unmapped: [], averagedWeeks: 0, target: nil)

    init(muscles: [MuscleRow], unmapped: [Unmapped], averagedWeeks: Int, target: MuscleSetsTarget?) {
        self.muscles = muscles
        self.unmapped = unmapped
        self.averagedWeeks = averagedWeeks
        self.target = target
    }

    /// Muscles with no set in the last ``untrainedDays`` days, sorted by name.
    public var untrained: [Muscle] { muscles.filter { $0.recent == 0 }.map(\.muscle) }

    /// The row of `muscle`.
    public func row(_ muscle: Muscle) -> MuscleRow {
        muscles.first { $0.muscle == muscle } ?? MuscleRow(muscle: muscle, weeks: [], recent: 0)
    }

    /// Counts the sets of `report`'s counted workouts.
    /// - Parameters:
    ///   - report: the statistics (weeks, workouts, calendar, today).
    ///   - settings: `[muscles]` and `muscle_sets_target`.
    ///   - categories: each exercise's latest FitNotes category by NFC name
    ///     (``MuscleResolver/latestCategories(_:)``), the fallback for names nothing else knows.
    /// - Returns: the sets per muscle.
    public static func compute(
        report: StatsReport, settings: Settings, categories: [String: String] = [:]
    ) -> MuscleSets {
        let resolver = MuscleResolver(overrides: settings.muscles)
        let order = Muscle.allCases.sorted()
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        var rows = order.map { MuscleRow(muscle: $0, weeks: Array(repeating: 0, count: report.weeks.count), recent: 0) }
        // What each name's sessions add to, resolved once per name: the rows and shares in the
        // order the rules add them (primary, then each secondary), so the sums are the same
        // doubles. Resolving and allocating a list of shares per session, and looking up each
        // muscle's row, was most of this function's 44 M instructions (callgrind, 10-year demo).
        var targets: [String: SessionTarget] = [:]
        var unmappedSets: [String: Int] = [:]
        let recentFrom = report.today.adding(days: -(untrainedDays - 1))
        let first = report.weeks.first?.start
        for workout in report.workouts {
            guard let first else { break }
            let week = report.calendar.weeks(from: first, to: workout.trainingDay)
            let isRecent = workout.trainingDay >= recentFrom
            for exercise in workout.exercises where exercise.workingSets > 0 {
                let target: SessionTarget
                if let known = targets[exercise.name] {
                    target = known
                } else {
                    target = SessionTarget(resolver.resolve(exercise.name, category: categories[exercise.name]), position: position)
                    targets[exercise.name] = target
                }
                switch target {
                case .nowhere:
                    continue
                case .unmapped:
                    if exercise.reps > 0 { unmappedSets[exercise.name, default: 0] += exercise.workingSets }
                case .rows(let shares):
                    let sets = Double(exercise.workingSets)
                    for (index, share) in shares {
                        if rows[index].weeks.indices.contains(week) { rows[index].weeks[week] += sets * share }
                        if isRecent { rows[index].recent += sets * share }
                    }
                }
            }
        }
        let unmapped = unmappedSets.map { Unmapped(exercise: $0.key, workingSets: $0.value) }
            .sorted { CanonicalName.precedes($0.exercise, $1.exercise) }
        return MuscleSets(
            muscles: rows, unmapped: unmapped, averagedWeeks: min(averageWeeks, max(0, report.weeks.count - 1)),
            target: settings.muscleSetsTarget)
    }
}

/// Where ``MuscleSets/compute(report:settings:categories:)`` counts the sessions of one name.
private enum SessionTarget {
    /// Nowhere (``CategoryMapping/nowhere``: cardio).
    case nowhere
    /// Under ``MuscleSets/unmapped`` when the session has reps.
    case unmapped
    /// These rows of ``MuscleSets/muscles`` with these shares: the primary muscle 1.0, then each
    /// secondary one 0.5, in the mapping's order.
    case rows([(index: Int, share: Double)])

    init(_ resolved: CategoryMapping?, position: [Muscle: Int]) {
        switch resolved {
        case .nowhere?: self = .nowhere
        case nil: self = .unmapped
        case .mapped(let mapping)?:
            self = .rows(([(mapping.primary, 1.0)] + mapping.secondary.map { ($0, 0.5) }).compactMap { muscle, share in
                position[muscle].map { (index: $0, share: share) }
            })
        }
    }
}

/// `muscle_sets_target = [low, high]`: the weekly sets per muscle a lifter aims for
/// (docs/statistics.md "Sets per muscle").
public struct MuscleSetsTarget: Sendable, Hashable, Encodable {
    /// The fewest sets that are within the target.
    public let low: Double
    /// The most sets that are within the target (≥ ``low``).
    public let high: Double

    /// Creates a target; the configuration reader guarantees `0 ≤ low ≤ high`, both finite.
    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// Where a muscle stands against the target.
    public enum Status: String, Sendable {
        case under, within, over
    }

    /// `10–20`, `7.5–12.25`: both bounds as written, up to three decimals.
    public var text: String {
        DecimalFormat.grouped(low, decimals: 3, minDecimals: 0) + "–" + DecimalFormat.grouped(high, decimals: 3, minDecimals: 0)
    }

    /// `under` below ``low``, `over` above ``high``, else `within`.
    public func status(of sets: Double) -> Status {
        sets < low ? .under : sets > high ? .over : .within
    }
}
