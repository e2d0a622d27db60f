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
    func setsTable(_ sets: [WorkoutSet], marks: (Int) -> [PREvent], assistedOn day: CivilDate? = nil) -> String {
        let symbol = site.units.symbol
        let units = site.units
        let columns = [
            MD.Column("Kind"), MD.Column("Weight (\(symbol))", numeric: true), MD.Column("Reps", numeric: true),
            MD.Column("Time", numeric: true), MD.Column("Distance", numeric: true), MD.Column("RPE", numeric: true),
            MD.Column("Volume (\(symbol))", numeric: true), MD.Column("Records"),
        ]
        // One column of cells per entry of `columns`, filled set by set in one pass (a closure per
        // column, capturing the composer, cost more than the cells themselves).
        var cells = [[String?]](repeating: [], count: columns.count)
        for index in cells.indices { cells[index].reserveCapacity(sets.count) }
        for (index, set) in sets.enumerated() {
            let weight = day.map { assistedWeightText(set, on: $0) } ?? set.weightKg.map(units.weightNumber)
            let volume = day.map { assistedVolume(set, on: $0) } ?? set.volumeKg
            cells[0].append(HTMLEscaping.escapeHTML(Self.kindName(set)))
            cells[1].append(weight.map(HTMLEscaping.escapeHTML))
            cells[2].append(set.reps.map { String($0) })
            cells[3].append(set.seconds.map { HTMLEscaping.escapeHTML(TextFormat.setTime(seconds: $0)) })
            cells[4].append(set.distanceM.map { HTMLEscaping.escapeHTML(TextFormat.distance(metres: $0)) })
            cells[5].append(set.rpe.map { HTMLEscaping.escapeHTML(TextFormat.short($0)) })
            cells[6].append(set.isWorking && volume > 0 ? HTMLEscaping.escapeHTML(DecimalFormat.grouped(units.convert(volume))) : nil)
            // A set without records gets an empty PR cell, not a dash: the marks stand out.
            let events = marks(index)
            cells[7].append(events.isEmpty ? "" : Self.prMarker(events))
        }
        var shown = [MD.Column("Set", numeric: true)]
        var kept: [[String?]] = [sets.indices.map { String($0 + 1) }]
        for (column, values) in zip(columns, cells) where values.contains(where: { !($0 ?? "").isEmpty }) {
            shown.append(column)
            kept.append(values)
        }
        return HTML.table(shown, sets.indices.map { row in kept.map { $0[row] ?? "–" } })
    }
}
