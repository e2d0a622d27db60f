/// The state of one day in the weekly calendar (docs/statistics.md "The weekly calendar").
public enum DayState: String, Sendable, Hashable, CaseIterable {
    /// At least one workout on that training day (today included).
    case done
    /// Today, nothing logged yet.
    case today
    /// Planned by the schedule and still ahead.
    case planned
    /// Planned by the schedule, in the past, not done.
    case missed
    /// Not planned, nothing done.
    case rest

    /// The state name, also the CSS class suffix: `done|today|planned|missed|rest`.
    public var name: String { rawValue }

    /// The mark: ✓ ● ○ ✗ ·.
    public var symbol: String { symbolText.description }

    /// ``symbol`` as literal text, for writers of bytes.
    public var symbolText: StaticString {
        switch self {
        case .done: "✓"
        case .today: "●"
        case .planned: "○"
        case .missed: "✗"
        case .rest: "·"
        }
    }
}

/// One day of a weekly calendar row.
public struct DayMark: Sendable, Equatable {
    /// The day.
    public var date: CivilDate
    /// Its state.
    public var state: DayState
    /// Workouts on that training day (0 unless done).
    public var workouts: Int
    /// The routine the schedule plans for that weekday, nil on unplanned days.
    public var routine: String?

    /// Creates a mark.
    public init(date: CivilDate, state: DayState, workouts: Int = 0, routine: String? = nil) {
        self.date = date
        self.state = state
        self.workouts = workouts
        self.routine = routine
    }

    /// `done|today|planned|missed|rest`.
    public var name: String { state.name }
    /// ✓ ● ○ ✗ ·.
    public var symbol: String { state.symbol }
}
