/// `stats.json` schema 1 (docs/statistics.md): one deterministic byte sequence for a report.
///
/// Format decisions: two-space pretty printing, keys in the documented order, a final newline;
/// counts as integers; kilograms by ``JSONValue/formatKg(_:)`` (at most three decimals, at least
/// one: `100.0`); dates `YYYY-MM-DD`; strings escaped per RFC 8259 with non-ASCII as UTF-8.
/// `weeks[].label` is the ISO label (`2026-W47`) for Monday weeks, else the week's first day
/// (`2026-11-15`). `rep_maxes_kg` keys are `"1"`…`"12"` in numeric order, only those that exist.
/// A missing record, first/last day or longest-run date is `null`; an exercise whose name is not
/// in `slugs` gets `"slug": null`.
public enum StatsJSON {
    /// The schema version written in `"schema"`.
    public static let schemaVersion = 1

    /// Encodes the report.
    /// - Parameters:
    ///   - report: the computed statistics.
    ///   - settings: for `timezone` and `week_start`.
    ///   - today: the `today` written in the document.
    ///   - slugs: exercise name → slug (``Slugger/slugs(for:)`` over the site's exercise names).
    /// - Returns: the document text, ending in a newline.
    public static func encode(_ report: StatsReport, settings: Settings, today: CivilDate, slugs: [String: String]) -> String {
        String(decoding: encodedBytes(report, settings: settings, today: today, slugs: slugs), as: UTF8.self)
    }

    /// ``encode(_:settings:today:slugs:)`` as the file's bytes, written member by member
    /// (``JSONObjectWriter``): each week, exercise, PR event and muscle row is made, written and
    /// let go, so neither the document's tree nor a second copy of its text is ever in memory.
    /// The same bytes as `document(…).pretty() + "\n"`.
    public static func encodedBytes(_ report: StatsReport, settings: Settings, today: CivilDate, slugs: [String: String]) -> [UInt8] {
        JSONObjectWriter.pretty(
            members(report, settings: settings, today: today, slugs: slugs), reserve: sizeEstimate(report), trailer: "\n")
    }

    /// About how many bytes the document of `report` takes, a little over for names of usual
    /// length: the writer reserves it, so the document is written into one buffer instead of one
    /// that doubled from 4 KB (3 MB for the 10-year demo: ten copies, and each larger buffer
    /// mapped and faulted in afresh). Bytes per item measured on that document: a PR event 189,
    /// an exercise 608, a week 143, a muscle's week 75, a body measurement 64. A longer document
    /// only grows the buffer as before; a reserve larger than the document is address space the
    /// writer never touches.
    static func sizeEstimate(_ report: StatsReport) -> Int {
        let weeks = report.weeks.count
        return 1024 + 220 * report.prEvents.count + 700 * report.exercises.count + 160 * weeks
            + 80 * report.muscleSets.muscles.count * weeks + 70 * report.body.measurements.count + 512 * report.goals.count
            + 64 * report.muscleSets.unmapped.count
    }

    /// The document as an ordered JSON value.
    public static func document(_ report: StatsReport, settings: Settings, today: CivilDate, slugs: [String: String]) -> JSONValue {
        .object(members(report, settings: settings, today: today, slugs: slugs).map { ($0.0, $0.1.value) })
    }

    /// The document's members in order; the long arrays make their elements when written.
    static func members(_ report: StatsReport, settings: Settings, today: CivilDate, slugs: [String: String]) -> [(String, JSONMember)] {
        let totals = report.totals
        return [
            ("schema", .value(.int(schemaVersion))),
            ("today", .value(.date(today))),
            ("timezone", .value(.string(settings.timezone))),
            ("week_start", .value(.string(report.calendar.weekStart.name))),
            ("totals", .value(.object([
                ("workouts", .int(totals.workouts)),
                ("working_sets", .int(totals.workingSets)),
                ("reps", .int(totals.reps)),
                ("volume_kg", .kg(totals.volumeKg)),
                ("first_day", .date(totals.firstDay)),
                ("last_day", .date(totals.lastDay)),
            ]))),
            ("weeks", .objects(report.weeks) { week, member in
                member("start", .date(week.start))
                member("label", .string(week.label))
                member("workouts", .int(week.workouts))
                member("working_sets", .int(week.workingSets))
                member("volume_kg", .kg(week.volumeKg))
            }),
            ("streaks", .value(.object([
                ("weekly_target", .int(report.streaks.weeklyTarget)),
                ("weeks", streak(report.streaks.weeks)),
                ("days", streak(report.streaks.days)),
            ]))),
            ("exercises", .array(report.exercises) { exercise($0, slug: slugs[$0.name], e1rmBW: report.body.e1rmBW[$0.name]) }),
            ("pr_events", .objects(report.prEvents) { event, member in
                member("day", .date(event.day))
                member("workout", .string(event.workoutName))
                member("exercise", .string(event.exercise))
                member("metric", .string(event.metric.name))
                member("value", .kg(event.valueKg))
                member("previous", .kg(event.previousKg))
            }),
            ("body", .objects(report.body.measurements) { measurement, member in
                member("day", .date(measurement.day))
                member("weight_kg", .kg(measurement.weightKg))
            }),
            ("dots", .value(report.body.dots.map { .object([
                ("total_kg", .kg($0.totalKg)), ("bodyweight_kg", .kg($0.bodyweightKg)), ("score", .kg($0.score)),
            ]) } ?? .null)),
            ("goals", .array(report.goals) { $0.json }),
            ("muscles", MuscleSetsJSON.muscles(report)),
            ("unmapped", .value(MuscleSetsJSON.unmapped(report.muscleSets))),
        ]
    }

    private static func streak(_ streak: Streak) -> JSONValue {
        .object([
            ("current", .int(streak.current)),
            ("longest", .int(streak.longest)),
            ("longest_start", .date(streak.longestStart)),
            ("longest_end", .date(streak.longestEnd)),
        ])
    }

    private static func exercise(_ exercise: ExerciseStats, slug: String?, e1rmBW: Double?) -> JSONValue {
        let records = exercise.records
        let repMaxes: [(String, JSONValue)] = (1...12).compactMap { n in
            records.repMax(n).map { (String(n), JSONValue.kg($0.value)) }
        }
        return .object([
            ("name", .string(exercise.name)),
            ("slug", .string(slug)),
            ("workouts", .int(exercise.workouts)),
            ("working_sets", .int(exercise.workingSets)),
            ("volume_kg", .kg(exercise.volumeKg)),
            ("heaviest_kg", .kg(records.heaviest?.value)),
            ("heaviest_day", .date(records.heaviest?.day)),
            ("e1rm_kg", .kg(records.e1rm?.value)),
            ("e1rm_day", .date(records.e1rm?.day)),
            ("best_set_volume_kg", .kg(records.bestSetVolume?.value)),
            ("best_session_volume_kg", .kg(records.bestSessionVolume?.value)),
            ("max_reps", .int(records.maxReps?.value)),
            ("rep_maxes_kg", .object(repMaxes)),
            ("e1rm_bw", .kg(e1rmBW)),
        ])
    }
}
