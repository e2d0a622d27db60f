/// One `[[goals]]` entry of `wkt-site.toml` (docs/statistics.md "Goals"): an exercise, a record
/// metric and a target in kilograms, with an optional day to reach it by.
///
/// The metric is one of ``allowedMetrics``-style names: `heaviest`, `e1rm` or `rep_max_N` with
/// N = 1…12 (``metric(named:)``). The exercise is matched against the history's names by
/// ``GoalMatch`` (exact first, else ignoring case and repeated white space).
public struct Goal: Sendable, Hashable, Encodable {
    /// Where a goal was written: the config file and its 1-based line, for error messages.
    public struct Source: Sendable, Hashable {
        /// The config file as the user named it (`wkt-site.toml`).
        public var file: String
        /// The line of the entry's `exercise` key (or its table header), when found.
        public var line: Int?

        /// Creates a source.
        public init(file: String, line: Int?) { (self.file, self.line) = (file, line) }

        /// `wkt-site.toml:12` or `wkt-site.toml`.
        public var location: String { file + (line.map { ":\($0)" } ?? "") }
    }

    /// The exercise as written in the config (NFC, white space runs collapsed).
    public var exercise: String
    /// `heaviest`, `e1rm` or a rep max 1…12.
    public var metric: RecordMetric
    /// The target, kg (> 0, finite).
    public var targetKg: Double
    /// The day the lifter wants to reach it by, if any.
    public var by: CivilDate?
    /// Where the entry was written; nil for goals built in code (the demo's). Not part of the
    /// encoding: moving an entry to another line changes no page.
    public var source: Source?

    /// Creates a goal.
    public init(exercise: String, metric: RecordMetric, targetKg: Double, by: CivilDate? = nil, source: Source? = nil) {
        self.exercise = Goal.spaced(exercise)
        self.metric = metric
        self.targetKg = targetKg
        self.by = by
        self.source = source
    }

    /// The metric a `metric` value names, when goals allow it: `heaviest`, `e1rm`, `rep_max_1` …
    /// `rep_max_12` (no leading zeros, lower case).
    public static func metric(named name: String) -> RecordMetric? {
        switch name {
        case "heaviest": return .heaviest
        case "e1rm": return .e1rm
        default:
            guard name.hasPrefix("rep_max_") else { return nil }
            let digits = name.dropFirst("rep_max_".count)
            guard let n = Int(digits), (1...12).contains(n), String(n) == digits else { return nil }
            return .repMax(n)
        }
    }

    /// NFC with runs of white space as one space, trimmed: how a goal writes an exercise name.
    public static func spaced(_ name: String) -> String {
        CanonicalName.normalize(name).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The names ``metric(named:)`` accepts, for error messages.
    public static let metricNames = "\"heaviest\", \"e1rm\" or \"rep_max_N\" with N from 1 to 12"

    /// The target in grams: how it is compared with record values (kept to 0.001 kg).
    public var targetMilli: Double { (targetKg * 1000).rounded() }

    private enum Key: String, CodingKey {
        case exercise, metric, targetKg = "target_kg", by
    }

    /// The exercise, metric name, target and `by` day (the source is left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(exercise, forKey: .exercise)
        try container.encode(metric.name, forKey: .metric)
        try container.encode(targetKg, forKey: .targetKg)
        try container.encodeIfPresent(by?.description, forKey: .by)
    }
}

/// How a goal's exercise name finds the history's exercise (docs/statistics.md "Goals").
///
/// An exact match of the NFC name with white space runs collapsed wins; else the one name that
/// is equal ignoring case (``MuscleOverrides/key(_:)``, as the `[muscles]` table matches);
/// several such names and no exact one make the goal ambiguous.
public enum GoalMatch: Sendable, Equatable {
    /// The history's name of the exercise.
    case found(String)
    /// No exercise of that name.
    case unknown
    /// Several exercises differ from the goal's name only in case: the names, sorted.
    case ambiguous([String])

    /// Matches `name` against `names` (the history's exercise names, canonical).
    public static func match(_ name: String, among names: some Sequence<String>) -> GoalMatch {
        let wanted = Goal.spaced(name)
        let key = MuscleOverrides.key(wanted)
        var candidates: Set<String> = []
        for candidate in names {
            let canonical = CanonicalName.normalize(candidate)
            if Goal.spaced(canonical) == wanted { return .found(canonical) }
            if MuscleOverrides.key(canonical) == key { candidates.insert(canonical) }
        }
        switch candidates.count {
        case 0: return .unknown
        case 1: return .found(candidates.first ?? wanted)
        default: return .ambiguous(candidates.sorted { CanonicalName.precedes($0, $1) })
        }
    }

    /// The problem of a goal whose exercise is not found, in words, nil when found. Used by
    /// the commands that read both the config and the store (docs/statistics.md "Goals").
    public static func problem(of goal: Goal, among names: some Sequence<String>) -> String? {
        switch match(goal.exercise, among: names) {
        case .found: return nil
        case .unknown:
            return "goal exercise \(MessageText.quoted(goal.exercise)) is not in the history: a goal must name "
                + "an exercise of a stored workout (case and repeated spaces do not matter)"
        case .ambiguous(let names):
            return "goal exercise \(MessageText.quoted(goal.exercise)) matches \(names.count) exercises that differ "
                + "only in case (" + names.map { MessageText.quoted($0) }.joined(separator: ", ") + "): write one of them exactly"
        }
    }
}
