/// One line of the terminal summary (``StatsSummary``): pieces of text, some marked with what they
/// show so the command printing them can colour them. The core never writes terminal codes.
public struct SummaryLine: Sendable, Equatable, ExpressibleByStringLiteral {
    /// What a marked piece shows.
    public enum Mark: Sendable, Equatable {
        /// The summary's title.
        case title
        /// A warning (workouts after today ignored).
        case warning
        /// A day's mark in the week calendar.
        case day(DayState)
    }

    /// A piece of a line.
    public struct Span: Sendable, Equatable {
        /// The text.
        public let text: String
        /// What it shows, nil for plain text.
        public let mark: Mark?

        /// A piece of text, marked or plain.
        public init(_ text: String, mark: Mark? = nil) {
            self.text = text
            self.mark = mark
        }
    }

    /// The pieces, left to right.
    public let spans: [Span]

    /// A line of pieces.
    public init(_ spans: [Span]) {
        self.spans = spans
    }

    /// A line of plain text.
    public init(_ text: String) {
        self.init([Span(text)])
    }

    /// A line of plain text.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The line's text without any colour.
    public var text: String { spans.map(\.text).joined() }
}
