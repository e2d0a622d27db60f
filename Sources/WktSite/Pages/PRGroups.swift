import WktCore

/// How prominent a record is on pages (docs/product.md "PRs on pages"): e1RM and heaviest lead,
/// rep maxes follow, volumes come last and are shown as secondary.
enum PRTier: Int, Sendable, Comparable {
    /// e1RM and heaviest.
    case headline
    /// A rep max (or a merged run of them).
    case repMax
    /// Set volume and session volume.
    case volume

    /// The tier of a metric.
    init(_ metric: RecordMetric) {
        switch metric {
        case .e1rm, .heaviest: self = .headline
        case .repMax: self = .repMax
        case .setVolume, .sessionVolume: self = .volume
        }
    }

    static func < (lhs: PRTier, rhs: PRTier) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One line of a PR group: a record broken, or a run of rep maxes with the same new and previous
/// value merged (`1–8-rep max`).
struct PRLine: Sendable {
    /// The event shown (the first of a merged run).
    let event: PREvent
    /// `e1RM`, `Heaviest`, `1–8-rep max`, `Set volume`.
    let title: String

    /// How prominent the line is.
    var tier: PRTier { PRTier(event.metric) }
}

/// The records one exercise broke in one workout: what pages call "a PR" and count
/// (docs/product.md "PRs on pages"). `stats.json` keeps every event; pages show groups.
struct PRGroup: Sendable {
    /// The lines in page order: e1RM, heaviest, rep maxes 1…12, set volume, session volume.
    let lines: [PRLine]

    /// The group's first event (its day, workout and exercise are the group's).
    var event: PREvent { lines[0].event }
    /// Whether the group broke e1RM, heaviest or a rep max (not only volumes).
    var hasHeadline: Bool { lines.contains { $0.tier != .volume } }
    /// The e1RM, heaviest and rep-max lines.
    var headlineLines: [PRLine] { lines.filter { $0.tier != .volume } }
    /// The volume lines.
    var volumeLines: [PRLine] { lines.filter { $0.tier == .volume } }
}

extension PageComposer {
    /// The place of a metric within a group: e1RM, heaviest, rep max 1…12, set volume, session
    /// volume.
    static func pageRank(_ metric: RecordMetric) -> Int {
        switch metric {
        case .e1rm: 0
        case .heaviest: 1
        case .repMax(let n): 1 + n
        case .setVolume: 100
        case .sessionVolume: 101
        }
    }

    /// PR events grouped by workout and exercise, whatever their order: groups follow the first
    /// appearance of their workout and exercise in `events`; the lines of a group follow
    /// ``pageRank(_:)`` with rep-max runs merged (``collapsed(_:)``).
    static func prGroups(_ events: some Collection<PREvent>) -> [PRGroup] {
        // Events come workout by workout, so a group is first looked for among the groups of the
        // current run of one workout (a short scan); a workout met again after others (any order
        // is allowed) finds its groups through `runs`, keyed by the workout alone. Hashing the
        // exercise name of every event cost more than the rest of the grouping.
        var groups: [[PREvent]] = []
        var runs: [Int64: [Int]] = [:]  // workout ID → indices in `groups` of its groups
        var current: (workoutID: Int64, groups: [Int])?
        for event in events {
            if current?.workoutID != event.workoutID {
                if let current { runs[current.workoutID] = current.groups }
                current = (event.workoutID, runs[event.workoutID] ?? [])
            }
            if let index = current?.groups.first(where: { groups[$0][0].exercise == event.exercise }) {
                groups[index].append(event)
            } else {
                current?.groups.append(groups.count)
                groups.append([event])
            }
        }
        return groups.map { group in
            // Stable insertion sort by page rank: a group holds at most 16 events.
            var ordered = group
            for index in ordered.indices.dropFirst() {
                var slot = index
                let rank = pageRank(ordered[index].metric)
                while slot > 0, pageRank(ordered[slot - 1].metric) > rank {
                    ordered.swapAt(slot - 1, slot)
                    slot -= 1
                }
            }
            return PRGroup(lines: collapsed(ordered))
        }
    }

