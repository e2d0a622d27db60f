import Testing
import WktTestSupport
@testable import WktCore

/// ``FirstAppearance`` numbers names exactly as a `[String: Int]` filled in order of first
/// appearance would, below and past its linear-scan limit.
@Suite("First-appearance positions of a workout's exercise names")
struct FirstAppearanceTests {
    /// The reference: a dictionary filled in order, as the grouping code did before.
    static func reference(_ names: [String]) -> [(position: Int, isNew: Bool)] {
        var index: [String: Int] = [:]
        return names.map { name in
            if let known = index[name] { return (known, false) }
            index[name] = index.count
            return (index.count - 1, true)
        }
    }

    static func positions(_ names: [String], capacity: Int? = nil) -> [(position: Int, isNew: Bool)] {
        var seen = capacity.map { FirstAppearance(capacity: $0) } ?? FirstAppearance()
        return names.map { seen.position(of: $0) }
    }

    @Test("repeats get the first position; new names the next one")
    func smallWorkout() {
        let names = ["Squat", "Bench", "Squat", "Row", "Bench", "Row", "Curl"]
        let got = Self.positions(names)
        #expect(got.map(\.position) == [0, 1, 0, 2, 1, 2, 3])
        #expect(got.map(\.isNew) == [true, true, false, true, false, false, true])
    }

    @Test("canonically equal spellings are one name, as for dictionary keys")
    func canonicalEquivalence() {
        let names = ["Caf\u{E9} Curl", "Cafe\u{301} Curl", "cafe curl"]
        #expect(Self.positions(names).map(\.position) == Self.reference(names).map(\.position))
        #expect(Self.positions(names).map(\.position) == [0, 0, 1])
    }

    @Test("random sequences of up to 60 distinct names, across the linear limit, match the dictionary")
    func randomSequences() {
        var random = SplitMix64(seed: 14)
        for round in 0..<300 {
            let distinct = Int.random(in: 1...60, using: &random)
            let length = Int.random(in: 0...200, using: &random)
            let names = (0..<length).map { _ in "Exercise \(Int.random(in: 0..<distinct, using: &random))" }
            let got = Self.positions(names)
            let expected = Self.reference(names)
            #expect(got.map(\.position) == expected.map(\.position), "round \(round)")
            #expect(got.map(\.isNew) == expected.map(\.isNew), "round \(round)")
            // Room reserved for any number of names (a hint, even a wrong one) changes nothing.
            let capacity = Int.random(in: -1...80, using: &random)
            let reserved = Self.positions(names, capacity: capacity)
            #expect(reserved.map(\.position) == expected.map(\.position), "round \(round), capacity \(capacity)")
            #expect(reserved.map(\.isNew) == expected.map(\.isNew), "round \(round), capacity \(capacity)")
            // Looking a name up without adding it agrees with the dictionary too.
            var seen = FirstAppearance()
            for name in names { _ = seen.position(of: name) }
            let index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            for probe in (0..<(distinct + 3)).map({ "Exercise \($0)" }) {
                #expect(seen.existingPosition(of: probe) == index[probe].map { position in expected[position].position }, "round \(round)")
            }
        }
    }

    @Test("names seen stay in order of first appearance past the linear limit")
    func namesInOrder() {
        var seen = FirstAppearance()
        let names = (0..<(FirstAppearance.linearLimit * 3)).map { "Lift \($0)" }
        for name in names + names.reversed() { _ = seen.position(of: name) }
        #expect(seen.names == names)
        let first = seen.position(of: "Lift 0")
        let last = seen.position(of: "Lift 47")
        let added = seen.position(of: "Lift 48")
        #expect(first.position == 0 && !first.isNew)
        #expect(last.position == 47 && !last.isNew)
        #expect(added.position == 48 && added.isNew)
        #expect(seen.names.count == 49)
    }

    @Test("a workout's sets grouped by exercise: repeated blocks merged in order, past the linear limit too")
    func exerciseSetsMatchDictionaryGrouping() throws {
        var random = SplitMix64(seed: 2026)
        for round in 0..<200 {
            let pool = Int.random(in: 1...40, using: &random)
            let blocks = (0..<Int.random(in: 0...60, using: &random)).map { block in
                ExerciseBlock(
                    name: "Lift \(Int.random(in: 0..<pool, using: &random))",
                    sets: (0..<Int.random(in: 0...4, using: &random)).map { WorkoutSet(weightKg: Double(block), reps: $0 + 1) })
            }
            let day = try #require(CivilDate.parse("2026-01-05"))
            let start = try #require(WallTime(date: day, hour: 7, minute: 0))
            let workout = Workout(source: .demo, sourceKey: "\(round)", start: start, name: "W", exercises: blocks)
            // The reference: a dictionary of names in order of first appearance.
            var index: [String: Int] = [:]
            var expected: [(name: String, sets: [WorkoutSet])] = []
            for block in blocks {
                if let known = index[block.name] {
                    expected[known].sets += block.sets
                } else {
                    index[block.name] = expected.count
                    expected.append((block.name, block.sets))
                }
            }
            let got = QualityRules.exerciseSets(of: workout)
            #expect(got.map(\.name) == expected.map(\.name), "round \(round)")
            #expect(got.map(\.sets) == expected.map(\.sets), "round \(round)")
        }
    }
}
