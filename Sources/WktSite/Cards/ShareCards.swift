import WktCore

/// The embeddable SVG cards of `cards/` (docs/product.md "Share cards"), for a GitHub README or
/// any page that shows an image by URL. Each is drawn from the ``SiteModel`` the pages use, so
/// a card never disagrees with the site; with no workouts each card says "No workouts yet", as
/// the dashboard does.
enum ShareCard: String, CaseIterable, Sendable {
    /// This year's training days, like the heatmap of `history/<year>.html`.
    case heatmap
    /// The current and longest week and day streaks, as the dashboard shows them.
    case streaks
    /// The best e1RM of the most-trained exercises (``PageComposer/cardLiftCount``).
    case lifts

    /// `cards/heatmap.svg`.
    var path: String { "cards/\(rawValue).svg" }
}

extension PageComposer {
    /// How many exercises the lifts card shows at most.
    static let cardLiftCount = 4

    /// The card's file.
    func card(_ card: ShareCard) throws(SiteError) -> OutputFile {
        let text = switch card {
        case .heatmap: try heatmapCard()
        case .streaks: try streaksCard()
        case .lifts: try liftsCard()
        }
        return OutputFile(path: card.path, text: text)
    }

    /// The text of an empty store's cards, as on the dashboard.
    static let noWorkouts = "No workouts yet"

    /// `cards/heatmap.svg`: the heatmap of today's year (``yearHeatmap(_:id:)``) with its summary,
    /// 776 × 184.
    private func heatmapCard() throws(SiteError) -> String {
        let id = try Self.chartID("heatmap-card")
        let (width, height) = (Int(YearHeatmap.drawnSize.width + 2 * CardFrame.margin), 184)
        let heatmap = yearHeatmap(site.today.year, id: id)
        guard !site.workouts.isEmpty else {
            return CardFrame.message(Self.noWorkouts, id: id, kind: "card-heatmap", width: width, height: height, title: heatmap.title)
        }
        let summary = heatmap.summary
        var frame = CardFrame(
            id: id, kind: "card-heatmap", width: width, height: height, title: heatmap.title,
            description: "\(heatmap.title): \(summary), as of \(TextFormat.spokenDay(site.today))")
        frame.svg.label(summary, x: frame.width - CardFrame.margin, y: 30, className: "muted", anchor: "end")
        frame.svg.openGroup("heatmap", attributes: "transform=\"translate(\(Int(CardFrame.margin)) 42)\"")
        heatmap.draw(into: &frame.svg)
        frame.svg.closeGroup()
        return frame.finish()
    }

    /// `cards/streaks.svg`: the week and day streaks side by side, 495 × 195.
    private func streaksCard() throws(SiteError) -> String {
        let id = try Self.chartID("streaks-card")
        let (width, height) = CardFrame.small
        let title = "Training streaks"
        guard !site.workouts.isEmpty else {
            return CardFrame.message(Self.noWorkouts, id: id, kind: "card-streaks", width: width, height: height, title: title)
        }
        let report = site.report
        let calendar = report.calendar
        let columns = [
            (label: "Week streak", streak: report.streaks.weeks, unit: "week",
             parts: Self.streakParts(report.streaks.weeks, unit: "week") { calendar.weekLabel(weekContaining: $0) }),
            (label: "Day streak", streak: report.streaks.days, unit: "day",
             parts: Self.streakParts(report.streaks.days, unit: "day") { $0.description }),
        ]
        let target = "A week counts with at least \(TextFormat.plural(report.streaks.weeklyTarget, "workout"))."
        let sentences = columns.map { column in
            "\(column.label) \(TextFormat.plural(column.streak.current, column.unit))"
                + (column.parts.since.map { " (\($0))" } ?? "")
                + (column.parts.longest.map { ", \($0)" } ?? "") + (column.parts.range.map { " (\($0))" } ?? "") + "."
        }
        var frame = CardFrame(
            id: id, kind: "card-streaks", width: width, height: height, title: title,
            description: (sentences + [target]).joined(separator: " "))
        for (index, column) in columns.enumerated() {
            let x = CardFrame.margin + Double(index) * (frame.width - 2 * CardFrame.margin) / 2
            frame.svg.label(column.label, x: x, y: 64, className: "label muted")
            frame.svg.label(TextFormat.plural(column.streak.current, column.unit), x: x, y: 98, className: "value")
            if let since = column.parts.since { frame.svg.label(since, x: x, y: 120, className: "muted") }
            if let longest = column.parts.longest { frame.svg.label(longest, x: x, y: 144) }
            if let range = column.parts.range { frame.svg.label(range, x: x, y: 162, className: "muted small") }
        }
        frame.svg.label(target, x: CardFrame.margin, y: 184, className: "muted small")
        return frame.finish()
    }

    /// `cards/lifts.svg`: the best e1RM of up to ``cardLiftCount`` exercises, the most trained
    /// (``mostTrained``) of those with an e1RM, each with a bar against the largest, 495 × 195.
    private func liftsCard() throws(SiteError) -> String {
        let id = try Self.chartID("lifts-card")
        let (width, height) = CardFrame.small
        let title = "Best lifts (e1RM)"
        let lifts = mostTrained.compactMap { exercise in
            exercise.stats.records.e1rm.map { (name: exercise.name, kg: $0.value) }
        }.prefix(Self.cardLiftCount)
        guard !lifts.isEmpty else {
            let message = site.workouts.isEmpty ? Self.noWorkouts : "No weighted sets yet"
            return CardFrame.message(message, id: id, kind: "card-lifts", width: width, height: height, title: title)
        }
        let formula = site.report.e1rmFormula.displayName
        let units = site.units
        let rule = "the \(TextFormat.plural(lifts.count, "exercise")) with an e1RM and the most sessions"
        var frame = CardFrame(
            id: id, kind: "card-lifts", width: width, height: height, title: title,
            description: "Best estimated one-rep max (\(formula)) of \(rule): "
                + lifts.map { "\($0.name) \(units.estimate($0.kg))" }.joined(separator: ", ") + ".")
        let largest = lifts.map(\.kg).max() ?? 0
        let barWidth = frame.width - 2 * CardFrame.margin
        for (index, lift) in lifts.enumerated() {
            let y = 62 + Double(index) * 31
            frame.svg.label(DisplayText.clipped(lift.name, maxCharacters: 44), x: CardFrame.margin, y: y)
            frame.svg.label(units.estimate(lift.kg), x: frame.width - CardFrame.margin, y: y, className: "lift-value", anchor: "end")
            frame.svg.rect(x: CardFrame.margin, y: y + 7, width: barWidth, height: 6, className: "track", corner: 3)
            frame.svg.rect(
                x: CardFrame.margin, y: y + 7, width: largest > 0 ? barWidth * lift.kg / largest : 0, height: 6, className: "bar",
                corner: 3)
        }
        frame.svg.label("e1RM by \(formula) · \(rule)", x: CardFrame.margin, y: 186, className: "muted small")
        return frame.finish()
    }
}
