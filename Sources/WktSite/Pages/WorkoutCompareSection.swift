import WktCore

extension PageComposer {
    /// The workout page's comparison with the previous workout of the same name
    /// (``WorkoutComparison``), as HTML: a heading, what is compared with a link to it, and a
    /// table of sets, volume and best set per exercise (then → now, with the difference) and in
    /// total; for the first workout of its name, a sentence saying there is nothing to compare
    /// with. Empty for a workout without exercises (nothing to compare).
    func comparisonSection(_ entry: WorkoutEntry, root: String) -> String {
        guard !entry.workout.exercises.isEmpty else { return "" }
        var out = "<h2 id=\"compare\">Compared with the previous \(HTML.text(entry.workout.name))</h2>\n"
        guard let index = previousSameName[entry.index] else {
            return out + "<p class=\"muted\">This is the first workout named “\(HTML.text(entry.workout.name))”: "
                + "there is nothing to compare it with yet.</p>\n"
        }
        let previous = site.workouts[index]
        let assistance = WorkoutComparison.Assistance(
            load: AssistedLoad(timeline: site.report.body.timeline, overrides: site.settings.muscles), now: entry.day, then: previous.day)
        let comparison = WorkoutComparison(
            entry.workout, with: previous.workout, formula: site.report.e1rmFormula, assistance: assistance)
        out += "<p class=\"muted\">Then: <a href=\"\(root + previous.path)\">\(HTML.text(previous.workout.name)), "
            + "\(HTML.text(TextFormat.shortDay(previous.day)))</a>. Each cell reads then → now (difference); "
            + "the best set is the working set with the highest e1RM"
            + (comparison.hasAssisted ? "; assisted sets count with their effective load (bodyweight − assistance)" : "")
            + ".</p>\n"
        let rows = comparison.rows.map { row in
            var name = exerciseHTMLLink(row.name, root: root)
            if row.then == nil { name += " <span class=\"muted\">(new this time)</span>" }
            if row.now == nil { name += " <span class=\"muted\">(not done this time)</span>" }
            return [name, setsCell(row.then, row.now), volumeCell(row.then?.volumeKg, row.now?.volumeKg),
                    bestCell(row.then?.best, row.now?.best)]
        }
        let totals = comparison.totals
        let total = ["<strong>Total</strong>", setsCell(totals.then, totals.now), volumeCell(totals.then.volumeKg, totals.now.volumeKg), ""]
        out += "<div class=\"table-wrap compare\">\n" + HTML.table(
            [MD.Column("Exercise"), MD.Column("Working sets", numeric: true), MD.Column("Volume", numeric: true),
             MD.Column("Best set", numeric: true)],
            rows + [total]) + "</div>\n"
        return out
    }

    /// `3 → 4 (+1)`; a missing side is `–` and has no difference.
    private func setsCell(_ then: ExerciseTally?, _ now: ExerciseTally?) -> String {
        cell(then.map { TextFormat.count($0.sets) }, now.map { TextFormat.count($0.sets) },
             difference: then.flatMap { then in now.map { Self.signed(Double($0.sets - then.sets), TextFormat.count(abs($0.sets - then.sets))) } })
    }

    /// `1,055 kg → 1,540 kg (+485 kg)` in the display unit; a volume of 0 (bodyweight or timed
    /// sets) is `–`.
    private func volumeCell(_ then: Double?, _ now: Double?) -> String {
        let (then, now) = (then.flatMap { $0 > 0 ? $0 : nil }, now.flatMap { $0 > 0 ? $0 : nil })
        return cell(then.map(site.units.volume), now.map(site.units.volume),
             difference: then.flatMap { then in now.map { Self.signed($0 - then, site.units.volume(abs($0 - then))) } })
    }

    /// `85 × 5 → 90 × 5 (+5.8 kg e1RM)`: the e1RM difference when both best sets have one, the
    /// reps difference when both are bodyweight sets, else none.
    private func bestCell(_ then: BestSet?, _ now: BestSet?) -> String {
        var difference: String?
        if let then, let now {
            if let a = then.e1rmKg, let b = now.e1rmKg {
                difference = Self.signed(b - a, site.units.estimate(abs(b - a))) + " e1RM"
            } else if then.weightKg == nil, now.weightKg == nil {
                difference = Self.signed(Double(now.reps - then.reps), TextFormat.plural(abs(now.reps - then.reps), "rep"))
            }
        }
        return cell(then.map(bestText), now.map(bestText), difference: difference)
    }

    /// `100 × 5` (display unit, without it), or `12 reps` for a bodyweight set.
    private func bestText(_ set: BestSet) -> String {
        set.weightKg.map { "\(site.units.weightNumber($0)) × \(set.reps)" } ?? TextFormat.plural(set.reps, "rep")
    }

    /// `then → now (difference)`, each part kept on one line; `–` when neither side has a value.
    private func cell(_ then: String?, _ now: String?, difference: String?) -> String {
        guard then != nil || now != nil else { return "–" }
        var out = ""
        out.reserveCapacity(128)
        out.append("<span class=\"nowrap\">")
        out.append(HTML.text(then ?? "–"))
        out.append(" →</span> <span class=\"nowrap\">")
        out.append(HTML.text(now ?? "–"))
        out.append("</span>")
        if let difference {
            out.append(" <span class=\"diff nowrap\">(")
            out.append(HTML.text(difference))
            out.append(")</span>")
        }
        return out
    }

    /// `magnitude` with the sign of `value`: `+5 kg`, `−5 kg` (a minus sign, U+2212), `±0 kg`.
    static func signed(_ value: Double, _ magnitude: String) -> String {
        let zero = magnitude.unicodeScalars.allSatisfy { !("1"..."9").contains($0) }
        if zero || value == 0 { return "±" + magnitude }
        return (value > 0 ? "+" : "\u{2212}") + magnitude
    }
}
