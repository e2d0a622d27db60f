/// The shading of a heatmap (docs/product.md "Heatmap shading"): a trained day's level 1…4 is
/// its quartile among the trained days shown, by working sets; 0 is a day without a workout.
///
/// The quartile bounds are nearest-rank: with the `n` values sorted, bound `k` (k = 1, 2, 3) is
/// the value at rank ⌈k·n/4⌉. A day's level is 1 plus the number of bounds its value exceeds, so
/// equal values always share a level; when every trained day has the same value they are all
/// level 1, and a level no day falls into has no range (the legend leaves it out).
struct HeatLevels: Sendable, Hashable {
    /// The inclusive upper bounds of levels 1, 2 and 3 (empty without trained days).
    let bounds: [Int]
    /// The smallest and largest value of each level 1…4 (index 0 is level 1), nil when no
    /// trained day falls into it.
    let ranges: [ClosedRange<Int>?]

    /// The levels of `values`, one per trained day (negative values count as 0).
    init(values: [Int]) {
        let sorted = values.map { max(0, $0) }.sorted()
        guard !sorted.isEmpty else {
            bounds = []
            ranges = [nil, nil, nil, nil]
            return
        }
        let count = sorted.count
        let bounds = (1...3).map { sorted[(($0 * count + 3) / 4) - 1] }
        self.bounds = bounds
        var ranges: [ClosedRange<Int>?] = [nil, nil, nil, nil]
        for value in sorted {
            let index = Self.level(value, bounds: bounds) - 1
            ranges[index] = ranges[index].map { $0.lowerBound...value } ?? value...value
        }
        self.ranges = ranges
    }

    /// The level (1…4) of a trained day with `value` working sets.
    func level(_ value: Int) -> Int { Self.level(max(0, value), bounds: bounds) }

    private static func level(_ value: Int, bounds: [Int]) -> Int {
        1 + bounds.filter { value > $0 }.count
    }

    /// The legend entries: level 0 as `rest day`, then each level that holds a trained day with
    /// its range (`1–9 sets`, `10–14`, `15`); the first range names the unit.
    func legend(unit: (singular: String, plural: String)) -> [(level: Int, text: String)] {
        var entries = [(level: 0, text: "rest day")]
        for (index, range) in ranges.enumerated() {
            guard let range else { continue }
            var text = range.lowerBound == range.upperBound
                ? TextFormat.count(range.lowerBound)
                : TextFormat.count(range.lowerBound) + "–" + TextFormat.count(range.upperBound)
            if entries.count == 1 { text += " " + (range == 1...1 ? unit.singular : unit.plural) }
            entries.append((level: index + 1, text: text))
        }
        return entries
    }
}
