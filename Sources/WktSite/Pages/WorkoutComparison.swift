import Foundation
import Synchronization
import WktCore

/// The best working set of an exercise in a workout (docs/product.md "Compared with the previous
/// workout"): the highest e1RM; sets without one (no weight, or more than 12 reps) only when no
/// set has one, then the heaviest, then the most reps. An assisted exercise's set (docs/statistics.md
/// "Assisted exercises") weighs its effective load; without a bodyweight on its day it is ranked
/// and compared by reps only, like a bodyweight set, so more assistance never looks heavier.
struct BestSet: Sendable, Equatable {
    /// The weight, nil or 0 for a bodyweight set.
    let weightKg: Double?
    /// The reps.
    let reps: Int
    /// The estimate, when the set has weight and 1…12 reps.
    let e1rmKg: Double?

    /// Whether `self` ranks above `other`.
    func beats(_ other: BestSet) -> Bool {
        if (e1rmKg ?? -1) != (other.e1rmKg ?? -1) { return (e1rmKg ?? -1) > (other.e1rmKg ?? -1) }
        if (weightKg ?? 0) != (other.weightKg ?? 0) { return (weightKg ?? 0) > (other.weightKg ?? 0) }
        return reps > other.reps
    }
}

/// One exercise's working sets in one workout (all its blocks together), as compared.
struct ExerciseTally: Sendable, Equatable {
    /// Working sets.
    var sets = 0
    /// Σ weight × reps of the working sets (an assisted set: its effective load, 0 without a
    /// bodyweight), summed in whole grams.
    var volumeKg = 0.0
    /// The best set, nil when no working set has reps.
    var best: BestSet?
}

/// A workout set beside the previous workout of the same name: per exercise (those of this
/// workout in order, then those only the previous one had) and in total.
struct WorkoutComparison: Sendable, Equatable {
    /// One exercise of either workout.
    struct Row: Sendable, Equatable {
        /// The NFC name.
        let name: String
        /// This workout's sets of it, nil when it was not done.
        let now: ExerciseTally?
        /// The previous workout's sets of it, nil when it was not done then.
        let then: ExerciseTally?
    }

    /// The exercises.
    let rows: [Row]
    /// Whether either workout has an assisted exercise weighed by its effective load.
    let hasAssisted: Bool

    /// The training days of both workouts and the assisted-exercise rule, for the effective load
    /// of assisted sets.
    struct Assistance: Sendable {
        /// The rule (bodyweight timeline and `[muscles]` flags).
        let load: AssistedLoad
        /// The training day of this workout.
        let now: CivilDate
        /// The training day of the previous workout.
        let then: CivilDate
    }

    /// Compares `now` with `then` (its previous workout of the same name); with `assistance`,
    /// assisted sets weigh their effective load on their own day. Both sides' tallies made here:
    /// the pages take theirs through ``ComparisonTallies`` (``PageComposer/comparison(_:with:)``),
    /// and the tests hold that path to this plain one.
    init(_ now: Workout, with then: Workout, formula: E1RMFormula, assistance: Assistance? = nil) {
        self.init(
            current: Self.tallies(now, formula: formula, assistance: assistance.map { ($0.load, $0.now) }),
            previous: Self.tallies(then, formula: formula, assistance: assistance.map { ($0.load, $0.then) }),
            assisted: assistance?.load)
    }

    /// Compares two workouts by their ``tallies(_:formula:assistance:)`` (`current` of this
    /// one, `previous` of the previous one of its name, each made with the same formula and
    /// assisted-load rule, `assisted`, on its own day).
    init(current: [(name: String, tally: ExerciseTally)], previous: [(name: String, tally: ExerciseTally)], assisted: AssistedLoad?) {
        let rows = Self.rows(current: current, previous: previous)
        self.rows = rows
        hasAssisted = assisted.map { load in rows.contains { load.isAssisted($0.name) } } ?? false
    }

