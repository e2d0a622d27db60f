import WktCore

/// How the site shows a day of the weekly calendar (docs/statistics.md "The weekly calendar"): the mark
/// (``WktCore/DayState/symbol``) as text plus a CSS class, never colour alone.
extension DayState {
    /// The CSS class of a cell in this state (`day-done`, …).
    public var cssClass: String { "day-" + rawValue }

    /// The words for screen readers and the legend (`done`, `today, nothing logged yet`, …).
    public var meaning: String { meaningText.description }

    /// ``meaning`` as literal text, for writers of bytes (``WeekRow``). Plain words: nothing in
    /// them needs HTML escaping.
    var meaningText: StaticString {
        switch self {
        case .done: "done"
        case .today: "today, nothing logged yet"
        case .planned: "planned"
        case .missed: "missed"
        case .rest: "rest"
        }
    }
}
