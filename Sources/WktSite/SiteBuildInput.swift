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
    /// The previous build, whose unchanged workout and exercise pages this build may take over
    /// (``IncrementalBuild``); ``PreviousSite/none`` renders every page; nil renders every page
    /// and records no page manifest.
    public var previousSite: PreviousSite?
    /// Who renders (``BuildFingerprint/renderer``): pages recorded by another renderer are never
    /// taken over.
    public var renderer: String
    /// Goals derived from this build's own statistics, for a configuration without `[[goals]]`:
    /// given the report, the goals the build then shows exactly as if ``settings`` had them
    /// (``StatsReport/goals``, the build ID, page keys). WktApp sets it for the demo's goals,
    /// which would otherwise take a statistics pass of their own before the build. Ignored when
    /// ``settings`` has goals.
    public var derivedGoals: (@Sendable (StatsReport) -> [Goal])?
    /// Gives the allocator's free memory back to the system (WktApp: `AllocatorTuning`), called
    /// when the previous build's pages, read early, turn out unusable (``IncrementalBuild``).
    public var releaseFreeMemory: @Sendable () -> Void = {}

    /// Creates a build input.
    /// - Parameters:
    ///   - history: all workouts.
    ///   - settings: the configuration.
    ///   - today: the day the site is built for.
    ///   - baseURL: an absolute `http(s)` URL that overrides `settings.baseURL`, or nil.
    ///   - templatesDirectory: a directory of template overrides, or nil for the built-ins.
    ///   - previousSite: the previous build, or nil.
    ///   - renderer: the renderer's identity.
    public init(
        history: WorkoutHistory, settings: Settings, today: CivilDate, baseURL: String? = nil,
        templatesDirectory: String? = nil, previousSite: PreviousSite? = nil, renderer: String = "in-process"
    ) {
        self.previousSite = previousSite
        self.renderer = renderer
        self.history = history
        self.settings = settings
        self.today = today
        self.baseURL = baseURL
        self.templatesDirectory = templatesDirectory
    }

    /// The base URL in force: `baseURL`, else `settings.baseURL`, else nil.
    public var effectiveBaseURL: String? { baseURL ?? settings.baseURL }

    /// The history the site is built from: ``history`` with what `[[ignore]]` excludes left out
    /// (``DataQuality/assess(history:settings:today:)``, which also gives the Data quality
    /// page's report) and then what `settings.publish` hides removed
    /// (``PublishProfile/redact(_:calendar:)``, which also drops bodyweight measurements when
    /// `bodyweight` is hidden), before any statistic or page is computed.
    public var publishedHistory: (history: WorkoutHistory, quality: QualityReport) {
        let outcome = IgnoreList.apply(settings.ignore, to: history)
        return (published(outcome.history), DataQuality.report(of: outcome, settings: settings, today: today))
    }

    /// ``publishedHistory`` with its statistics (``StatsEngine`` under ``publishedSettings``)
    /// and `beside` of the published history. The quality rules and the statistics read the
    /// same history but not each other's results, so they run side by side (both come before
    /// any page can start). `beside` runs after the quality rules on their thread: they finish
    /// well before the statistics (the 10-year demo: 80 against 153 million instructions), so
    /// work that needs only the published history (the build ID) fills a core that would
    /// otherwise wait.
    ///
    /// With ``derivedGoals`` (and no configured goals) the report's goals are the derived ones,
    /// computed by ``GoalEngine`` from the report as ``StatsEngine`` computes configured goals
    /// (goals change nothing else in the report), and returned as `goals` for the caller to put
    /// into its settings; otherwise `goals` is nil.
    func publishedStatistics<Beside: Sendable>(
        beside: @Sendable (WorkoutHistory) -> Beside
    ) -> (history: WorkoutHistory, quality: QualityReport, report: StatsReport, goals: [Goal]?, beside: Beside) {
        let outcome = IgnoreList.apply(settings.ignore, to: history)
        let published = published(outcome.history)
        let (settings, today) = (self.settings, self.today)
        let statisticsSettings = publishedSettings
        let derive = settings.goals.isEmpty ? derivedGoals : nil
        let ((quality, besideResult), (report, goals)) = ParallelMap.pair(
            { (DataQuality.report(of: outcome, settings: settings, today: today), beside(published)) },
            { () -> (StatsReport, [Goal]?) in
                var report = StatsEngine.compute(history: published, settings: statisticsSettings, today: today)
                guard let derive else { return (report, nil) }
                let goals = derive(report)
                report.goals = GoalEngine.compute(
                    goals: goals, exercises: report.exercises, calendar: report.calendar, today: today)
                return (report, goals)
            })
        return (published, quality, report, goals, besideResult)
    }

    /// `kept` with what `settings.publish` hides removed.
    private func published(_ kept: WorkoutHistory) -> WorkoutHistory {
        settings.publish.map { $0.redact(kept, calendar: TrainingCalendar(settings: settings)) } ?? kept
    }

    /// The settings the site is computed with: ``settings`` without `bodyweight_kg` when
    /// `[publish]` hides `bodyweight` (docs/product.md "Publishing: what a public site reveals"):
    /// with it, no chart, `× BW`, DOTS or effective load of an assisted set can reveal a weight.
    public var publishedSettings: Settings {
        guard settings.publish?.hides(.bodyweight) == true else { return settings }
        var published = settings
        published.body.bodyweightKg = nil
        return published
    }
}
