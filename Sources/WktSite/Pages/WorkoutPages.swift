import WktCore

extension PageComposer {
    /// Workouts shown on `workouts/index.html` when the list is split by year.
    static let latestOnIndex = 20

    /// `workouts/index.html`: all workouts by year (newest first), or a table of years with
    /// links to `workouts/<year>.html` and the latest workouts when the list is long.
    func workoutsIndex() -> Page {
        let root = "../"
        var body = PageBody()
        body.html("<h1>Workouts</h1>")
        guard let first = site.workouts.first, let last = site.workouts.last else {
            body.html(Self.emptyNotice(root: root))
            return Page(path: SitePaths.workoutsIndex, source: "workouts index", title: "Workouts",
                        description: "No workouts yet", section: .workouts, blocks: body.blocks)
        }
        body.html("<p class=\"lead\">\(TextFormat.plural(site.workouts.count, "workout")) from \(first.day) to \(last.day)</p>")
        if splitWorkoutsByYear {
            body.markdown("## Years")
            body.markdown(MD.table(
                [MD.Column("Year"), MD.Column("Workouts", numeric: true), MD.Column("Sets", numeric: true), MD.Column("Volume", numeric: true)],
                workoutYears.reversed().map { year in
                    let summary = summary(ofYear: year)
                    return [MD.link(TextFormat.year(year), root: root, path: SitePaths.workoutsYear(year)), TextFormat.count(summary.workouts),
                            TextFormat.count(summary.workingSets), site.units.volume(summary.volumeKg)]
                }))
            body.markdown("## Latest \(Self.latestOnIndex)")
            workoutsTable(site.workouts.suffix(Self.latestOnIndex).reversed(), root: root, into: &body)
        } else {
            for year in workoutYears.reversed() {
                body.markdown("## \(TextFormat.year(year))")
                workoutsTable(site.workouts.filter { $0.day.year == year }.reversed(), root: root, into: &body)
            }
        }
        return Page(path: SitePaths.workoutsIndex, source: "workouts index", title: "Workouts",
                    description: "\(TextFormat.plural(site.workouts.count, "workout")) from "
                        + "\(TextFormat.month(first.day.month, year: first.day.year)) to "
                        + "\(TextFormat.month(last.day.month, year: last.day.year)), newest first",
                    section: .workouts, blocks: body.blocks)
    }

    /// `workouts/<year>.html`: the workouts of one year, newest first.
    func workoutsYear(_ year: Int) -> Page {
        let root = "../"
        let yearText = TextFormat.year(year)
        let entries = site.workouts.filter { $0.day.year == year }
        var body = PageBody()
        body.html("<h1>Workouts in \(yearText)</h1>")
        body.html("<p class=\"lead\">\(TextFormat.plural(entries.count, "workout"))</p>")
        body.html(yearPager(year, in: workoutYears, path: SitePaths.workoutsYear, up: ("All years", root + SitePaths.workoutsIndex)))
        workoutsTable(entries.reversed(), root: root, into: &body)
        let summary = summary(ofYear: year)
        return Page(path: SitePaths.workoutsYear(year), source: "workouts of \(yearText)", title: "Workouts in \(yearText)",
                    description: "\(TextFormat.plural(summary.workouts, "workout")) in \(yearText): "
                        + "\(TextFormat.plural(summary.workingSets, "set")), \(site.units.volume(summary.volumeKg))",
                    section: .workouts, blocks: body.blocks)
    }