    /// The rows of two workouts' tallies (each side's names distinct, as ``tallies(_:formula:assistance:)``
    /// makes them): this workout's exercises in order, each with the previous workout's tally
    /// of the same name (`==`), then the previous workout's exercises this one did not do.
    /// A workout names a few exercises, so the previous ones are scanned for each name, those
    /// found marked in a bit set; sides of more than ``FirstAppearance/linearLimit`` names go
    /// through ``rowsByFirstAppearance(current:previous:)``, as every comparison did before
    /// (copying both lists into name lists first cost 19,000 instructions a workout page).
    static func rows(current: [(name: String, tally: ExerciseTally)], previous: [(name: String, tally: ExerciseTally)]) -> [Row] {
        guard current.count <= FirstAppearance.linearLimit, previous.count <= FirstAppearance.linearLimit else {
            return rowsByFirstAppearance(current: current, previous: previous)
        }
        var rows: [Row] = []
        rows.reserveCapacity(current.count + previous.count)
        var found: UInt32 = 0
        for entry in current {
            var then: ExerciseTally?
            for index in previous.indices where previous[index].name == entry.name {
                then = previous[index].tally
                found |= 1 << UInt32(index)
                break
            }
            rows.append(Row(name: entry.name, now: entry.tally, then: then))
        }
        for index in previous.indices where found & (1 << UInt32(index)) == 0 {
            rows.append(Row(name: previous[index].name, now: nil, then: previous[index].tally))
        }
        return rows
    }

    /// ``rows(current:previous:)`` with each side's names found through ``FirstAppearance``,
    /// which stays linear for any number of names.
    static func rowsByFirstAppearance(
        current: [(name: String, tally: ExerciseTally)], previous: [(name: String, tally: ExerciseTally)]
    ) -> [Row] {
        var previousNames = FirstAppearance(capacity: previous.count)
        for entry in previous { _ = previousNames.position(of: entry.name) }
        var currentNames = FirstAppearance(capacity: current.count)
        for entry in current { _ = currentNames.position(of: entry.name) }
        return current.map { entry in
            Row(name: entry.name, now: entry.tally, then: previousNames.existingPosition(of: entry.name).map { previous[$0].tally })
        } + previous.filter { currentNames.existingPosition(of: $0.name) == nil }.map { Row(name: $0.name, now: nil, then: $0.tally) }
    }

    /// Working sets and volume of all rows: (this workout, the previous one).
    var totals: (now: ExerciseTally, then: ExerciseTally) {
        var now = ExerciseTally()
        var then = ExerciseTally()
        var milli = (now: 0.0, then: 0.0)
        for row in rows {
            now.sets += row.now?.sets ?? 0
            then.sets += row.then?.sets ?? 0
            milli.now += ((row.now?.volumeKg ?? 0) * 1000).rounded()
            milli.then += ((row.then?.volumeKg ?? 0) * 1000).rounded()
        }
        now.volumeKg = milli.now / 1000
        then.volumeKg = milli.then / 1000
        return (now, then)
    }

    /// The exercises of `workout` in order of first appearance, blocks merged, with their tallies;
    /// with `assistance`, an assisted exercise's sets weigh the effective load on that day.
    static func tallies(
        _ workout: Workout, formula: E1RMFormula, assistance: (load: AssistedLoad, day: CivilDate)? = nil
    ) -> [(name: String, tally: ExerciseTally)] {
        // One short scan per block (``FirstAppearance``), not two lookups per set: every workout
        // page compares two workouts.
        var order = FirstAppearance(capacity: workout.exercises.count)
        var tallies: [(tally: ExerciseTally, milli: Double)] = []
        for block in workout.exercises {
            let name = CanonicalName.normalize(block.name)
            let (index, isNew) = order.position(of: name)
            if isNew { tallies.append((ExerciseTally(), 0)) }
            // An assisted set weighs its effective load; nil (unknown bodyweight) = reps only.
            let assisted = assistance.flatMap { $0.load.isAssisted(name) ? $0 : nil }
            for set in block.sets where set.isWorking {
                tallies[index].tally.sets += 1
                let load = assisted.map { $0.load.effectiveLoad(assistanceKg: set.weightKg, on: $0.day) } ?? set.weightKg
                let volume = assisted == nil ? set.volumeKg : (load ?? 0) * Double(max(set.reps ?? 0, 0))
                tallies[index].milli += (volume * 1000).rounded()
                if let reps = set.reps, reps >= 1 {
                    let weight = load.flatMap { $0 > 0 ? $0 : nil }
                    let candidate = BestSet(
                        weightKg: weight, reps: reps, e1rmKg: weight.flatMap { formula.estimate(weightKg: $0, reps: reps) })
                    if tallies[index].tally.best.map({ candidate.beats($0) }) ?? true { tallies[index].tally.best = candidate }
                }
            }
        }
        return order.names.indices.map { index in
            var tally = tallies[index].tally
            tally.volumeKg = tallies[index].milli / 1000
            return (order.names[index], tally)
        }
    }

