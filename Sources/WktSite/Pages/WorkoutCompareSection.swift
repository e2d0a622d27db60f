import WktCore

extension PageComposer {
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
        let assistance = WorkoutComparison.Assistance(
            load: AssistedLoad(timeline: site.report.body.timeline, overrides: site.settings.muscles), now: entry.day, then: previous.day)
        let comparison = WorkoutComparison(
            entry.workout, with: previous.workout, formula: site.report.e1rmFormula, assistance: assistance)
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
            out.append(exerciseHTMLLink(row.name, root: root))
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
        cell(then.map { TextFormat.count($0.sets) }, now.map { TextFormat.count($0.sets) },
             difference: then.flatMap { then in now.map { Self.signed(Double($0.sets - then.sets), TextFormat.count(abs($0.sets - then.sets))) } },
             to: &out)
    }

    /// `1,055 kg → 1,540 kg (+485 kg)` in the display unit; a volume of 0 (bodyweight or timed
    /// sets) is `–`.
    private func volumeCell(_ then: Double?, _ now: Double?, to out: inout TextBuffer) {
        let (then, now) = (then.flatMap { $0 > 0 ? $0 : nil }, now.flatMap { $0 > 0 ? $0 : nil })
        cell(then.map(site.units.volume), now.map(site.units.volume),
             difference: then.flatMap { then in now.map { Self.signed($0 - then, site.units.volume(abs($0 - then))) } }, to: &out)
    }

    /// `85 × 5 → 90 × 5 (+5.8 kg e1RM)`: the e1RM difference when both best sets have one, the
    /// reps difference when both are bodyweight sets, else none.
    private func bestCell(_ then: BestSet?, _ now: BestSet?, to out: inout TextBuffer) {
        var difference: String?
        if let then, let now {
            if let a = then.e1rmKg, let b = now.e1rmKg {
                difference = Self.signed(b - a, site.units.estimate(abs(b - a))) + " e1RM"
            } else if then.weightKg == nil, now.weightKg == nil {
                difference = Self.signed(Double(now.reps - then.reps), TextFormat.plural(abs(now.reps - then.reps), "rep"))
            }
        }
        cell(then.map(bestText), now.map(bestText), difference: difference, to: &out)
    }

    /// `100 × 5` (display unit, without it), or `12 reps` for a bodyweight set.
    private func bestText(_ set: BestSet) -> String {
        set.weightKg.map { "\(site.units.weightNumber($0)) × \(set.reps)" } ?? TextFormat.plural(set.reps, "rep")
    }

    /// `then → now (difference)`, each part kept on one line; `–` when neither side has a value.
    ///
    /// The parts are numbers this file formats (counts, weights, volumes, the unit, `rep`,
    /// `e1RM`, signs), never database text, so they are written as they are: escaping them
    /// changed nothing and cost a scan of each (40,000 cells in a full build). Debug builds
    /// (the tests) check that none holds a character HTML would need escaped.
    private func cell(_ then: String?, _ now: String?, difference: String?, to out: inout TextBuffer) {
        guard then != nil || now != nil else { return out.append("–") }
        assert([then, now, difference].allSatisfy { $0.map(Self.isPlainGenerated) ?? true }, "comparison cells hold generated text only")
        out.append("<span class=\"nowrap\">")
        out.append(then ?? "–")
        out.append(" →</span> <span class=\"nowrap\">")
        out.append(now ?? "–")
        out.append("</span>")
        if let difference {
            out.append(" <span class=\"diff nowrap\">(")
            out.append(difference)
            out.append(")</span>")
        }
    }

    /// Whether `text` is non-empty and the same after ``HTML/text(_:)``: no character HTML
    /// escapes, no bidi control.
    static func isPlainGenerated(_ text: String) -> Bool {
        !text.isEmpty && HTML.text(text) == text
    }

    /// `magnitude` with the sign of `value`: `+5 kg`, `−5 kg` (a minus sign, U+2212), `±0 kg`.
    static func signed(_ value: Double, _ magnitude: String) -> String {
        // A zero magnitude has no digit 1–9 (`0`, `0.0 kg`, `0 reps`).
        let zero = !magnitude.utf8.contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
        if zero || value == 0 { return "±" + magnitude }
        return (value > 0 ? "+" : "\u{2212}") + magnitude
    }
}
