import WktCore
import WktMarkdown

extension PageComposer {
    /// The PR events of a workout by the set that reached them (``PREvent/set``), and the
    /// exercises whose session volume was a PR.
    static func prMarks(_ events: [PREvent]) -> (bySet: [SetPosition: [PREvent]], sessionVolume: Set<String>) {
        var bySet: [SetPosition: [PREvent]] = [:]
        var sessionVolume = Set<String>()
        for event in events {
            if case .sessionVolume = event.metric { sessionVolume.insert(event.exercise) }
            if let set = event.set { bySet[set, default: []].append(event) }
        }
        return (bySet, sessionVolume)
    }

    /// The marker of a set that broke records (HTML): a `PR` badge and the records in words,
    /// headline records first, runs of rep maxes merged (`1–5-rep max`), volume records last in
    /// the secondary style: `PR e1RM · Heaviest · 1–5-rep max · set volume`. Text, not a colour or
    /// a symbol (a star would read as the workout's rating).
    static func prMarker(_ events: [PREvent]) -> String {
        let ordered = events.sorted { pageRank($0.metric) < pageRank($1.metric) }
        var titles: [(text: String, volume: Bool, repMax: (first: Int, last: Int)?)] = []
        for event in ordered {
            if case .repMax(let n) = event.metric, let last = titles.last, let run = last.repMax, run.last + 1 == n {
                titles[titles.count - 1] = ("\(run.first)–\(n)-rep max", false, (run.first, n))
            } else if case .repMax(let n) = event.metric {
                titles.append((metricTitle(event.metric), false, (n, n)))
            } else {
                let volume = PRTier(event.metric) == .volume
                titles.append((volume ? event.metric.displayName : metricTitle(event.metric), volume, nil))
            }
        }
        let text = titles.map { $0.volume ? "<span class=\"pr-volume\">\(HTML.text($0.text))</span>" : HTML.text($0.text) }
        return "<span class=\"pr-mark\">\(prBadge) \(text.joined(separator: " · "))</span>"
    }

    /// The `PR` badge of the marks in set tables and block totals.
    static let prBadge = "<span class=\"badge badge-pr\">PR</span>"

    /// The sets of a block as an HTML table: set number, kind, weight, reps, time, distance, RPE,
    /// volume and the records the set broke. A column is left out when no set of the table has a
    /// value in it (docs/product.md "Workout page"). Warm-ups and sets not done show no volume
    /// (they count nowhere).
    /// Sets of an assisted exercise (`assistedOn` the training day) show `−20 assist → 62` and
    /// the effective volume (docs/product.md "Bodyweight, relative strength and DOTS").
    func setsTable(_ sets: [WorkoutSet], marks: (Int) -> [PREvent], assistedOn day: CivilDate? = nil) -> TextBuffer {
        let symbol = site.units.symbol
        let units = site.units
        let columns = [
            MD.Column("Kind"), MD.Column("Weight (\(symbol))", numeric: true), MD.Column("Reps", numeric: true),
            MD.Column("Time", numeric: true), MD.Column("Distance", numeric: true), MD.Column("RPE", numeric: true),
            MD.Column("Volume (\(symbol))", numeric: true), MD.Column("Records"),
        ]
        // The cells of every set in one flat array (set by set, one per entry of `columns`), and
        // which columns have a value; then the table is written as ``HTML/table(_:_:)`` writes
        // it, straight into bytes (an array per column and per row cost more than the cells).
        var cells = [String?](repeating: nil, count: sets.count * columns.count)
        var shown = [Bool](repeating: false, count: columns.count)
        var size = 160 + 40 * columns.count
        for (index, set) in sets.enumerated() {
            let weight = day.map { assistedWeightText(set, on: $0) } ?? set.weightKg.map(units.weightNumber)
            let volume = day.map { assistedVolume(set, on: $0) } ?? set.volumeKg
            // A set without records gets an empty PR cell, not a dash: the marks stand out.
            let events = marks(index)
            let base = index * columns.count
            cells[base] = HTMLEscaping.escapeHTML(Self.kindName(set))
            cells[base + 1] = weight.map(HTMLEscaping.escapeHTML)
            cells[base + 2] = set.reps.map { String($0) }
            cells[base + 3] = set.seconds.map { HTMLEscaping.escapeHTML(TextFormat.setTime(seconds: $0)) }
            cells[base + 4] = set.distanceM.map { HTMLEscaping.escapeHTML(TextFormat.distance(metres: $0)) }
            cells[base + 5] = set.rpe.map { HTMLEscaping.escapeHTML(TextFormat.short($0)) }
            cells[base + 6] = set.isWorking && volume > 0 ? HTMLEscaping.escapeHTML(DecimalFormat.grouped(units.convert(volume))) : nil
            cells[base + 7] = events.isEmpty ? "" : Self.prMarker(events)
            for column in columns.indices {
                guard let cell = cells[base + column], !cell.isEmpty else { continue }
                shown[column] = true
                size += cell.utf8.count
            }
            size += 24 + 24 * columns.count
        }
        var out = TextBuffer(capacity: size)
        let kept = [MD.Column("Set", numeric: true)] + zip(columns, shown).filter(\.1).map(\.0)
        HTML.tableStart(kept, hasRows: !sets.isEmpty, to: &out)
        for index in sets.indices {
            out.append("<tr>\n<td align=\"right\">")
            out.append(decimal: index + 1)
            out.append("</td>\n")
            for (column, definition) in columns.enumerated() where shown[column] {
                HTML.cellStart(definition, to: &out)
                out.append(cells[index * columns.count + column] ?? "–")
                out.append("</td>\n")
            }
            out.append("</tr>\n")
        }
        HTML.tableEnd(hasRows: !sets.isEmpty, to: &out)
        return out
    }
}
