/// The mark of one day in the weekly calendar (STATS.md, "The weekly calendar").
///
/// Every state is shown as a text mark plus a CSS class, never by colour alone.
public enum DayState: String, Sendable, Hashable, CaseIterable {
    /// At least one workout on that training day (today included): ✓.
    case done
    /// Today, nothing logged yet: ●.
    case today
    /// Planned by `[schedule]` and still ahead: ○.
    case planned
    /// Planned by `[schedule]`, in the past, not done: ✗.
    case missed
    /// Not planned, nothing done: ·.
    case rest

    /// The text mark: ✓ ● ○ ✗ ·.
    public var mark: String {
        switch self {
        case .done: "✓"
        case .today: "●"
        case .planned: "○"
        case .missed: "✗"
        case .rest: "·"
        }
    }

    /// The CSS class of a cell in this state (`day-done`, …).
    public var cssClass: String { "day-" + rawValue }

    /// The words for screen readers and the legend (`done`, `today, nothing logged yet`, …).
    public var meaning: String {
        switch self {
        case .done: "done"
        case .today: "today, nothing logged yet"
        case .planned: "planned"
        case .missed: "missed"
        case .rest: "rest"
        }
    }
}
