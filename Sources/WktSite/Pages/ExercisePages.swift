import WktCore

extension PageComposer {
    /// `exercises/index.html`: every exercise with its totals and best numbers, by name; split
    /// into pages of ``listPageSize`` (`exercises/index-2.html`, …) when there are more.
    func exercisesIndex(page: Int) -> Page {
        let root = "../"
        let path = SitePaths.listPage(SitePaths.exercisesIndex, page)
        var body = PageBody()
        body.html("<h1>Exercises</h1>")
        guard !site.exercises.isEmpty else {
            body.html(Self.emptyNotice(root: root))
            return Page(path: path, source: "exercises index", title: "Exercises",
                        description: "No exercises yet", section: .exercises, blocks: body.blocks)
        }
        let pages = Self.pageCount(site.exercises.count)
        let rows = Self.pageRange(page, of: site.exercises.count)
        var lead = "\(TextFormat.plural(site.exercises.count, "exercise")), by name"
        if pages > 1 { lead += " · page \(page) of \(pages): \(TextFormat.count(rows.lowerBound + 1))–\(TextFormat.count(rows.upperBound))" }
        body.html("<p class=\"lead\">\(HTML.text(lead))</p>")
        body.html("<p><a href=\"\(root + SitePaths.muscles)\">Sets per muscle →</a></p>")
        let pageList = Self.pageList("Pages of the exercise list", page: page, count: pages, first: SitePaths.exercisesIndex)
        if !pageList.top.isEmpty { body.html(pageList.top) }
        body.markdown(MD.table(
            [MD.Column("Exercise"), MD.Column("Workouts", numeric: true), MD.Column("Sets", numeric: true),
             MD.Column("Volume", numeric: true), MD.Column("Heaviest", numeric: true), MD.Column("e1RM", numeric: true),
             MD.Column("Last done")],
            site.exercises[rows].map { exercise in
                let records = exercise.stats.records
                let last = exercise.sessions.last.map { site.workouts[$0.workoutIndex] }
                return [MD.link(exercise.name, root: root, path: exercise.path), TextFormat.count(exercise.stats.workouts),
                        TextFormat.count(exercise.stats.workingSets), site.units.volume(exercise.stats.volumeKg),
                        records.heaviest.map { site.units.weight($0.value) } ?? "–",
                        records.e1rm.map { site.units.estimate($0.value) } ?? "–",
                        last.map { MD.link($0.day.description, root: root, path: $0.path) } ?? "–"]
            }))
        if !pageList.top.isEmpty { body.html(pageList.bottom) }
        var description = "\(TextFormat.plural(site.exercises.count, "exercise")) with their totals and records"
        if let top = mostTrained.first {
            description += ", the most trained \(top.name) with \(TextFormat.plural(top.stats.workouts, "session"))"
        }
        if pages > 1 {
            description += "; page \(page) of \(pages): \(TextFormat.count(rows.lowerBound + 1))–\(TextFormat.count(rows.upperBound))"
        }
        return Page(path: path, source: "exercises index" + (page > 1 ? " page \(page)" : ""),
                    title: page > 1 ? "Exercises, page \(page) of \(pages)" : "Exercises",
                    description: description, section: .exercises, blocks: body.blocks)
    }

