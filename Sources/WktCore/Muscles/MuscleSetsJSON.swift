/// The `stats.json` keys of docs/statistics.md "Sets per muscle".
enum MuscleSetsJSON {
    /// `"muscles"`: all 17 muscles sorted by name, each with its sets per week over the same weeks
    /// as `"weeks"` (zeros included, so a reader sees every muscle and week).
    /// Each row is made when it is written (``JSONMember``).
    static func muscles(_ report: StatsReport) -> JSONMember {
        .array(report.muscleSets.muscles) { row in
            .object([
                ("name", .string(row.muscle.rawValue)),
                ("weeks", .array(zip(report.weeks, row.weeks).map { week, sets in
                    .object([("start", .date(week.start)), ("sets", .decimal(sets))])
                })),
            ])
        }
    }

    /// `"unmapped"`: exercises without a mapping, sorted by name, with their working sets.
    static func unmapped(_ sets: MuscleSets) -> JSONValue {
        .array(sets.unmapped.map { .object([("exercise", .string($0.exercise)), ("working_sets", .int($0.workingSets))]) })
    }
}
