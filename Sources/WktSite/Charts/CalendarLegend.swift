import WktCore

/// The legend every calendar carries: each mark that can occur on the page with its meaning.
public struct CalendarLegend: Sendable, Hashable {
    /// The states listed, in ``WktCore/DayState`` order.
    public let states: [DayState]

    /// A legend of every state.
    public init() { self.states = DayState.allCases }

    /// A legend of the states in `states` only (docs/product.md "Calendar days": the legend lists
    /// only marks that can occur, so a site without a schedule shows no ○ planned or ✗ missed),
    /// in the order ✓ ● ○ ✗ · whatever the order given.
    public init(states: some Sequence<DayState>) {
        let present = Set(states)
        self.states = DayState.allCases.filter(present.contains)
    }

    /// A `<ul class="calendar-legend">` with one item per listed ``DayState``, in the order
    /// ✓ ● ○ ✗ ·, each carrying the state's CSS class and the mark as text.
    public var html: String {
        var out = "<ul class=\"calendar-legend\" aria-label=\"Calendar legend\">\n"
        for state in states {
            out += "<li class=\"\(state.cssClass)\"><span class=\"day-mark\" aria-hidden=\"true\">\(state.symbol)</span> "
                + "\(state.meaning)</li>\n"
        }
        return out + "</ul>"
    }
}
