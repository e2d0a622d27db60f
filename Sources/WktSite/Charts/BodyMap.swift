import WktCore

/// A front and back body map (inline SVG) with one region per muscle, shaded by this week's sets
/// in five ranges (docs/product.md "The Muscles page"): 0, under 5, 5–9.5, 10–20 and over 20. Every region carries its muscle, sets and range as a tooltip; the legend writes each range
/// as text, and the page gives the same numbers in a table, so nothing is told by colour alone.
struct BodyMap: Sendable {
    /// The five ranges, lowest first, as the legend writes them. Sets per muscle are whole or
    /// half numbers (1.0 and 0.5 per set), so `5–9.5` is every value from 5 to under 10.
    static let rangeTexts = ["0 sets", "under 5 sets", "5–9.5 sets", "10–20 sets", "over 20 sets"]

    /// The shading level 0…4 of `sets`.
    static func level(_ sets: Double) -> Int {
        if !(sets > 0) { return 0 }
        if sets < 5 { return 1 }
        if sets < 10 { return 2 }
        return sets <= 20 ? 3 : 4
    }

    /// The chart's ID (unique on its page).
    let id: ChartID
    /// The title (raw text).
    let title: String
    /// Sets per muscle to shade by.
    let sets: [Muscle: Double]
    /// Whether to draw the small version (the dashboard).
    var small = false

    /// The `<svg>`: role `img`, title, a description that lists every muscle's sets.
    func svg() -> String {
        let width = 360, height = 346
        var markup = SVGMarkup(
            id: id, kind: "body-map" + (small ? " body-map-small" : ""), width: width, height: height,
            title: title, description: summary)
        for (side, offset) in [(BodyShapes.front, 0.0), (BodyShapes.back, 180.0)] {
            markup.openGroup("body-outline")
            markup.circle(cx: 80 + offset, cy: 24, r: 16)
            for outline in BodyShapes.outline { markup.polygon(Self.shift(outline, offset)) }
            markup.closeGroup()
            for region in side {
                let value = sets[region.muscle] ?? 0
                let level = Self.level(value)
                let tooltip = "\(Self.name(region.muscle)): \(Self.setsText(value)) (\(Self.rangeTexts[level]))"
                markup.polygon(Self.shift(region.points, offset), className: "mz l\(level)", tooltip: tooltip)
            }
        }
        markup.openGroup("axis body-map-label", attributes: "fill=\"currentColor\" text-anchor=\"middle\"")
        markup.label("Front", x: 80, y: 340)
        markup.label("Back", x: 260, y: 340)
        markup.closeGroup()
        return markup.finish()
    }

    /// `Sets this week: chest 12, lats 9.5, …; none for neck, calves.`
    var summary: String {
        let ordered = Muscle.allCases.sorted()
        let trained = ordered.filter { (sets[$0] ?? 0) > 0 }
        let untrained = ordered.filter { (sets[$0] ?? 0) <= 0 }
        var text = trained.isEmpty ? "no sets for any muscle"
            : trained.map { "\(Self.name($0)) \(TextFormat.short(sets[$0] ?? 0))" }.joined(separator: ", ")
        if !untrained.isEmpty, !trained.isEmpty { text += "; none for " + untrained.map(Self.name).joined(separator: ", ") }
        return text
    }

    /// The legend: one swatch per range, with its text.
    static var legendHTML: String {
        var out = "<ul class=\"chart-legend body-map-legend\">\n"
        for (level, text) in rangeTexts.enumerated() {
            out += "<li><svg class=\"legend-key body-map-key\" viewBox=\"0 0 14 14\" width=\"14\" height=\"14\" aria-hidden=\"true\""
                + " focusable=\"false\"><rect class=\"mz l\(level)\" x=\"1\" y=\"1\" width=\"12\" height=\"12\"/></svg> "
                + text + "</li>\n"
        }
        return out + "</ul>"
    }

    /// `lower back`: the muscle's name for people.
    static func name(_ muscle: Muscle) -> String {
        String(muscle.rawValue.map { $0 == "_" ? " " : $0 })
    }

    /// `1 set`, `12.5 sets`.
    static func setsText(_ value: Double) -> String {
        TextFormat.short(value) + (TextFormat.short(value) == "1" ? " set" : " sets")
    }

    private static func shift(_ points: [(x: Double, y: Double)], _ offset: Double) -> [(x: Double, y: Double)] {
        points.map { ($0.x + offset, $0.y) }
    }
}
