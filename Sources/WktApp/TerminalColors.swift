import WktCore

/// ANSI SGR colours for the terminal summary of `wkt-site stats`: the core marks what a piece of
/// text shows (``SummaryLine/Mark``), this decides how it looks on a terminal.
enum TerminalColors {
    /// The lines, each ending in a newline; coloured only when `color` (a terminal and no
    /// `NO_COLOR`), the same characters otherwise.
    static func render(_ lines: [SummaryLine], color: Bool) -> String {
        lines.map { line in
            line.spans.map { span in
                guard color, let mark = span.mark else { return span.text }
                return "\u{1B}[\(code(mark))m" + span.text + "\u{1B}[0m"
            }.joined() + "\n"
        }.joined()
    }

    /// The SGR parameters of a mark: bold title, yellow warning, green done, bold yellow today,
    /// cyan planned, red missed, dim rest.
    static func code(_ mark: SummaryLine.Mark) -> String {
        switch mark {
        case .title: "1"
        case .warning: "33"
        case .day(.done): "32"
        case .day(.today): "1;33"
        case .day(.planned): "36"
        case .day(.missed): "31"
        case .day(.rest): "2"
        }
    }
}
