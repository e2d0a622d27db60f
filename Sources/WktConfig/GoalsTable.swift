import TOMLKit
import WktCore

/// Reads `[[goals]]` (docs/statistics.md "Goals") into ``Goal``s, in the order written.
///
/// Each entry is a table with `exercise` (a non-empty string of at most
/// ``ConfigLoader/maxTextLength`` characters), `metric` (``Goal/metric(named:)``), `target_kg` (a
/// number from 0.001 to ``maxTargetKg``) and optionally `by` (a real day as `"YYYY-MM-DD"` or a
/// TOML local date). A missing required key, an unknown key, a value of the wrong type or out of
/// range, the same exercise, metric and target twice, and more than ``maxGoals`` entries are
/// errors (exit 65) naming the file, the line (the key's in that entry, else the entry's
/// `[[goals]]` header) and the rule. Whether the exercise exists is checked where the history is
/// known (``GoalMatch/problem(of:among:)``, called by the commands).
enum GoalsTable {
    /// An entry's keys, sorted.
    static let knownKeys = ["by", "exercise", "metric", "target_kg"]
    /// The most goals a configuration holds: every one is a progress bar on the dashboard.
    static let maxGoals = 100
    /// The largest target, kg: far above any lift, small enough to show as a weight.
    static let maxTargetKg = 10_000.0

    /// The goals `value` (the document's `goals` entry) describes.
    /// - Parameters:
    ///   - value: the parsed `goals` value.
    ///   - file: the name used in error messages.
    ///   - bytes: the document's bytes, read again for the line of an error (and of each goal).
    /// - Throws: ``ConfigError/badEntry(file:line:key:problem:)``.
    static func read(_ value: TOMLValueConvertible, file: String, bytes: [UInt8]) throws(ConfigError) -> [Goal] {
        let lines = SourceLines(bytes)
        guard let array = value.array else {
            throw .badEntry(file: file, line: lines.line(ofKey: ["goals"]), key: "goals",
                            problem: "a TOML \(value.type) is not valid: expected an array of tables, one [[goals]] per goal")
        }
        guard array.count <= maxGoals else {
            throw .badEntry(file: file, line: lines.line(ofEntry: maxGoals, in: ["goals"]), key: "goals",
                            problem: "\(array.count) goals are too many: at most \(maxGoals)")
        }
        var goals: [Goal] = []
        var seen: [String: Int] = [:]
        for (index, element) in array.enumerated() {
            let entry = Entry(file: file, lines: lines, index: index)
            guard let table = element.table else {
                throw entry.error(nil, "a TOML \(element.type) is not valid: expected a table of exercise, metric, target_kg and by")
            }
            let goal = try entry.goal(table)
            let identity = "\(MuscleOverrides.key(goal.exercise))\u{0}\(goal.metric.name)\u{0}\(goal.targetMilli)"
            if let first = seen[identity] {
                throw entry.error("exercise", "the same exercise, metric and target as goal \(first + 1): each goal once")
            }
            seen[identity] = index
            goals.append(goal)
        }
        return goals
    }

    /// One entry, for reading its keys and naming its lines.
    private struct Entry {
        let file: String
        let lines: SourceLines
        let index: Int

        /// The error about `key` (nil: the whole entry) of this entry, on its line.
        func error(_ key: String?, _ problem: String) -> ConfigError {
            let line = lines.line(ofEntry: index, in: ["goals"], key: key) ?? lines.line(ofKey: ["goals"])
            return .badEntry(file: file, line: line, key: "goals[\(index + 1)]" + (key.map { "." + $0 } ?? ""), problem: problem)
        }

        func goal(_ table: TOMLTable) throws(ConfigError) -> Goal {
            for key in table.keys.sorted() where !GoalsTable.knownKeys.contains(key) {
                throw error(key, "unknown key: a goal takes " + GoalsTable.knownKeys.joined(separator: ", "))
            }
            guard let exerciseValue = table["exercise"] else { throw error(nil, "missing key exercise: the exercise the goal is for") }
            guard let name = exerciseValue.string else {
                throw error("exercise", "a TOML \(exerciseValue.type) is not valid: expected the exercise's name as a string")
            }
            let exercise = Goal.spaced(name)
            guard !exercise.isEmpty else { throw error("exercise", "an exercise name must not be empty") }
            guard exercise.prefix(ConfigLoader.maxTextLength + 1).count <= ConfigLoader.maxTextLength else {
                throw error("exercise", "a name of more than \(ConfigLoader.maxTextLength) characters is not valid")
            }
            guard let metricValue = table["metric"] else { throw error(nil, "missing key metric: expected \(Goal.metricNames)") }
            guard let metricName = metricValue.string, let metric = Goal.metric(named: metricName) else {
                let shown = metricValue.string.map { MessageText.quoted($0) } ?? "a TOML \(metricValue.type)"
                throw error("metric", "\(shown) is not valid: expected \(Goal.metricNames)")
            }
            guard let targetValue = table["target_kg"] else { throw error(nil, "missing key target_kg: the target in kilograms") }
            guard let target = targetValue.double ?? targetValue.int.map(Double.init) else {
                throw error("target_kg", "a TOML \(targetValue.type) is not valid: expected a number of kilograms")
            }
            guard target.isFinite, target >= 0.001, target <= GoalsTable.maxTargetKg else {
                throw error("target_kg", "\(target) is not valid: the target must be a number of kilograms from 0.001 to 10,000")
            }
            var by: CivilDate?
            if let byValue = table["by"] { by = try day(byValue) }
            return Goal(
                exercise: exercise, metric: metric, targetKg: target, by: by,
                source: Goal.Source(file: file, line: lines.line(ofEntry: index, in: ["goals"], key: "exercise")))
        }

        /// `by`: a real day, as a `"YYYY-MM-DD"` string or a TOML local date.
        func day(_ value: TOMLValueConvertible) throws(ConfigError) -> CivilDate {
            if let date = value.date {
                guard let day = CivilDate(year: date.year, month: date.month, day: date.day) else {
                    throw error("by", "\(date.debugDescription) is not a real day")
                }
                return day
            }
            guard let text = value.string else {
                throw error("by", "a TOML \(value.type) is not valid: expected a day as \"YYYY-MM-DD\"")
            }
            guard let day = CivilDate.parse(text) else {
                throw error("by", "\(MessageText.quoted(text)) is not valid: expected a real day as \"YYYY-MM-DD\"")
            }
            return day
        }
    }
}
