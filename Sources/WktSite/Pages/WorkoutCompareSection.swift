import WktCore

extension PageComposer {
    /// `entry`'s workout compared with `previous`'s, assisted sets weighed on each one's own
    /// day. Each side's tallies come from ``comparisonTallies``: the previous workout's were
    /// usually made for its own page already.
    func comparison(_ entry: WorkoutEntry, with previous: WorkoutEntry) -> WorkoutComparison {
        let load = AssistedLoad(timeline: site.report.body.timeline, overrides: site.settings.muscles)
        let formula = site.report.e1rmFormula
        func tallies(_ compared: WorkoutEntry) -> ComparisonTallies.Tallies {
            comparisonTallies.tallies(of: compared.index) {
                WorkoutComparison.tallies(compared.workout, formula: formula, assistance: (load, compared.day))
            }
        }
        return WorkoutComparison(current: tallies(entry), previous: tallies(previous), assisted: load)
    }

    /// The workout page's comparison with the previous workout of the same name
    /// (``WorkoutComparison``), as HTML: a heading, what is compared with a link to it, and a
    /// table of sets, volume and best set per exercise (then → now, with the difference) and in
    /// total; for the first workout of its name, a sentence saying there is nothing to compare
    /// with. Empty for a workout without exercises (nothing to compare). The bytes go into the
    /// page as they are, without a `String` in between.
    func comparisonSection(_ entry: WorkoutEntry, root: String) -> TextBuffer {
        guard !entry.workout.exercises.isEmpty else { return TextBuffer(capacity: 0) }
        // Written as bytes (``TextBuffer``), the table straight into the section: one string per
        // piece of each cell was a tenth of the full build.
        var out = TextBuffer(capacity: 4096)
        out.append("<h2 id=\"compare\">Compared with the previous ")
        out.append(HTML.text(entry.workout.name))
        out.append("</h2>\n")
        guard let index = previousSameName[entry.index] else {
            out.append("<p class=\"muted\">This is the first workout named “")
            out.append(HTML.text(entry.workout.name))
            out.append("”: there is nothing to compare it with yet.</p>\n")
            return out
        }
        let previous = site.workouts[index]
        let comparison = comparison(entry, with: previous)
        out.append("<p class=\"muted\">Then: <a href=\"")
        out.append(root)
        out.append(previous.path)
        out.append("\">")
        out.append(HTML.text(previous.workout.name))
        out.append(", ")
        out.append(HTML.text(TextFormat.shortDay(previous.day)))
        out.append("</a>. Each cell reads then → now (difference); the best set is the working set with the highest e1RM")
        if comparison.hasAssisted { out.append("; assisted sets count with their effective load (bodyweight − assistance)") }
        out.append(".</p>\n<div class=\"table-wrap compare\">\n")
        let columns = [MD.Column("Exercise"), MD.Column("Working sets", numeric: true), MD.Column("Volume", numeric: true),
                       MD.Column("Best set", numeric: true)]
        HTML.tableStart(columns, hasRows: true, to: &out)
        // Cells opened as ``HTML/table(_:_:)`` opens them (``HTML/cellStart(_:to:)``).
        let (exercise, sets, volume, best) = (columns[0], columns[1], columns[2], columns[3])
        for row in comparison.rows {
            out.append("<tr>\n")
            HTML.cellStart(exercise, to: &out)
            exerciseHTMLLink(row.name, root: root, to: &out)
            if row.then == nil { out.append(" <span class=\"muted\">(new this time)</span>") }
            if row.now == nil { out.append(" <span class=\"muted\">(not done this time)</span>") }
            out.append("</td>\n")
            HTML.cellStart(sets, to: &out)
            setsCell(row.then, row.now, to: &out)
            out.append("</td>\n")
            HTML.cellStart(volume, to: &out)
            volumeCell(row.then?.volumeKg, row.now?.volumeKg, to: &out)
            out.append("</td>\n")
            HTML.cellStart(best, to: &out)
            bestCell(row.then?.best, row.now?.best, to: &out)
            out.append("</td>\n</tr>\n")
        }
        let totals = comparison.totals
        out.append("<tr>\n")
        HTML.cellStart(exercise, to: &out)
        out.append("<strong>Total</strong></td>\n")
        HTML.cellStart(sets, to: &out)
        setsCell(totals.then, totals.now, to: &out)
        out.append("</td>\n")
        HTML.cellStart(volume, to: &out)
        volumeCell(totals.then.volumeKg, totals.now.volumeKg, to: &out)
        out.append("</td>\n")
        HTML.cellStart(best, to: &out)
        out.append("</td>\n</tr>\n")
        HTML.tableEnd(hasRows: true, to: &out)
        out.append("</div>\n")
        return out
    }

