import WktCore

/// English month names and the date ticks of a time axis, independent of the process locale.
enum DateTicks {
    /// `Jan` … `Dec`.
    static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// `January` … `December`.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
    /// At most this many ticks on one axis.
    static let maxTicks = 8

    /// The abbreviation of a month number 1…12 (`?` outside).
    static func abbreviation(month: Int) -> String {
        (1...12).contains(month) ? monthAbbreviations[month - 1] : "?"
    }

    /// Ticks for an axis from `first` to `last` (inclusive):
    /// - one day: that date (`2026-03-04`);
    /// - two years or more: each 1 January (`2024`);
    /// - 60 days or more: each first of a month (`Mar 2024`);
    /// - otherwise five evenly spaced days (`Mar 4`).
    ///
    /// Long lists keep every k-th tick so that at most ``maxTicks`` remain.
    static func ticks(from first: CivilDate, to last: CivilDate) -> [(date: CivilDate, label: String)] {
        let span = first.days(to: last)
        var ticks: [(date: CivilDate, label: String)] = []
        if span <= 0 {
            return [(first, first.description)]
        } else if span >= 730 {
            for year in first.year...last.year {
                guard let day = CivilDate(year: year, month: 1, day: 1), day >= first, day <= last else { continue }
                ticks.append((day, String(year)))
            }
        } else if span >= 60 {
            var year = first.year
            var month = first.month
            while let day = CivilDate(year: year, month: month, day: 1), day <= last {
                if day >= first { ticks.append((day, "\(abbreviation(month: month)) \(year)")) }
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
        } else {
            var seen = Set<Int>()
            for step in 0...4 {
                let offset = Int((Double(span) * Double(step) / 4).rounded())
                guard seen.insert(offset).inserted else { continue }
                let day = first.adding(days: offset)
                ticks.append((day, "\(abbreviation(month: day.month)) \(day.day)"))
            }
        }
        guard ticks.count > maxTicks else { return ticks }
        let stride = (ticks.count + maxTicks - 1) / maxTicks
        return ticks.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }
}
