import WktCore
import WktMarkdown

extension PageComposer {
    /// One year of an exercise page's set history: its `### year` heading and its table (date and
    /// workout as links, the sets, the volume and, with `notes`, the plan and check-in column).
    ///
    /// The set history is most of the site's Markdown (79 % of the bytes cmark-gfm parsed in a
    /// full build of the 10-year demo, a fifth of the build's instructions), and its rows are
    /// generated: dates, numbers, links to pages we made. So the year is written straight as the
    /// HTML cmark-gfm renders its Markdown to (``historyYearHTML(_:_:notes:assisted:root:)``)
    /// whenever every database text in it (workout names, check-in names) is proven to render as
    /// itself (``WktMarkdown/MarkdownEscaping/rendersAsItself(_:)``) and ``tablesAsHTML`` holds;
    /// otherwise the Markdown is written as before and cmark-gfm renders it. The page's bytes are
    /// the same either way (tested against cmark-gfm with random names, notes and sets, and page
    /// by page).
    func historyYear(
        _ year: Int, _ sessions: ArraySlice<ExerciseWorkoutSets>, notes: ArraySlice<String>?, assisted: Bool, root: String,
        into body: inout PageBody
    ) {
        if tablesAsHTML, historyYearRendersAsItself(sessions, notes: notes) {
            body.html(historyYearHTML(year, sessions, notes: notes, assisted: assisted, root: root))
        } else {
            body.markdown("### \(TextFormat.year(year))")
            body.markdown(historyTable(sessions, notes: notes, assisted: assisted, root: root))
        }
    }

    /// The columns of a set-history table.
    private static func historyColumns(notes: Bool) -> [MD.Column] {
        var columns = [MD.Column("Date"), MD.Column("Workout"), MD.Column("Sets"), MD.Column("Volume", numeric: true)]
        if notes { columns.append(MD.Column("Plan and check-in")) }
        return columns
    }

    /// Whether every database text of the year (workout names, plan and check-in notes) renders
    /// as itself and every link destination is written as it is, so the year's HTML can be
    /// written without cmark-gfm.
    func historyYearRendersAsItself(_ sessions: ArraySlice<ExerciseWorkoutSets>, notes: ArraySlice<String>?) -> Bool {
        for session in sessions {
            let entry = site.workouts[session.workoutIndex]
            let name = entry.workout.name  // empty: `(unnamed)` in both forms
            guard name.isEmpty || MarkdownEscaping.rendersAsItself(name), HTML.isVerbatimHref(entry.path) else { return false }
        }
        return notes?.allSatisfy { $0.isEmpty || MarkdownEscaping.rendersAsItself($0) } ?? true
    }

    /// The year's heading and table as the HTML cmark-gfm renders
    /// ``historyTable(_:notes:assisted:root:)`` and its heading to (`<h3>`, then the table with
    /// `align="left"` dates and `align="right"` volumes), without the last line feed (the page
    /// body adds it). Only for a year whose texts render as themselves
    /// (``historyYearRendersAsItself(_:notes:)``).
    func historyYearHTML(
        _ year: Int, _ sessions: ArraySlice<ExerciseWorkoutSets>, notes: ArraySlice<String>?, assisted: Bool, root: String
    ) -> TextBuffer {
        let columns = Self.historyColumns(notes: notes != nil)
        var out = TextBuffer(capacity: 512 + 320 * sessions.count)
        out.append("<h3>")
        out.append(TextFormat.year(year))
        out.append("</h3>\n")
        HTML.tableStart(columns, hasRows: !sessions.isEmpty, datesLeft: true, to: &out)
        for (offset, session) in sessions.enumerated() {
            let entry = site.workouts[session.workoutIndex]
            out.append("<tr>\n<td align=\"left\"><a href=\"")
            out.append(root)
            out.append(entry.path)
            out.append("\">")
            out.append(entry.day.description)
            out.append("</a></td>\n<td><a href=\"")
            out.append(root)
            out.append(entry.path)
            out.append("\">")
            if entry.workout.name.isEmpty { out.append("(unnamed)") } else { HTML.appendRendered(entry.workout.name, to: &out) }
            out.append("</a></td>\n<td>")
            historySets(session, on: entry.day, assisted: assisted, into: &out)
            out.append("</td>\n<td align=\"right\">")
            historyVolume(session, on: entry.day, assisted: assisted, into: &out)
            out.append("</td>\n")
            if let notes {
                out.append("<td>")
                HTML.appendRendered(notes[notes.startIndex + offset], to: &out)
                out.append("</td>\n")
            }
            out.append("</tr>\n")
        }
        out.append(sessions.isEmpty ? "</table>" : "</tbody>\n</table>")
        return out
    }

    /// One year of the set history as a Markdown table: date and workout (links), the sets, the
    /// volume and, with `notes`, the plan and check-in column.
    ///
    /// Written row by row into bytes (``TextBuffer``), set texts and links included: a string per
    /// cell, an array per row and the table joined from them cost 17,800 instructions a row
    /// (11,872 rows in a full build); this way 11,600.
    func historyTable(
        _ sessions: ArraySlice<ExerciseWorkoutSets>, notes: ArraySlice<String>?, assisted: Bool, root: String
    ) -> String {
        var out = TextBuffer(capacity: 256 + 192 * sessions.count)
        MD.tableHeader(Self.historyColumns(notes: notes != nil), to: &out)
        for (offset, session) in sessions.enumerated() {
            let entry = site.workouts[session.workoutIndex]
            out.append("| ")
            MD.link(entry.day.description, root: root, path: entry.path, to: &out)
            out.append(" | ")
            MD.link(entry.workout.name, root: root, path: entry.path, to: &out)
            out.append(" | ")
            historySets(session, on: entry.day, assisted: assisted, into: &out)
            out.append(" | ")
            historyVolume(session, on: entry.day, assisted: assisted, into: &out)
            out.append(" |")
            if let notes {
                // A workout without a plan or check-in for this exercise leaves its cell empty
                // (MD.text would write `(unnamed)` for the empty text).
                let note = notes[notes.startIndex + offset]
                out.append(" ")
                if !note.isEmpty { out.append(MD.text(note)) }
                out.append(" |")
            }
            out.append("\n")
        }
        return out.text
    }

    /// The sets of a set-history row, `130 × 6, 130 × 6` (the same text in Markdown and HTML: it
    /// holds no character either would change).
    private func historySets(_ session: ExerciseWorkoutSets, on day: CivilDate, assisted: Bool, into out: inout TextBuffer) {
        session.forEachSet { index, set in
            if index > 0 { out.append(", ") }
            setText(set, assistedOn: assisted ? day : nil, into: &out)
        }
    }

    /// The volume of a set-history row, `3,120 kg`, or `–` for none.
    private func historyVolume(_ session: ExerciseWorkoutSets, on day: CivilDate, assisted: Bool, into out: inout TextBuffer) {
        var volume = 0.0
        session.forEachSet { _, set in volume += assisted ? assistedVolume(set, on: day) : set.volumeKg }
        out.append(volume > 0 ? site.units.volume(volume) : "–")
    }
}