    /// `workouts/<id>.html`: one workout with its facts, notes, PRs and every exercise's sets.
    func workoutPage(_ entry: WorkoutEntry) -> Page {
        let root = "../"
        let workout = entry.workout
        let info = entry.info
        var body = PageBody()
        body.html("<h1>\(HTML.text(workout.name))</h1>")
        var lead = [TextFormat.longDay(entry.day)]
        if site.timesOfDay { lead.append(TextFormat.clock(workout.start)) }
        if let seconds = workout.durationSeconds { lead.append(TextFormat.duration(seconds: seconds)) }
        lead.append(Self.activityName(workout.activity))
        body.html(HTML.lead(lead))
        let previous = entry.index > 0 ? site.workouts[entry.index - 1] : nil
        let next = entry.index + 1 < site.workouts.count ? site.workouts[entry.index + 1] : nil
        let up = splitWorkoutsByYear ? root + SitePaths.workoutsYear(entry.day.year) : root + SitePaths.workoutsIndex
        body.html(HTML.pager(
            label: "Workouts",
            previous: previous.map { ("\($0.day) \($0.workout.name)", root + $0.path) },
            up: ("All workouts", up),
            next: next.map { ("\($0.day) \($0.workout.name)", root + $0.path) }))
        body.html(facts(entry))
        body.html(sameDayLinks(entry, root: root))

        let painful = workout.exercises.filter(\.painFlag).map(\.name)
        if !painful.isEmpty {
            var seen = Set<String>()
            let names = painful.filter { seen.insert($0).inserted }
            body.html("<p class=\"flag flag-pain\"><span class=\"flag-mark\" aria-hidden=\"true\">⚠</span> Irritated my knees: "
                + names.map { name in site.exercise(named: name).map { HTML.link(name, root: root, path: $0.path) } ?? HTML.text(name) }
                    .joined(separator: ", ") + "</p>")
        }
        if let notes = workout.notes, !notes.isEmpty {
            body.html("<h2>Notes</h2>")
            body.note(notes)
        }
        if !info.prEvents.isEmpty {
            body.html("<h2 id=\"prs\">PRs set in this workout</h2>")
            body.html(HTML.tableBytes(
                [MD.Column("Exercise"), MD.Column("Records")],
                Self.prGroups(info.prEvents).map { [exerciseHTMLLink($0.event.exercise, root: root), prSummary($0)] }))
        }
        body.html(comparisonSection(entry, root: root))
        if workout.exercises.isEmpty {
            var sentence = "No sets were logged: a \(Self.activityName(workout.activity).lowercased()) session"
            if let seconds = workout.durationSeconds { sentence += " of \(TextFormat.duration(seconds: seconds))" }
            if let energy = workout.energyKcal { sentence += ", \(DecimalFormat.grouped(energy)) kcal" }
            body.html("<p class=\"muted\">\(HTML.text(sentence + "."))</p>")
        } else {
            body.markdown("## Exercises")
        }
        let marks = Self.prMarks(info.prEvents)
        let blocks = workout.exercises
        // The last block of each name carries the session-volume mark. A workout has a handful
        // of blocks: the later ones are scanned (a dictionary of names per page cost 11 M
        // instructions of a 10-year full build); past ``FirstAppearance/linearLimit`` blocks the
        // dictionary keeps the cost linear.
        let lastBlock = blocks.count > FirstAppearance.linearLimit
            ? Dictionary(blocks.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { max($0, $1) }) : nil
        func isLast(_ index: Int) -> Bool {
            if let lastBlock { return lastBlock[blocks[index].name] == index }
            return !blocks[(index + 1)...].contains { $0.name == blocks[index].name }
        }
        for (index, block) in blocks.enumerated() {
            let sessionPR = !marks.sessionVolume.isEmpty && marks.sessionVolume.contains(block.name) && isLast(index)
            exerciseBlock(block, day: entry.day, root: root, sessionVolumePR: sessionPR, marks: { marks.bySet[SetPosition(block: index, set: $0)] ?? [] },
                          into: &body)
        }
        return Page(
            path: entry.path, source: "workout \(info.id) (\(info.start))", title: "\(workout.name), \(entry.day)",
            description: workoutDescription(entry), section: .workouts, blocks: body.blocks, shareKind: .article)
    }

    /// `Push on Monday 2 November 2026: 3 exercises, 12 sets, 3,400 kg, 2 PRs`; a workout without
    /// sets gives its activity (`Lunch Run on …: running, no sets logged`). Only the name, the day
    /// and numbers: never notes, check-ins, a rating, the time of day or the duration.
    private func workoutDescription(_ entry: WorkoutEntry) -> String {
        let info = entry.info
        let start = "\(entry.workout.name) on \(TextFormat.spokenDay(entry.day)): "
        guard !entry.workout.exercises.isEmpty else {
            return start + Self.activityName(entry.workout.activity).lowercased() + ", no sets logged"
        }
        var parts = [TextFormat.plural(info.exercises.count, "exercise"), TextFormat.plural(info.workingSets, "set")]
        if info.volumeKg > 0 { parts.append(site.units.volume(info.volumeKg)) }
        if !info.prEvents.isEmpty { parts.append(TextFormat.plural(Self.prCount(info.prEvents), "PR")) }
        return start + parts.joined(separator: ", ")
    }

