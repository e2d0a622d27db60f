/// The frame of one share card (docs/product.md "Share cards"): a standalone SVG document with
/// a fixed size and `viewBox`, `role="img"`, a `<title>` and a `<desc>` tied to it by
/// `aria-labelledby` (``SVGMarkup``), its own `<style>` (a system font stack, light colours and a
/// `prefers-color-scheme: dark` variant; no font, stylesheet or image is loaded from anywhere), a
/// rounded background and the heading.
struct CardFrame: ~Copyable {
    /// The size of the streaks and lifts cards, the size of the common README stat cards.
    static let small = (width: 495, height: 195)

    /// Left and right margin.
    static let margin = 20.0

    /// The writer, open for the card's content.
    var svg: SVGMarkup
    /// The card's width.
    let width: Double
    /// The card's height.
    let height: Double

    /// Opens a card: the `<svg>` with title and description, the style, the background and the
    /// heading (the title).
    /// - Parameters:
    ///   - id: The card's ID (prefix of its `<title>` and `<desc>` IDs).
    ///   - kind: A class for the `<svg>` element (`card-streaks`).
    ///   - width: Width in pixels (also the `viewBox` width).
    ///   - height: Height in pixels.
    ///   - title: The heading and `<title>` (raw text).
    ///   - description: The `<desc>`: the card's numbers in a sentence (raw text).
    init(id: ChartID, kind: String, width: Int, height: Int, title: String, description: String) {
        svg = SVGMarkup(id: id, kind: "share-card " + kind, width: width, height: height, title: title, description: description)
        self.width = Double(width)
        self.height = Double(height)
        svg.style(Self.css)
        svg.rect(x: 0.5, y: 0.5, width: self.width - 1, height: self.height - 1, className: "frame", corner: 6)
        svg.label(title, x: Self.margin, y: 30, className: "heading")
    }

    /// A card that only says `message` under its heading (no workouts yet).
    static func message(_ message: String, id: ChartID, kind: String, width: Int, height: Int, title: String) -> String {
        var frame = CardFrame(id: id, kind: kind, width: width, height: height, title: title, description: "\(title): \(message)")
        frame.svg.label(message, x: frame.width / 2, y: frame.height / 2 + 12, className: "empty", anchor: "middle")
        return frame.finish()
    }

    /// Closes the card: the SVG document with a final line break.
    consuming func finish() -> String {
        svg.finish() + "\n"
    }

    /// The card's style: the site's colours (assets/style.css, the heatmap's at least 3:1 against
    /// empty days) for light and dark schemes.
    static let css = """
        svg{color:#1b2230;font-family:system-ui,-apple-system,Segoe UI,Roboto,Helvetica Neue,Arial,Noto Sans,\
        Liberation Sans,sans-serif;font-size:12px;font-variant-numeric:tabular-nums}
        text{fill:currentColor}
        .frame{fill:#ffffff;stroke:#dfe3ea}
        .heading{font-size:16px;font-weight:600}
        .label{font-weight:600}
        .value{font-size:28px;font-weight:700;color:#2449c4}
        .lift-value{font-weight:700}
        .small{font-size:11px}
        .muted,.axis,.legend,.empty{color:#5d6778}
        .empty{font-size:14px}
        .track{fill:#eceff3}
        .bar{fill:#2f5bea}
        .l0{fill:#eceff3;stroke:#dfe3ea}
        .l1{fill:#5f7fe0}
        .l2{fill:#2f5bea}
        .l3{fill:#1f3fb0}
        .l4{fill:#142c78}
        .future{fill:none;stroke:#dfe3ea;stroke-dasharray:2 2}
        @media (prefers-color-scheme:dark){
        svg{color:#e6e9ef}
        .frame{fill:#161b22;stroke:#2b323d}
        .muted,.axis,.legend,.empty{color:#9aa4b4}
        .value{color:#8eacff}
        .track,.l0{fill:#1f252e}
        .bar{fill:#7096ff}
        .l0,.future{stroke:#2b323d}
        .l1{fill:#4a72e0}
        .l2{fill:#7096ff}
        .l3{fill:#a9bfff}
        .l4{fill:#dbe4ff}
        }
        """
}
