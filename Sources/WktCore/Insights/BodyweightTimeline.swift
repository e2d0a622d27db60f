/// Bodyweight on a day (docs/statistics.md "Bodyweight on a day").
///
/// The rule: the latest measurement on or before the day; several on one day count as one, the
/// last of that day in ``WorkoutHistory/body`` order. A day before the first measurement has no
/// bodyweight (unknown), even when later measurements exist. Only when there is no measurement at
/// all does `bodyweight_kg` from `wkt-site.toml` stand for every day. A measurement that is not a
/// finite weight above 0 kg never reaches here from the store; if one does, it is not a weight and
/// is left out.
public struct BodyweightTimeline: Sendable, Equatable {
    /// One measurement per day (the one that counts), oldest first.
    public let measurements: [BodyMeasurement]
    /// The configured undated bodyweight in force: `bodyweight_kg` when there is no measurement,
    /// else nil.
    public let fallbackKg: Double?
    private let dayNumbers: [Int]

    /// The timeline of `measurements` (any order) with `configured` as the undated fallback.
    public init(measurements: [BodyMeasurement], configured: Double?) {
        var lastOfDay: [Int: BodyMeasurement] = [:]
        var days: [Int] = []
        for measurement in measurements where measurement.weightKg.isFinite && measurement.weightKg > 0 {
            let day = measurement.day.dayNumber
            if lastOfDay[day] == nil { days.append(day) }
            lastOfDay[day] = measurement
        }
        let sorted = days.sorted()
        self.dayNumbers = sorted
        self.measurements = sorted.compactMap { lastOfDay[$0] }
        let usable = configured.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.fallbackKg = self.measurements.isEmpty ? usable : nil
    }

    /// The timeline of a history's measurements and the configured `bodyweight_kg`.
    public init(history: WorkoutHistory, settings: Settings) {
        self.init(measurements: history.body, configured: settings.body.bodyweightKg)
    }

    /// Whether any bodyweight is known (a measurement or the configured value).
    public var isEmpty: Bool { measurements.isEmpty && fallbackKg == nil }

    /// The bodyweight on `day` in kg, nil when unknown.
    public func weight(on day: CivilDate) -> Double? {
        guard !measurements.isEmpty else { return fallbackKg }
        // The last measurement day ≤ day (binary search for the first day after it).
        let target = day.dayNumber
        var low = 0
        var high = dayNumbers.count
        while low < high {
            let mid = (low + high) / 2
            if dayNumbers[mid] <= target { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : measurements[low - 1].weightKg
    }
}

/// Assisted exercises (docs/statistics.md "Assisted exercises"): the logged weight is the help of
/// a machine or band, not load.
///
/// An exercise is assisted when its name contains `assisted` in any case, or its `[muscles]`
/// entry says `assisted = true`; an entry with `assisted = false` wins over the name. The
/// effective load of a set is the bodyweight on its training day minus the logged assistance,
/// floored at 0; a missing or negative logged weight is no assistance. Without a bodyweight the
/// effective load is unknown and the set counts for sets and reps only.
public struct AssistedLoad: Sendable {
    /// The bodyweight timeline.
    public let timeline: BodyweightTimeline
    /// The `[muscles]` entries (their `assisted` flag).
    public let overrides: MuscleOverrides

    /// Creates the rule for a timeline and the configured overrides.
    public init(timeline: BodyweightTimeline, overrides: MuscleOverrides) {
        self.timeline = timeline
        self.overrides = overrides
    }

    /// Whether `exercise` is assisted.
    public func isAssisted(_ exercise: String) -> Bool {
        if let flag = overrides.override(for: exercise)?.assisted { return flag }
        return Self.containsAssisted(exercise)
    }

    /// Whether `name` contains "assisted" in any ASCII case. A byte scan: this runs for every
    /// block of every workout and page, and `lowercased().contains` (Foundation) cost 5 % of a
    /// full build. Only ASCII letters lower-case to the ASCII word, so the answer is the same.
    ///
    /// The scan reads the name's UTF-8 in place when it is stored contiguously (always, for a
    /// native string): through `String.UTF8View`'s indices it cost 1,100 instructions a name,
    /// and a rebuild asks for 40,000 (every block of every workout page's key).
    ///
    /// In place, each 8 bytes are compared with the word at once: `byte | 0x20` equals a lower
    /// case letter exactly when the byte is that letter in either ASCII case, and every byte
    /// of "assisted" is a letter (450 instructions a name before; the 10-year full build asks
    /// 61,619 times).
    static func containsAssisted(_ name: String) -> Bool {
        if let found = name.utf8.withContiguousStorageIfAvailable(containsAssistedInPlace) { return found }
        return containsAssisted(bytes: name.utf8)
    }

    /// ``containsAssisted(_:)`` on bytes in memory, eight at a time.
    private static func containsAssistedInPlace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 8, let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        for offset in 0...(bytes.count - 8)
        where raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) | 0x2020_2020_2020_2020 == assistedWord64 {
            return true
        }
        return false
    }

    /// "assisted" as the 64-bit number its 8 bytes read as from memory.
    private static let assistedWord64: UInt64 = Array("assisted".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }

    /// ``containsAssisted(_:)`` on the bytes of a name.
    static func containsAssisted<Bytes: Collection<UInt8>>(bytes: Bytes) -> Bool {
        let word = assistedWord
        var matched = 0
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower == word[matched] {
                matched += 1
                if matched == word.count { return true }
                index = bytes.index(after: index)
            } else if matched > 0 {
                // Restart one byte after the start of the failed match.
                start = bytes.index(after: start)
                index = start
                matched = 0
            } else {
                index = bytes.index(after: index)
                start = index
            }
        }
        return false
    }

    /// The UTF-8 of "assisted", built once (an array per call was 1 % of a full build: this runs
    /// for every set).
    private static let assistedWord: [UInt8] = Array("assisted".utf8)

    /// The effective load of an assisted set with `loggedKg` assistance on `day`, in kg (0 or
    /// more), nil when the bodyweight on that day is unknown.
    public func effectiveLoad(assistanceKg loggedKg: Double?, on day: CivilDate) -> Double? {
        guard let bodyweight = timeline.weight(on: day) else { return nil }
        let assistance = loggedKg.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 0
        return max(0, bodyweight - assistance)
    }

    /// The load the statistics use for `set` of `exercise` on `day`: the logged weight for an
    /// ordinary exercise, the effective load for an assisted one.
    public func load(of set: WorkoutSet, exercise: String, on day: CivilDate) -> Double? {
        isAssisted(exercise) ? effectiveLoad(assistanceKg: set.weightKg, on: day) : set.weightKg
    }
}
