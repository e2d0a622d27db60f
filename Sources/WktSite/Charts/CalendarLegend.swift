import WktCore

/// The legend every calendar carries: each mark with its meaning.
public struct CalendarLegend: Sendable, Hashable {
    /// Creates the legend.
    public init() {}

    /// A `<ul class="calendar-legend">` with one item per ``DayState``, in the order ✓ ● ○ ✗ ·,
    /// each carrying the state's CSS class and the mark as text.
    public var html: String {
        var out = "<ul class=\"calendar-legend\" aria-label=\"Calendar legend\">\n"
        for state in DayState.allCases {
            out += "<li class=\"\(state.cssClass)\"><span class=\"day-mark\" aria-hidden=\"true\">\(state.symbol)</span> "
                + "\(state.meaning)</li>\n"
        }
        return out + "</ul>"
    }
}