    /// The workout's key facts as a description list.
    ///
    /// Written as bytes (``TextBuffer``), each row as its label and value are known: a list of
    /// rows joined through interpolations cost 17,000 instructions a workout page.
    private func facts(_ entry: WorkoutEntry) -> TextBuffer {
        let workout = entry.workout
        let info = entry.info
        var out = TextBuffer(capacity: 1024)
        out.append("<dl class=\"facts\">")
        /// Opens a row: its label and the value's opening tag (`list` for a value of several parts).
        func row(_ label: StaticString, list: Bool = false, _ out: inout TextBuffer) {
            out.append("\n<div><dt>")
            out.append(label)
            out.append(list ? "</dt><dd class=\"facts-list\">" : "</dt><dd>")
        }
        /// Closes a row.
        func end(_ out: inout TextBuffer) { out.append("</dd></div>") }
        let planned = workout.exercises.filter { $0.plannedSets != nil }
        if !planned.isEmpty {
            let completed = planned.filter { $0.sets.filter(\.isWorking).count >= ($0.plannedSets ?? 0) }.count
            row("Completed", &out)
            out.append(HTML.text("\(completed) of \(TextFormat.plural(planned.count, "exercise")) completed"))
            end(&out)
        }
        if !workout.exercises.isEmpty {
            row("Exercises", &out)
            out.append(decimal: info.exercises.count)
            end(&out)
            row("Working sets", &out)
            out.append(HTML.text(TextFormat.count(info.workingSets)))
            out.append(" · ")
            out.append(HTML.text(TextFormat.plural(info.reps, "rep")))
            end(&out)
            row("Volume", &out)
            out.append(HTML.text(site.units.volume(info.volumeKg)))
            end(&out)
        }
        if !info.prEvents.isEmpty {
            row("PRs", &out)
            out.append("<a href=\"#prs\">")
            out.append(HTML.text(TextFormat.plural(Self.prCount(info.prEvents), "exercise")))
            out.append("</a>")
            end(&out)
        }
        if let seconds = workout.durationSeconds {
            row("Duration", &out)
            out.append(HTML.text(TextFormat.duration(seconds: seconds)))
            end(&out)
        }
        if let energy = workout.energyKcal {
            row("Energy", &out)
            out.append(HTML.text("\(DecimalFormat.grouped(energy)) kcal"))
            end(&out)
        }
        if let rating = workout.rating {
            let stars = min(5, max(0, rating))
            row("Rating", &out)
            out.append("<span class=\"stars\" aria-hidden=\"true\">")
            for _ in 0..<stars { out.append("★") }
            for _ in 0..<(5 - stars) { out.append("☆") }
            out.append("</span> <span class=\"stars-text\">")
            out.append(String(rating))
            out.append(" of 5</span>")
            end(&out)
        }
        if !workout.checkIns.isEmpty {
            row("Check-in", list: true, &out)
            for (index, checkIn) in workout.checkIns.enumerated() {
                if index > 0 { out.append(" · ") }
                out.append("<span class=\"nowrap\">")
                out.append(HTML.text("\(Self.humanName(checkIn.name)) \(checkIn.value)"))
                out.append("</span>")
            }
            end(&out)
        }
        row("Source", &out)
        out.append(HTML.text(Self.sourceName(workout.source)))
        end(&out)
        out.append("\n</dl>")
        return out
    }

