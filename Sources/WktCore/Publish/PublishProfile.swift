/// What a published site leaves out: `[publish]` in `wkt-site.toml` (docs/product.md "Publishing:
/// what a public site reveals").
///
/// The profile is applied in one place, ``redact(_:calendar:)``: the history the site is built
/// from loses the hidden values before any statistic or page is computed, so no page, feed,
/// `stats.json`, sitemap or marker can show them, whatever a template prints. `wkt-site build
/// --private` builds without a profile (a personal copy).
public struct PublishProfile: Sendable, Hashable {
    /// A kind of value `hide` can name; the raw values are the names `wkt-site.toml` uses.
    public enum Field: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Workout, exercise and set notes (every Markdown note).
        case notes
        /// Check-in values (`energy`, `knee_pain`, …).
        case checkIns = "check_ins"
        /// The per-exercise pain flags ("irritated my knees").
        case painFlags = "pain_flags"
        /// Workout ratings (1–5 stars).
        case ratings
        /// Times of day: starts keep their training day, lose clock time and UTC offset.
        case times
        /// Bodyweight: the measurements of the history (``WorkoutHistory/body``) and everything
        /// computed from them.
        case bodyweight

        public static func < (lhs: Field, rhs: Field) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// The kinds of value left out.
    public var hide: Set<Field>
    /// Whether every page asks search engines not to index it (a robots meta tag and
    /// `robots.txt`).
    public var noindex: Bool

    /// Creates a profile; the default hides nothing and allows indexing.
    public init(hide: Set<Field> = [], noindex: Bool = false) {
        self.hide = hide
        self.noindex = noindex
    }

    /// Whether values of `field` are left out.
    public func hides(_ field: Field) -> Bool { hide.contains(field) }

    /// The history as a public site may show it: every hidden value removed.
    ///
    /// - `notes`: workout, exercise and set notes become nil.
    /// - `check_ins`: every check-in value is removed.
    /// - `pain_flags`: every exercise's pain flag becomes false.
    /// - `ratings`: ratings become nil.
    /// - `times`: each start becomes its training day (``TrainingCalendar/trainingDay(of:)``) at
    ///   the cutoff hour, `HH:00:00` with `HH` = `day_cutoff_hour` (00:00 by default). That is the
    ///   earliest time that still counts for the same day, so no training day, week, streak or
    ///   statistic moves; a workout logged at 01:30 with a cutoff of 4 shows the day before, the
    ///   day it always counted for. UTC offsets and the source's own key (Strong, Hevy and
    ///   FitNotes keys are the start time as the export wrote it) are dropped, durations kept,
    ///   and ``WorkoutHistory/timesOfDay`` becomes false so pages show no clock time.
    /// - `bodyweight`: every bodyweight measurement is removed (``WorkoutHistory/body`` becomes
    ///   empty), so no page, feed or `stats.json` can show one or a number derived from one.
    ///
    /// Workouts keep their order (workouts of one day stay in the order they were done), their
    /// ids, names, sets, durations, activities and energy, so every statistic that does not read
    /// a hidden value is unchanged.
    /// - Parameters:
    ///   - history: the history as loaded.
    ///   - calendar: the configured training calendar (its day cutoff).
    /// - Returns: the redacted history.
    public func redact(_ history: WorkoutHistory, calendar: TrainingCalendar) -> WorkoutHistory {
        guard !hide.isEmpty else { return history }
        var result = history
        // Assigning in place keeps the walk order: redacted starts of one day are equal, and
        // sorting them again would order that day's workouts by name instead of by time.
        for index in result.workouts.indices {
            result.workouts[index].workout = redact(result.workouts[index].workout, calendar: calendar)
        }
        if hides(.times) { result.timesOfDay = false }
        if hides(.bodyweight) { result.body = [] }
        return result
    }

    /// One workout with the hidden values removed.
    func redact(_ workout: Workout, calendar: TrainingCalendar) -> Workout {
        var redacted = workout
        if hides(.notes) { redacted.notes = nil }
        if hides(.checkIns) { redacted.checkIns = [] }
        if hides(.ratings) { redacted.rating = nil }
        if hides(.times) {
            let day = calendar.trainingDay(of: workout)
            redacted.start = WallTime(date: day, fullHour: calendar.dayCutoffHour)
            redacted.utcOffsetSeconds = nil
            redacted.sourceKey = ""
        }
        if hides(.notes) || hides(.painFlags) {
            for index in redacted.exercises.indices {
                if hides(.painFlags) { redacted.exercises[index].painFlag = false }
                if hides(.notes) {
                    redacted.exercises[index].notes = nil
                    for set in redacted.exercises[index].sets.indices { redacted.exercises[index].sets[set].notes = nil }
                }
            }
        }
        return redacted
    }
}

/// The profile encodes as `{"hide": [names in declaration order], "noindex": bool}`, so the
/// canonical settings encoding (the build fingerprint) does not depend on set order.
extension PublishProfile: Encodable {
    private enum CodingKeys: String, CodingKey { case hide, noindex }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hide.sorted().map(\.rawValue), forKey: .hide)
        try container.encode(noindex, forKey: .noindex)
    }
}
