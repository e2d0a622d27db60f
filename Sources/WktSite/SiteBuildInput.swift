import WktCore

/// Everything one site build depends on. The same input always gives the same files.
public struct SiteBuildInput: Sendable {
    /// Every workout in the store (future ones are ignored by the statistics and get no page).
    public var history: WorkoutHistory
    /// `wkt-site.toml` (unit, week start, target, formula, schedule, title, author, base URL).
    public var settings: Settings
    /// The resolved "today" (`--today`, `SOURCE_DATE_EPOCH` or the clock).
    public var today: CivilDate
    /// `--base-url`; overrides `settings.baseURL` when set.
    public var baseURL: String?
    /// `--templates DIR`: Mustache templates that replace the built-in ones by name.
    public var templatesDirectory: String?
    /// Reuse of the previous build's unchanged pages (``PageReuse``); nil renders every page and
    /// records no manifest.
    public var pageReuse: PageReuse?

    /// Creates a build input.
    /// - Parameters:
    ///   - history: all workouts.
    ///   - settings: the configuration.
    ///   - today: the day the site is built for.
    ///   - baseURL: an absolute `http(s)` URL that overrides `settings.baseURL`, or nil.
    ///   - templatesDirectory: a directory of template overrides, or nil for the built-ins.
    ///   - pageReuse: reuse of the previous build's unchanged pages, or nil.
    public init(
        history: WorkoutHistory, settings: Settings, today: CivilDate, baseURL: String? = nil,
        templatesDirectory: String? = nil, pageReuse: PageReuse? = nil
    ) {
        self.pageReuse = pageReuse
        self.history = history
        self.settings = settings
        self.today = today
        self.baseURL = baseURL
        self.templatesDirectory = templatesDirectory
    }

    /// The base URL in force: `baseURL`, else `settings.baseURL`, else nil.
    public var effectiveBaseURL: String? { baseURL ?? settings.baseURL }
}