    /// `3 → 4 (+1)`; a missing side is `–` and has no difference.
    private func setsCell(_ then: ExerciseTally?, _ now: ExerciseTally?, to out: inout TextBuffer) {
        Self.cell(then.map { .count($0.sets) }, now.map { .count($0.sets) },
                  difference: then.flatMap { then in now.map { (Double($0.sets - then.sets), .count(abs($0.sets - then.sets)), "") } },
                  units: site.units, to: &out)
    }

    /// `1,055 kg → 1,540 kg (+485 kg)` in the display unit; a volume of 0 (bodyweight or timed
    /// sets) is `–`.
    private func volumeCell(_ then: Double?, _ now: Double?, to out: inout TextBuffer) {
        let (then, now) = (then.flatMap { $0 > 0 ? $0 : nil }, now.flatMap { $0 > 0 ? $0 : nil })
        Self.cell(then.map { .volume($0) }, now.map { .volume($0) },
                  difference: then.flatMap { then in now.map { ($0 - then, .volume(abs($0 - then)), "") } }, units: site.units, to: &out)
    }

    /// `85 × 5 → 90 × 5 (+5.8 kg e1RM)`: the e1RM difference when both best sets have one, the
    /// reps difference when both are bodyweight sets, else none.
    private func bestCell(_ then: BestSet?, _ now: BestSet?, to out: inout TextBuffer) {
        var difference: CellDifference?
        if let then, let now {
            if let a = then.e1rmKg, let b = now.e1rmKg {
                difference = (b - a, .estimate(abs(b - a)), " e1RM")
            } else if then.weightKg == nil, now.weightKg == nil {
                difference = (Double(now.reps - then.reps), .reps(abs(now.reps - then.reps)), "")
            }
        }
        Self.cell(then.map { .best($0) }, now.map { .best($0) }, difference: difference, units: site.units, to: &out)
    }

    /// A number of a comparison cell, written straight into the page's bytes: the numbers this
    /// file formats (counts, weights, volumes, the unit, `rep`), never database text, so nothing
    /// in them needs escaping. (Made as strings, signed and joined, the cells of a full build's
    /// 40,000 were 3 % of its instructions.)
    enum CellValue {
        /// `1,234` (``TextFormat/count(_:)``).
        case count(Int)
        /// `12 reps` (``TextFormat/plural(_:_:_:)``).
        case reps(Int)
        /// `12,345 kg` (``WktCore/DisplayUnits/volume(_:)``).
        case volume(Double)
        /// `5.8 kg` (``WktCore/DisplayUnits/estimate(_:)``).
        case estimate(Double)
        /// `100 × 5` (the weight in the display unit, without it), or `12 reps` for a bodyweight set.
        case best(BestSet)
    }

    /// A cell's difference: the signed value, its magnitude as written, and text after it.
    typealias CellDifference = (value: Double, magnitude: CellValue, suffix: StaticString)

    /// Writes `value` as ``CellValue`` describes, in `units`.
    private static func write(_ value: CellValue, units: DisplayUnits, to out: inout TextBuffer) {
        switch value {
        case .count(let count):
            out.append(count: count)
        case .reps(let reps):
            out.append(count: reps, "rep")
        case .volume(let kg):
            out.append(volume: kg, units)
        case .estimate(let kg):
            out.append(estimate: kg, units)
        case .best(let set):
            if let weight = set.weightKg {
                out.append(weightNumber: weight, units)
                out.append(" × ")
                out.append(decimal: set.reps)
            } else {
                out.append(count: set.reps, "rep")
            }
        }
    }

    /// `then → now (difference)`, each part kept on one line; `–` when neither side has a value.
    /// The difference's magnitude carries the sign of its value (``sign(of:zeroMagnitude:)``).
    static func cell(_ then: CellValue?, _ now: CellValue?, difference: CellDifference?, units: DisplayUnits, to out: inout TextBuffer) {
        guard then != nil || now != nil else { return out.append("–") }
        out.append("<span class=\"nowrap\">")
        if let then { write(then, units: units, to: &out) } else { out.append("–") }
        out.append(" →</span> <span class=\"nowrap\">")
        if let now { write(now, units: units, to: &out) } else { out.append("–") }
        out.append("</span>")
        if let difference {
            out.append(" <span class=\"diff nowrap\">(")
            let start = out.count
            write(difference.magnitude, units: units, to: &out)
            // The sign goes before the magnitude, chosen once it is written.
            out.insert(Self.sign(of: difference.value, zeroMagnitude: !out.hasNonZeroDigit(from: start)), at: start)
            out.append(difference.suffix)
            out.append(")</span>")
        }
    }

    /// The sign of a difference whose magnitude is written after it: `±` when the magnitude as
    /// written is zero (`0`, `0.0 kg`, `0 reps`: no digit 1–9) or `value` is, else `+` or `−`
    /// (a minus sign, U+2212): `+5 kg`, `−5 kg`, `±0 kg`.
    static func sign(of value: Double, zeroMagnitude: Bool) -> StaticString {
        zeroMagnitude || value == 0 ? "±" : value > 0 ? "+" : "\u{2212}"
    }
}