    /// Exercises with at least one working set, the most trained first: by sessions (workouts
    /// with a working set of it), then working sets, then name order (docs/product.md
    /// "Share metadata").
    var mostTrained: [ExerciseEntry] {
        site.exercises.enumerated().filter { $0.element.stats.workingSets > 0 }.sorted { lhs, rhs in
            let (left, right) = (lhs.element.stats, rhs.element.stats)
            if left.workouts != right.workouts { return left.workouts > right.workouts }
            if left.workingSets != right.workingSets { return left.workingSets > right.workingSets }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// `exercises/<slug>.html`: records, rep maxes, progression and volume charts, PRs and the
    /// full set history by year.
    /// - Parameters:
    ///   - exercise: The exercise.
    ///   - listPath: The page of the exercise list that lists it (``exercisesListPath(forExerciseAt:)``).
    func exercisePage(_ exercise: ExerciseEntry, listPath: String) throws(SiteError) -> Page {
        let root = "../"
        let stats = exercise.stats
        let name = exercise.name
        var body = PageBody()
        body.html("<h1>\(HTML.text(name))</h1>")
        var lead = [TextFormat.plural(stats.workouts, "workout"), TextFormat.plural(stats.workingSets, "working set"),
                    TextFormat.plural(stats.reps, "rep"), site.units.volume(stats.volumeKg)]
        if let first = exercise.sessions.first, let last = exercise.sessions.last {
            lead.append(TextFormat.range(site.workouts[first.workoutIndex].day, site.workouts[last.workoutIndex].day))
        }
        body.html(HTML.lead(lead))
        if let progress = try progressChart(exercise) { body.html(progress) }
        body.html("<p><a href=\"\(root + listPath)\">← All exercises</a></p>")
        guard !exercise.sessions.isEmpty else {
            body.html("<p class=\"muted\">No working sets yet: only warm-ups or sets not done were logged.</p>")
            return exercisePageShell(exercise, blocks: body.blocks)
        }
        recordsSection(exercise, root: root, into: &body)
        if let goals = goalsSection(for: exercise) { body.html(goals) }
        try chartsSection(exercise, into: &body)
        if !exercise.prEvents.isEmpty {
            body.markdown("## PRs")
            body.html(prTable(PREvent.newestFirst(exercise.prEvents), root: root, showExercise: false))
        }
        body.markdown("## Set history")
        body.markdown("Working sets of every workout, newest first (weights in \(site.units.symbol)).")
        // The plan/check-in column appears only for exercises whose workouts recorded any.
        let sessions = Array(exercise.sessions.reversed())
        let notes = sessions.map { sessionNotes(exercise.name, in: site.workouts[$0.workoutIndex].workout) }
        let withNotes = notes.contains { !$0.isEmpty }
        // Classified once per page, not once per set (twice: volume and set text).
        let assisted = isAssisted(exercise.name)
        var start = 0
        while start < sessions.count {
            let year = site.workouts[sessions[start].workoutIndex].day.year
            var end = start + 1
            while end < sessions.count, site.workouts[sessions[end].workoutIndex].day.year == year { end += 1 }
            historyYear(year, sessions[start..<end], notes: withNotes ? notes[start..<end] : nil, assisted: assisted, root: root, into: &body)
            start = end
        }
        return exercisePageShell(exercise, blocks: body.blocks)
    }

    private func exercisePageShell(_ exercise: ExerciseEntry, blocks: [PageBlock]) -> Page {
        Page(path: exercise.path, source: "exercise \"\(exercise.name)\"", title: exercise.name,
             description: exerciseDescription(exercise), section: .exercises, blocks: blocks)
    }

    /// `Bench Press (Barbell): best e1RM 102.5 kg, heaviest 100 kg × 3, 210 sessions`; without
    /// weighted sets the max reps or the working sets instead.
    private func exerciseDescription(_ exercise: ExerciseEntry) -> String {
        let stats = exercise.stats
        let records = stats.records
        guard stats.workingSets > 0 else { return "\(exercise.name): no working sets yet" }
        var parts: [String] = []
        if let e1rm = records.e1rm { parts.append("best e1RM " + site.units.estimate(e1rm.value)) }
        if let heaviest = records.heaviest {
            parts.append("heaviest " + site.units.weight(heaviest.value) + (Self.repsAtHeaviest(records).map { " × \($0)" } ?? ""))
        } else if let maxReps = records.maxReps {
            parts.append("max reps \(TextFormat.count(maxReps.value))")
        } else {
            parts.append(TextFormat.plural(stats.workingSets, "set"))
        }
        parts.append(TextFormat.plural(stats.workouts, "session"))
        return "\(exercise.name): " + parts.joined(separator: ", ")
    }

    /// The most reps done in one set at the heaviest weight, read from the rep maxes (the
    /// greatest n whose n-rep max is the heaviest weight): `3`, or `12+` past the table; nil
    /// without a heaviest record.
    static func repsAtHeaviest(_ records: ExerciseRecords) -> String? {
        guard let heaviest = records.heaviest else { return nil }
        let grams = (heaviest.value * 1000).rounded()
        guard let reps = (1...12).last(where: { records.repMax($0).map { ($0.value * 1000).rounded() == grams } ?? false }) else {
            return nil
        }
        return reps == 12 ? "12+" : String(reps)
    }

    /// What the wkt JSON seeds record about one exercise in one workout (docs/formats.md "The seed apps", BodyFocus and
    /// FitToday): the pain flag ("⚠ knees"), planned against done sets, the workout's check-in
    /// values and its rating; empty text when the workout has none of them.
    func sessionNotes(_ name: String, in workout: Workout) -> String {
        let blocks = workout.exercises.filter { $0.name == name }
        var parts: [String] = []
        if blocks.contains(where: \.painFlag) { parts.append("⚠ knees") }
        let planned = blocks.compactMap(\.plannedSets)
        if !planned.isEmpty {
            let done = blocks.reduce(0) { $0 + $1.sets.filter(\.isWorking).count }
            parts.append("\(done) of \(planned.reduce(0, +)) planned sets")
        }
        if !workout.checkIns.isEmpty {
            parts.append(workout.checkIns.map { "\(Self.humanName($0.name)) \($0.value)" }.joined(separator: ", "))
        }
        if let rating = workout.rating { parts.append("rated \(rating) of 5") }
        return parts.joined(separator: " · ")
    }

    /// The records table (with the rule behind each) and the rep-max table 1–12, added as
    /// ``table(_:_:into:)`` adds tables.
    private func recordsSection(_ exercise: ExerciseEntry, root: String, into body: inout PageBody) {
        let records = exercise.stats.records
        let formula = site.report.e1rmFormula
        func workoutCell<Value>(_ record: Reached<Value>) -> MD.Cell {
            site.workout(id: record.workoutID).map { MD.Cell.link($0.workout.name, root: root, path: $0.path) } ?? .generated("")
        }
        func reached(_ record: RecordValue?, _ metric: RecordMetric?, title: String, rule: String) -> [MD.Cell] {
            guard let record else { return [.text(title), .generated("–"), .generated(""), .generated(""), .text(rule)] }
            return [.text(title), .strong(metric.map { site.units.record($0, record.value) } ?? site.units.weight(record.value), then: ""),
                    .generated(record.day.description), workoutCell(record), .text(rule)]
        }
        var e1rm = reached(records.e1rm, .e1rm, title: "e1RM (\(formula.displayName))", rule: formula.rule)
        if let strength = relativeStrength(exercise.name) {
            switch e1rm[1] {
            case .strong(let value, let then): e1rm[1] = .strong(value, then: then + " · " + strength)
            case .generated(let text): e1rm[1] = .generated(text + " · " + strength)
            default: break
            }
        }
        var rows = [
            reached(records.heaviest, .heaviest, title: "Heaviest", rule: RecordMetric.heaviest.rule(formula: formula)),
            e1rm,
            reached(records.bestSetVolume, .setVolume, title: "Best set volume", rule: RecordMetric.setVolume.rule(formula: formula)),
            reached(records.bestSessionVolume, .sessionVolume, title: "Best session volume",
                    rule: RecordMetric.sessionVolume.rule(formula: formula)),
        ]
        let repsRule = "most reps in one working set, any weight"
        if let maxReps = records.maxReps {
            rows.append([.text("Max reps"), .strong(TextFormat.plural(maxReps.value, "rep"), then: ""),
                         .generated(maxReps.day.description), workoutCell(maxReps), .text(repsRule)])
        } else {
            rows.append([.text("Max reps"), .generated("–"), .generated(""), .generated(""), .text(repsRule)])
        }
        body.markdown("## Records")
        table(
            [MD.Column("Record"), MD.Column("Value", numeric: true), MD.Column("Reached on"), MD.Column("Workout"), MD.Column("How")],
            rows, into: &body)
        guard records.repMaxes.contains(where: { $0 != nil }) else { return }
        body.markdown("## Rep maxes")
        body.markdown("The heaviest weight lifted for at least that many reps in one working set.")
        table(
            [MD.Column("Reps", numeric: true), MD.Column("Weight", numeric: true), MD.Column("Reached on"), MD.Column("Workout")],
            (1...12).map { reps -> [MD.Cell] in
                guard let record = records.repMax(reps) else { return [.generated(String(reps)), .generated("–"), .generated(""), .generated("")] }
                return [.generated(String(reps)), .generated(site.units.weight(record.value)), .generated(record.day.description),
                        workoutCell(record)]
            },
            into: &body)
    }

    /// Weeks in an exercise's volume chart.
    static let exerciseVolumeWeeks = 104

    /// The weekly volume of the exercise's last ``exerciseVolumeWeeks`` weeks of activity, ending
    /// with the week of its last workout (not this week), so the page does not change with
    /// "today". (The progress chart comes first on the page: ``progressChart(_:)``.)
    private func chartsSection(_ exercise: ExerciseEntry, into body: inout PageBody) throws(SiteError) {
        let sessions = exercise.stats.sessions
        let units = site.units
        guard let first = sessions.first, let last = sessions.last, sessions.contains(where: { $0.volumeKg > 0 }) else { return }
        let calendar = site.report.calendar
        let weekCount = min(Self.exerciseVolumeWeeks, calendar.weeks(from: first.day, to: last.day) + 1)
        let start = calendar.weekStart(of: last.day).adding(days: -7 * (weekCount - 1))
        var volumes = [Double](repeating: 0, count: weekCount)
        for session in sessions where session.day >= start { volumes[calendar.weeks(from: start, to: session.day)] += session.volumeKg }
        let chart = BarChart(
            id: try Self.chartID("weekly-volume"),
            title: "\(exercise.name): volume per week (\(units.symbol))" + (weekCount == Self.exerciseVolumeWeeks ? ", last \(weekCount) weeks" : ""),
            bars: volumes.enumerated().map { index, volume in
                let weekStart = start.adding(days: 7 * index)
                return BarChart.Bar(label: calendar.weekLabel(weekContaining: weekStart), value: units.convert(volume), start: weekStart)
            },
            valueHeading: "Volume", format: units.volumeChartFormat
        ).render()
        body.html(chart)
    }

    /// One set in a line of the set history: `100 × 5`, `× 12`, `45 s`, `400 m in 1:40`, with
    /// `(drop)` or `(failure)` after non-normal sets.
    /// An assisted exercise's set (`assistedOn` its training day) shows `−20 assist → 62 × 8`.
    func setText(_ set: WorkoutSet, assistedOn day: CivilDate? = nil) -> String {
        var out = TextBuffer(capacity: 64)
        setText(set, assistedOn: day, into: &out)
        return out.text
    }

    /// Writes ``setText(_:assistedOn:)`` into `out`.
    func setText(_ set: WorkoutSet, assistedOn day: CivilDate?, into out: inout TextBuffer) {
        // Written as bytes (``TextBuffer``), the parts separated by one space: an array of
        // parts joined cost 2,000 instructions a set, 33,000 sets in a full build. A weight
        // is written from its digits (``DisplayUnits/weightNumber(_:)``'s text).
        let assistedWeight = day.flatMap { assistedWeightText(set, on: $0) }
        let hasWeight = day == nil ? set.weightKg != nil : assistedWeight != nil
        func weight(_ out: inout TextBuffer) {
            if let assistedWeight {
                out.append(assistedWeight)
            } else if let kg = set.weightKg {
                out.append(fixed: site.units.convert(kg), decimals: site.units.weightDecimals, minDecimals: 0, grouping: true)
            }
        }
        var hasPart = false
        if let reps = set.reps, reps > 0 {
            if hasWeight {
                weight(&out)
                out.append(" ")
            }
            out.append("× ")
            out.append(decimal: reps)
            hasPart = true
        } else if hasWeight {
            weight(&out)
            hasPart = true
        }
        if let distance = set.distanceM, distance > 0 {
            if hasPart { out.append(" ") }
            out.append(TextFormat.distance(metres: distance))
            hasPart = true
        }
        if let seconds = set.seconds, seconds > 0 {
            if hasPart { out.append(" ") }
            if set.distanceM.map({ $0 > 0 }) ?? false { out.append("in ") }
            out.append(TextFormat.setTime(seconds: seconds))
        }
        if set.kind == .drop || set.kind == .failure {
            out.append(" (")
            out.append(set.kind.rawValue)
            out.append(")")
        }
    }
}
