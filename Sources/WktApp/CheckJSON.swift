import WktCore

/// The `wkt-site check --json` document (docs/product.md "Commands"), one object, keys in
/// this order:
///
/// - `schema` 1; `today`; `workouts_checked`: workouts after `[[ignore]]`;
/// - `findings`: `rule` (`Q1`…), `title`, `start` (`YYYY-MM-DDTHH:MM:SS`, local wall time),
///   `workout` (`YYYY-MM-DD HH:MM`, as `[[ignore]]` names it), `workout_name`, `source`,
///   `exercise` and `set` (null when the finding is about a whole workout or exercise),
///   `explanation`; in the order of the text output;
/// - `ignored`: every excluded set: `line` (of the config entry), `workout`, `workout_name`,
///   `whole_workout`, `exercise`, `set`, `weight_kg`, `reps`;
/// - `unmatched_ignores`: `file`, `line`, `workout`, `exercise`, `set` of entries matching nothing.
enum CheckJSON {
    /// The document, pretty-printed.
    static func document(_ report: QualityReport, today: CivilDate, workouts: Int, configFile: String) -> String {
        JSONValue.object([
            ("schema", .int(1)),
            ("today", .date(today)),
            ("workouts_checked", .int(workouts)),
            ("findings", .array(report.findings.map { finding in
                .object([
                    ("rule", .string(finding.rule.rawValue)),
                    ("title", .string(finding.rule.title)),
                    ("start", .string(finding.workout.start.iso8601)),
                    ("workout", .string(finding.workout.minuteText)),
                    ("workout_name", .string(finding.workout.name)),
                    ("source", .string(finding.workout.source.rawValue)),
                    ("exercise", .string(finding.exercise)),
                    ("set", .int(finding.set)),
                    ("explanation", .string(finding.explanation)),
                ])
            })),
            ("ignored", .array(report.ignored.map { ignored in
                .object([
                    ("line", .int(ignored.line)),
                    ("workout", .string(ignored.workout.minuteText)),
                    ("workout_name", .string(ignored.workout.name)),
                    ("whole_workout", .bool(ignored.wholeWorkout)),
                    ("exercise", .string(ignored.exercise)),
                    ("set", .int(ignored.position)),
                    ("weight_kg", .kg(ignored.set?.weightKg)),
                    ("reps", .int(ignored.set?.reps)),
                ])
            })),
            ("unmatched_ignores", .array(report.unmatched.map { entry in
                .object([
                    ("file", .string(configFile)),
                    ("line", .int(entry.line)),
                    ("workout", .string(entry.minuteText)),
                    ("exercise", .string(entry.exercise)),
                    ("set", .int(entry.set)),
                ])
            })),
        ]).pretty()
    }
}