    /// The number of PRs pages show for `events`: one per exercise and workout (``prGroups(_:)``).
    ///
    /// Counted as ``prGroups(_:)`` finds its groups: each exercise looked for among those of the
    /// current run of one workout (a short scan with `==`), a workout met again after others
    /// finding its exercises through `runs`. A set of (workout, exercise) keys hashed every
    /// exercise name: 8,600 instructions for a workout's PRs, and the workout pages, their
    /// descriptions and the workout tables ask 4,400 times a full build (38 M instructions).
    static func prCount(_ events: some Collection<PREvent>) -> Int {
        var count = 0
        var runs: [Int64: [String]] = [:]  // workout ID → its exercises counted so far
        var current: (workoutID: Int64, exercises: [String])?
        for event in events {
            if current?.workoutID != event.workoutID {
                if let current { runs[current.workoutID] = current.exercises }
                current = (event.workoutID, runs[event.workoutID] ?? [])
            }
            if current?.exercises.contains(event.exercise) == false {
                current?.exercises.append(event.exercise)
                count += 1
            }
        }
        return count
    }

    /// Events of one group in page order as lines, with runs of rep maxes (n, n+1, …) that share
    /// the new and the previous value merged into one line (`1–8-rep max`).
    static func collapsed(_ events: [PREvent]) -> [PRLine] {
        var lines: [PRLine] = []
        lines.reserveCapacity(events.count)
        // The run of rep maxes the last line opened: its place in `lines`, its first and last n
        // and the new and previous values all its events share. Its title is written once the
        // run ends (copying each line back to compare it cost more than the grouping).
        var run: (line: Int, first: Int, last: Int, value: Double, previous: Double)?
        func endRun() {
            if let ended = run, ended.last > ended.first {
                lines[ended.line] = PRLine(event: lines[ended.line].event, title: "\(ended.first)–\(ended.last)-rep max")
            }
            run = nil
        }
        for event in events {
            guard case .repMax(let n) = event.metric else {
                endRun()
                lines.append(PRLine(event: event, title: metricTitle(event.metric)))
                continue
            }
            if let open = run, open.last + 1 == n, open.value == event.valueKg, open.previous == event.previousKg {
                run?.last = n
                continue
            }
            endRun()
            run = (lines.count, n, n, event.valueKg, event.previousKg)
            lines.append(PRLine(event: event, title: metricTitle(event.metric)))
        }
        endRun()
        return lines
    }

    /// The records of one group as HTML: headline records and rep maxes first
    /// (`e1RM <strong>105.0 kg</strong> (was 93.5 kg) · …`), then the volume records in a smaller,
    /// muted line that says in words that they are volume records (`also volume records: …`, or
    /// `volume records only: …`). `limit` caps the headline lines (`and N more`); `previous`
    /// adds the previous bests; `compactVolume` shows only the number of volume records.
    func prSummary(_ group: PRGroup, limit: Int? = nil, previous: Bool = true, compactVolume: Bool = false) -> String {
        // Written as bytes (``TextBuffer``): every PR table row has one, and joining strings made
        // a string per piece.
        func append(_ line: PRLine, title: String, strong: Bool, to out: inout TextBuffer) {
            out.append(HTML.text(title))
            out.append(" ")
            // The values as bytes: a number and a unit, which escaping leaves as they are.
            if strong {
                out.append("<strong>")
                out.append(record: line.event.metric, line.event.valueKg, site.units)
                out.append("</strong>")
            } else {
                out.append(record: line.event.metric, line.event.valueKg, site.units)
            }
            if previous {
                out.append(" (was ")
                out.append(record: line.event.metric, line.event.previousKg, site.units)
                out.append(")")
            }
        }
        var out = TextBuffer(capacity: 256)
        let headline = group.headlineLines
        let shown = min(limit ?? headline.count, headline.count)
        for (index, line) in headline.prefix(shown).enumerated() {
            if index > 0 { out.append(" · ") }
            append(line, title: line.title, strong: true, to: &out)
        }
        if headline.count > shown {
            out.append(" · and ")
            out.append(decimal: headline.count - shown)
            out.append(" more")
        }
        let volume = group.volumeLines
        guard !volume.isEmpty else { return out.text }
        if out.count > 0 { out.append(" ") }
        out.append("<span class=\"pr-volume\">")
        if compactVolume {
            if !headline.isEmpty { out.append("+ ") }
            out.append(TextFormat.plural(volume.count, "volume record"))
        } else {
            out.append(headline.isEmpty ? "volume records only: " : "also volume records: ")
            for (index, line) in volume.enumerated() {
                if index > 0 { out.append(" · ") }
                append(line, title: line.event.metric.displayName, strong: false, to: &out)
            }
        }
        out.append("</span>")
        return out.text
    }
}

extension PageComposer {
    /// The note under leads of pages that count PRs, saying what one PR is.
    static let prCountNote = "<p class=\"muted pr-note\">A PR here is one exercise that beat at least one of its records "
        + "in a workout; the records it broke are listed together: e1RM and heaviest first, then rep maxes, then volume "
        + "records.</p>"