    /// The name key workouts are matched by: the NFC name compared case-insensitively (as slugs
    /// are, docs/product.md "Compared with the previous workout").
    static func nameKey(_ name: String) -> String {
        // An ASCII name (nearly every one) is already NFC, and case folding changes only its
        // letters A–Z, to a–z: lowered here byte by byte. Foundation's folding took 9,000
        // instructions a workout, on the longer side of the render setup (SiteRender).
        if name.isAllASCII {
            var name = name
            return name.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { buffer in
                    for index in bytes.indices {
                        let byte = bytes[index]
                        buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                    }
                    return bytes.count
                }
            }
        }
        return CanonicalName.normalize(name).folding(options: [.caseInsensitive], locale: nil)
    }

    /// For each workout (walk order: by start), the index of the latest earlier workout whose
    /// name matches by ``nameKey(_:)``, or nil for the first of its name.
    static func previousSameName(_ workouts: [WorkoutEntry]) -> [Int?] {
        var latest: [String: Int] = [:]
        return workouts.map { entry in
            let key = nameKey(entry.workout.name)
            defer { latest[key] = entry.index }
            return latest[key]
        }
    }
}

/// Each workout's ``WorkoutComparison/tallies(_:formula:assistance:)`` for one render, made on
/// first use and dropped after the last: a workout is compared on its own page and, as the
/// previous one, on the page of the next workout of its name, so every tally was made twice
/// (66 M instructions of a 10-year full build, half of them repeats). Kept are only the tallies
/// still to be asked for, so memory holds the pages in flight, not the history; a page not
/// composed in this build (taken over from the previous site) leaves its workouts' tallies kept
/// until the render ends. What a page shows never depends on this: a miss makes the tallies.
final class ComparisonTallies: Sendable {
    typealias Tallies = [(name: String, tally: ExerciseTally)]

    /// How many times each workout's tallies are asked for in a render that composes every
    /// workout page.
    private let uses: [UInt8]
    /// Tallies made and not yet asked for as often as ``uses`` says.
    private let kept = Mutex<[Int: (tallies: Tallies, asked: UInt8)]>([:])

    /// The cache for the workouts of a site whose previous workouts of the same name are
    /// `previousSameName` (``WorkoutComparison/previousSameName(_:)``); `compared[i]` tells
    /// whether workout `i`'s page shows a comparison when it has a previous workout.
    init(previousSameName: [Int?], compared: (Int) -> Bool) {
        var uses = [UInt8](repeating: 0, count: previousSameName.count)
        for (index, previous) in previousSameName.enumerated() {
            guard let previous, compared(index) else { continue }
            uses[index] += 1
            uses[previous] += 1
        }
        self.uses = uses
    }

    /// The tallies of workout `index`: kept ones, or `make()`'s (kept when asked for again).
    func tallies(of index: Int, make: () -> Tallies) -> Tallies {
        let expected = index < uses.count ? uses[index] : 0
        let found: Tallies? = kept.withLock { kept in
            guard let entry = kept[index] else { return nil }
            if entry.asked + 1 >= expected {
                kept[index] = nil
            } else {
                kept[index] = (entry.tallies, entry.asked + 1)
            }
            return entry.tallies
        }
        if let found { return found }
        let made = make()
        if expected > 1 {
            kept.withLock { kept in
                if let entry = kept[index] {
                    // Another page made the same tallies at the same time and kept its own: this
                    // ask is one of their uses (left uncounted, they stayed kept to the end of
                    // the render; the CI run of the two-thread test found it).
                    if entry.asked + 1 >= expected {
                        kept[index] = nil
                    } else {
                        kept[index] = (entry.tallies, entry.asked + 1)
                    }
                } else {
                    kept[index] = (made, 1)
                }
            }
        }
        return made
    }

    /// How many workouts' tallies are kept now (for tests).
    var keptCount: Int { kept.withLock { $0.count } }
}
