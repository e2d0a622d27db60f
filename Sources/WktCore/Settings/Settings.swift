/// Everything `wkt-site.toml` can set (docs/statistics.md "Calendar model", docs/product.md).
///
/// The defaults are the documented ones; `WktConfig.ConfigLoader` validates a file into this type,
/// so values reaching the statistics are already in range. ``TrainingCalendar`` still clamps
/// out-of-range values defensively, because this struct can also be built in code.
public struct Settings: Sendable, Equatable, Encodable {
    /// IANA time zone id (`Europe/Berlin`): used only to find "today" and to give zone-less
    /// instants a wall time. Statistics themselves never depend on it.
    public var timezone: String
    /// First day of a statistics week; `.monday` gives ISO weeks (`2026-W47`).
    public var weekStart: Weekday
    /// 0–23: a workout starting before this hour counts for the previous training day.
    public var dayCutoffHour: Int
    /// Workouts a week needs to keep the week streak (≥ 1).
    public var weeklyTarget: Int
    /// Display unit; the store and `stats.json` are always kilograms.
    public var unit: WeightUnit
    /// The estimated-one-rep-max formula for records and PR events.
    public var e1rmFormula: E1RMFormula
    /// The planned routine per weekday from `[schedule]`; it wins over a stored schedule.
    public var schedule: Schedule?
    /// Site title.
    public var title: String?
    /// Site author.
    public var author: String?
    /// Absolute base URL of the published site, when known (`base_url`).
    public var baseURL: String?
    /// `[publish]`: what a published site leaves out, and whether it may be indexed; nil without
    /// the table, and for `wkt-site build --private` (docs/product.md "Publishing: what a public
    /// site reveals"). Optional so that a configuration without it encodes as before.
    public var publish: PublishProfile?
    /// `[muscles]`: per-exercise muscles and the `assisted` flag (docs/statistics.md "Sets per
    /// muscle", "Assisted exercises"); empty without the table.
    public var muscles = MuscleOverrides()
    /// `[[ignore]]`: workouts, exercises and sets excluded from every statistic, in config order
    /// (docs/statistics.md "Data quality: [[ignore]]"); empty without entries.
    public var ignore: [IgnoreEntry] = []
    /// `bodyweight_kg`, `sex` and `[big_three]` (docs/statistics.md "Bodyweight on a day", "DOTS
    /// (estimated)").
    public var body = BodySettings()
    /// `[[goals]]`: targets per exercise and metric, in config order (docs/statistics.md "Goals");
    /// empty without the table.
    public var goals: [Goal] = []
    /// `muscle_sets_target = [low, high]`: weekly sets per muscle to aim for (docs/statistics.md
    /// "Sets per muscle"); nil without the key.
    public var muscleSetsTarget: MuscleSetsTarget?

    /// Creates settings; every parameter but the zone has the documented default.
    public init(
        timezone: String, weekStart: Weekday = .monday, dayCutoffHour: Int = 0, weeklyTarget: Int = 1,
        unit: WeightUnit = .kg, e1rmFormula: E1RMFormula = .epley, schedule: Schedule? = nil,
        title: String? = nil, author: String? = nil, baseURL: String? = nil, publish: PublishProfile? = nil
    ) {
        self.timezone = timezone
        self.weekStart = weekStart
        self.dayCutoffHour = dayCutoffHour
        self.weeklyTarget = weeklyTarget
        self.unit = unit
        self.e1rmFormula = e1rmFormula
        self.schedule = schedule
        self.title = title
        self.author = author
        self.baseURL = baseURL
        self.publish = publish
    }

    /// The schedule that drives ○ and ✗: `[schedule]` from the config when present, else the one
    /// stored with imported data (wkt JSON, Gym-Baazi), else none. An empty `[schedule]` table is
    /// present: it means "no plan" and turns a stored schedule off. A `[schedule]` with only
    /// `since` keeps the stored plan's weekdays and starts them on that day (docs/statistics.md
    /// "The weekly calendar").
    public func effectiveSchedule(stored: Schedule?) -> Schedule? {
        var chosen = schedule ?? stored
        if let configured = schedule, configured.isEmpty, let since = configured.since, let stored {
            chosen = Schedule(days: stored.days, since: since)
        }
        guard let chosen, !chosen.isEmpty else { return nil }
        return chosen
    }
}