    /// The newest `limit` PR groups of all years, newest first.
    func latestPRGroups(_ limit: Int) -> [PRGroup] {
        var groups: [PRGroup] = []
        for year in prYears.reversed() where groups.count < limit {
            groups += prRows(inYear: year).prefix(limit - groups.count)
        }
        return groups
    }

    /// The dashboard's recent PRs (docs/product.md "PRs on pages"): the newest `limit` groups
    /// with an e1RM, heaviest or rep-max record, and how many groups of the same workouts (the
    /// newest one through the workout of the last group shown) broke only volume records.
    func recentHeadlinePRs(_ limit: Int) -> (groups: [PRGroup], volumeOnly: Int) {
        var shown: [PRGroup] = []
        var volumeOnly = 0
        for entry in site.workouts.reversed() where shown.count < limit {
            for group in Self.prGroups(entry.info.prEvents) {
                if !group.hasHeadline {
                    volumeOnly += 1
                } else if shown.count < limit {
                    shown.append(group)
                }
            }
        }
        return (shown, volumeOnly)
    }

    /// The dashboard card "Recent PRs" (HTML): date, exercise and records of
    /// ``recentHeadlinePRs(_:)``, the number of volume-only PRs left out, and a link to all.
    func recentPRsCard() -> String {
        var out = "<section class=\"card card-half\" aria-labelledby=\"recent-prs\"><h2 id=\"recent-prs\">Recent PRs</h2>\n"
        let recent = recentHeadlinePRs(Self.recentCount)
        if recent.groups.isEmpty && recent.volumeOnly == 0 {
            out += "<p class=\"muted\">No PRs yet: the first workout of an exercise sets its baseline.</p>\n"
        } else if !recent.groups.isEmpty {
            out += HTML.table(
                [MD.Column("Date"), MD.Column("Exercise"), MD.Column("Records")],
                recent.groups.map { group in
                    let event = group.event
                    let day = site.workout(id: event.workoutID).map { HTML.link(event.day.description, to: $0.path) } ?? event.day.description
                    return ["<span class=\"nowrap\">\(day)</span>",
                            exerciseHTMLLink(event.exercise, root: ""), prSummary(group, limit: 3, previous: false, compactVolume: true)]
                })
        }
        if recent.volumeOnly > 0 {
            out += "<p class=\"muted pr-left-out\">Not listed: \(TextFormat.plural(recent.volumeOnly, "PR")) of "
                + "\(recent.groups.isEmpty ? "recent workouts" : "the same workouts") that broke only set or session volume "
                + "records (<a href=\"\(SitePaths.recordsIndex)\">see them in the PR timeline</a>).</p>\n"
        }
        return out + "<p><a href=\"\(SitePaths.recordsIndex)\">All records →</a></p></section>"
    }
}

