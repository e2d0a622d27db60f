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
        // Written as bytes (``TextBuffer``), each title as soon as it is known: an array of
        // titles, a string per title and a join cost 12,000 instructions a marked set.
        let ordered = events.count < 2 ? events : events.sorted { pageRank($0.metric) < pageRank($1.metric) }
        var out = TextBuffer(capacity: 192)
        out.append("<span class=\"pr-mark\">")
        out.append(prBadge)
        out.append(" ")
        var titles = 0
        var run: (first: Int, last: Int)?  // rep maxes n, n+1, … not written yet
        for event in ordered {
            if case .repMax(let n) = event.metric {
                if let pending = run, pending.last + 1 == n {
                    run = (pending.first, n)
                } else {
                    if let pending = run { appendRepMaxRun(pending, titles: &titles, to: &out) }
                    run = (n, n)
                }
                continue
            }
            if let pending = run { appendRepMaxRun(pending, titles: &titles, to: &out) }
            run = nil
            let volume = PRTier(event.metric) == .volume
            appendMarkerTitle(volume ? event.metric.displayName : metricTitle(event.metric), volume: volume, titles: &titles, to: &out)
        }
        if let pending = run { appendRepMaxRun(pending, titles: &titles, to: &out) }
        out.append("</span>")
        return out.text
    }

    /// Writes a run of rep maxes of ``prMarker(_:)``: `5-rep max`, or `1–5-rep max` for several.
    private static func appendRepMaxRun(_ run: (first: Int, last: Int), titles: inout Int, to out: inout TextBuffer) {
        appendMarkerTitle(run.first == run.last ? metricTitle(.repMax(run.first)) : "\(run.first)–\(run.last)-rep max",
                          volume: false, titles: &titles, to: &out)
    }

    /// Writes one title of ``prMarker(_:)`` after the `titles` before it: escaped, a volume
    /// record in the secondary style.
    private static func appendMarkerTitle(_ title: String, volume: Bool, titles: inout Int, to out: inout TextBuffer) {
        if titles > 0 { out.append(" · ") }
        titles += 1
        if volume { out.append("<span class=\"pr-volume\">") }
        out.append(HTML.text(title))
        if volume { out.append("</span>") }
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
        var out = TextBuffer(capacity: 512 + 320 * sets.count)
        setsTable(sets, marks: marks, assistedOn: day, into: &out)
        return out
    }

    /// Writes ``setsTable(_:marks:assistedOn:)`` into `out`.
    func setsTable(_ sets: [WorkoutSet], marks: (Int) -> [PREvent], assistedOn day: CivilDate?, into out: inout TextBuffer) {
        let units = site.units
        let columns = units.unit == .kg ? Self.setsColumnsKg : Self.setsColumnsLb
        // Two passes, no cell made as a string unless it is text. The first finds which columns
        // have a value and keeps the few text cells (times, distances, RPE, assisted weights,
        // records) in the order the second writes them; the second writes every row, numbers
        // straight from their digits. (A string per cell, escaped, in one array per table cost
        // 28,000 instructions a table; this way 18,000. SetsTableTests keeps the old way as its
        // reference.)
        var shown: UInt8 = 0
        var texts: [(position: Int, text: String)] = []
        /// Keeps the text cell of set `index` in `column`, escaped (nil: the set has none); only
        /// a non-empty one makes the column shown.
        func keep(_ text: String?, _ index: Int, _ column: SetsColumn, escaped: Bool = true) {
            guard let text else { return }
            let cell = escaped ? HTMLEscaping.escapeHTML(text) : text
            if !cell.isEmpty { shown |= column.bit }
            texts.append((index * SetsColumn.allCases.count + column.rawValue, cell))
        }
        for (index, set) in sets.enumerated() {
            if !Self.kindName(set).isEmpty { shown |= SetsColumn.kind.bit }
            if let day {
                keep(assistedWeightText(set, on: day), index, .weight)
            } else if set.weightKg != nil {
                shown |= SetsColumn.weight.bit
            }
            if set.reps != nil { shown |= SetsColumn.reps.bit }
            keep(set.seconds.map { TextFormat.setTime(seconds: $0) }, index, .time)
            keep(set.distanceM.map { TextFormat.distance(metres: $0) }, index, .distance)
            keep(set.rpe.map { TextFormat.short($0) }, index, .rpe)
            if set.isWorking && (day.map { assistedVolume(set, on: $0) } ?? set.volumeKg) > 0 { shown |= SetsColumn.volume.bit }
            // A set without records gets an empty PR cell, not a dash: the marks stand out.
            let events = marks(index)
            if !events.isEmpty { keep(Self.prMarker(events), index, .records, escaped: false) }
        }
        // The head as ``HTML/tableStart(_:hasRows:datesLeft:to:)`` writes it, from headings
        // written once (a list of the shown columns and their escaping cost 2,000 instructions
        // a table, 24 M of a 10-year full build).
        let header = units.unit == .kg ? Self.setsHeaderKg : Self.setsHeaderLb
        out.append(HTML.tableOpening)
        out.append(header.number)
        for column in SetsColumn.allCases where shown & column.bit != 0 { out.append(header.cells[column.rawValue]) }
        HTML.tableHeadEnd(hasRows: !sets.isEmpty, to: &out)
        var nextText = 0
        for (index, set) in sets.enumerated() {
            out.append("<tr>\n<td align=\"right\">")
            out.append(decimal: index + 1)
            out.append("</td>\n")
            for column in SetsColumn.allCases where shown & column.bit != 0 {
                HTML.cellStart(columns[column.rawValue], to: &out)
                let position = index * SetsColumn.allCases.count + column.rawValue
                // Past any kept empty text of a column no set fills (none of today's formatters
                // writes one, but the cursor must not stop there).
                while nextText < texts.count, texts[nextText].position < position { nextText += 1 }
                if nextText < texts.count, texts[nextText].position == position {
                    out.append(texts[nextText].text)
                    nextText += 1
                } else {
                    switch column {
                    case .kind:
                        out.append(Self.kindName(set))
                    case .weight where day == nil && set.weightKg != nil:
                        out.append(fixed: units.convert(set.weightKg ?? 0), decimals: units.weightDecimals, minDecimals: 0, grouping: true)
                    case .reps where set.reps != nil:
                        out.append(decimal: set.reps ?? 0)
                    case .volume:
                        let volume = day.map { assistedVolume(set, on: $0) } ?? set.volumeKg
                        if set.isWorking && volume > 0 {
                            out.append(fixed: units.convert(volume), decimals: 0, minDecimals: 0, grouping: true)
                        } else {
                            out.append("–")
                        }
                    case .records:
                        break  // no records: an empty cell
                    default:
                        out.append("–")
                    }
                }
                out.append("</td>\n")
            }
            out.append("</tr>\n")
        }
        HTML.tableEnd(hasRows: !sets.isEmpty, to: &out)
    }

    /// The columns of ``setsTable(_:marks:assistedOn:)`` after `Set`, in order; each is left
    /// out when no set of the table has a value in it.
    enum SetsColumn: Int, CaseIterable {
        case kind, weight, reps, time, distance, rpe, volume, records

        /// The column's bit in a table's set of shown columns.
        var bit: UInt8 { 1 << UInt8(rawValue) }
    }

    /// The first column of ``setsTable(_:marks:assistedOn:)``, the set's number, made once.
    static let setNumberColumn = MD.Column("Set", numeric: true)

    /// The headings of ``SetsColumn`` with weights in kg, made once.
    static let setsColumnsKg = setsColumns(symbol: "kg")
    /// The headings of ``SetsColumn`` with weights in lb, made once.
    static let setsColumnsLb = setsColumns(symbol: "lb")

    /// The headings of ``setsTable(_:marks:assistedOn:)`` as ``HTML/headerCell(_:datesLeft:to:)``
    /// writes them, made once per unit.
    struct SetsHeader: Sendable {
        /// The `Set` heading.
        let number: String
        /// The heading of each ``SetsColumn``, by raw value.
        let cells: [String]

        init(_ columns: [MD.Column]) {
            func cell(_ column: MD.Column) -> String {
                var out = TextBuffer(capacity: 64)
                HTML.headerCell(column, to: &out)
                return out.text
            }
            number = cell(PageComposer.setNumberColumn)
            cells = columns.map(cell)
        }
    }

    /// The headings with weights in kg, written once.
    static let setsHeaderKg = SetsHeader(setsColumnsKg)
    /// The headings with weights in lb, written once.
    static let setsHeaderLb = SetsHeader(setsColumnsLb)

    /// The headings of ``SetsColumn`` for weights in `symbol`.
    private static func setsColumns(symbol: String) -> [MD.Column] {
        [
            MD.Column("Kind"), MD.Column("Weight (\(symbol))", numeric: true), MD.Column("Reps", numeric: true),
            MD.Column("Time", numeric: true), MD.Column("Distance", numeric: true), MD.Column("RPE", numeric: true),
            MD.Column("Volume (\(symbol))", numeric: true), MD.Column("Records"),
        ]
    }
}