    /// One exercise block: heading with badges, the sets table with its PR sets marked, its
    /// volume (marked when the exercise's session volume was a PR and this is its last block)
    /// and its notes.
    private func exerciseBlock(
        _ block: ExerciseBlock, day: CivilDate, root: String, sessionVolumePR: Bool, marks: (Int) -> [PREvent], into body: inout PageBody
    ) {
        // Working sets counted in place: filtering them into an array copied every set (strings
        // included) and grew the array one set at a time (30,000 reallocations, about 25 M
        // instructions of a 10-year full build); only their count and sums are shown.
        let workingCount = block.sets.reduce(0) { $0 + ($1.isWorking ? 1 : 0) }
        // The heading, the sets table and the block's total written into one buffer
        // (``TextBuffer``) and handed to the body once; the name is normalized and classified
        // once per block, not once per set.
        var out = TextBuffer(capacity: 1024 + 320 * block.sets.count + 2 * block.name.utf8.count)
        out.append("<h3 class=\"exercise-heading\">")
        exerciseHTMLLink(block.name, root: root, to: &out)
        if let planned = block.plannedSets {
            out.append(workingCount >= planned ? " <span class=\"badge badge-done\">" : " <span class=\"badge badge-short\">")
            out.append(decimal: workingCount)
            out.append(" of ")
            out.append(decimal: planned)
            out.append(" planned sets</span>")
        }
        if let superset = block.supersetID {
            out.append(" <span class=\"badge\">superset ")
            out.append(decimal: superset)
            out.append("</span>")
        }
        if block.painFlag { out.append(" <span class=\"badge badge-pain\">⚠ knees</span>") }
        out.append("</h3>\n")
        if block.sets.isEmpty {
            out.append("<p class=\"muted\">No sets logged.</p>")
        } else {
            let assisted = isAssisted(CanonicalName.normalize(block.name))
            setsTable(block.sets, marks: marks, assistedOn: assisted ? day : nil, into: &out)
            // Summed in the sets' order, as over the filtered array before.
            var volume = 0.0
            var reps = 0
            for set in block.sets where set.isWorking {
                volume += assisted ? assistedVolume(set, on: day) : set.volumeKg
                reps += max(0, set.reps ?? 0)
            }
            // Counts, words and the volume we format, written straight into the bytes (nothing
            // in them needs escaping): `3 working sets · 15 reps · volume 1,275 kg`.
            out.append("\n<p class=\"block-total\">")
            out.append(count: workingCount, "working set")
            if reps > 0 {
                out.append(" · ")
                out.append(count: reps, "rep")
            }
            if volume > 0 {
                out.append(" · volume ")
                out.append(volume: volume, site.units)
            }
            if sessionVolumePR {
                out.append(" <span class=\"pr-mark\">")
                out.append(Self.prBadge)
                out.append(" <span class=\"pr-volume\">session volume</span></span>")
            }
            out.append("</p>")
        }
        body.html(out)
        if let notes = block.notes, !notes.isEmpty { body.note(notes, extraClass: "exercise-note") }
        for (number, set) in block.sets.enumerated() {
            if let notes = set.notes, !notes.isEmpty { body.note(notes, label: "Set \(number + 1)", extraClass: "set-note") }
        }
    }

    /// `warm-up`, `drop`, `failure`, `not done`, or empty for a normal set.
    static func kindName(_ set: WorkoutSet) -> String {
        guard set.isDone else { return "not done" }
        switch set.kind {
        case .normal: return ""
        case .warmup: return "warm-up"
        case .drop: return "drop"
        case .failure: return "failure"
        }
    }

    /// `strength` → `Strength`, `functional_strength` → `Functional strength`.
    static func activityName(_ activity: String) -> String { humanName(activity.isEmpty ? "workout" : activity) }

    /// `knee_pain` → `Knee pain`: underscores and dashes as spaces, first letter upper-cased.
    static func humanName(_ key: String) -> String {
        // ASCII keys (`strength`, `knee_pain`: all the apps write) byte by byte; mapping
        // Characters and upper-casing a prefix cost 6,800 instructions a workout page.
        var utf8 = Array(key.utf8)
        if !utf8.contains(where: { $0 >= 0x80 }) {
            for index in utf8.indices where utf8[index] == UInt8(ascii: "_") || utf8[index] == UInt8(ascii: "-") {
                utf8[index] = UInt8(ascii: " ")
            }
            if let first = utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) { utf8[0] = first - 0x20 }
            return String(decoding: utf8, as: UTF8.self)
        }
        let spaced = String(key.map { $0 == "_" || $0 == "-" ? " " : $0 })
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// The app a workout came from.
    static func sourceName(_ source: WorkoutSource) -> String {
        switch source {
        case .strong: "Strong"
        case .hevy: "Hevy"
        case .fitnotes: "FitNotes"
        case .fitbod: "Fitbod"
        case .stronglifts: "StrongLifts"
        case .appleHealth: "Apple Health"
        case .wkt: "wkt JSON backup"
        case .gymBaazi: "Gym-Baazi"
        case .demo: "wkt-site demo"
        }
    }
}
