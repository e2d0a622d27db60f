import Testing
@testable import WktCore

/// `JSONObjectWriter` (member by member, arrays made when written) against `JSONValue.pretty()`
/// of the same members: stats.json is written the first way and must be the bytes of the second.
@Suite("JSONObjectWriter: stats.json without its tree")
struct JSONObjectWriterTests {
    static let nested: JSONValue = .object([
        ("a", .array([.int(1), .object([]), .array([]), .object([("b", .array([.string("<x>"), .null]))])])),
        ("c", .kg(2.5)),
    ])

    /// Members of every shape: scalars, empty and nested containers, a made array with nested
    /// values, an empty made array, a made array of one element.
    static var members: [(String, JSONMember)] {
        [
            ("schema", .value(.int(1))),
            ("empty_object", .value(.object([]))),
            ("empty_array", .value(.array([]))),
            ("nested", .value(nested)),
            ("made", .elements(count: 3) { index in index == 1 ? nested : .object([("i", .int(index)), ("s", .string("\"\(index)\""))]) }),
            ("made_empty", .elements(count: 0) { _ in .null }),
            ("made_one", .array([7.25]) { .decimal($0) }),
            ("objects", .objects(count: 4) { index, member in
                // Objects of zero, one and several members, a nested container among them.
                if index > 0 { member("i", .int(index)) }
                if index > 1 { member("s", .string("<\(index)>")) }
                if index == 3 { member("nested", nested) }
            }),
            ("objects_empty", .objects(count: 0) { _, _ in }),
            // Keys that change at a position from one object to the next (and one to escape).
            ("objects_varying", .objects(count: 5) { index, member in
                member(index % 2 == 0 ? "x" : "y\"<", .int(index))
                if index >= 2 { member(index == 3 ? "w" : "z", .null) }
            }),
            ("objects_of", .objects(["a", "b\""]) { text, member in member("t", .string(text)) }),
            ("last", .value(.bool(false))),
        ]
    }

    @Test("writes the bytes of pretty() of the same object, members of every shape")
    func sameBytesAsTree() {
        let tree = JSONValue.object(Self.members.map { ($0.0, $0.1.value) }).pretty()
        #expect(JSONObjectWriter.pretty(Self.members) == Array(tree.utf8))
        #expect(JSONObjectWriter.pretty(Self.members, reserve: 10, trailer: "\n") == Array((tree + "\n").utf8))
        // Each member alone too (first and last member at once).
        for member in Self.members {
            #expect(JSONObjectWriter.pretty([member]) == Array(JSONValue.object([(member.0, member.1.value)]).pretty().utf8))
        }
    }

    @Test("an object without members is {}")
    func empty() {
        #expect(JSONObjectWriter.pretty([], trailer: "\n") == Array("{}\n".utf8))
        #expect(JSONValue.object([]).pretty() == "{}")
    }

    @Test("stats.json of a ten-year history: encodedBytes equals the tree's text byte for byte")
    func statsJSONOfTenYears() {
        var history = WorkoutHistory(workouts: TenYearHistoryTests.history())
        history.body = (0..<300).map { BodyMeasurement(day: H.d("2017-01-01").adding(days: 11 * $0), weightKg: 80 + Double($0 % 7) / 4, source: "wkt-json") }
        let settings = H.settings(target: 3)
        let today = H.d("2027-01-01")
        let report = StatsEngine.compute(history: history, settings: settings, today: today)
        #expect(report.prEvents.count > 1_000 && report.body.measurements.count == 300 && !report.muscleSets.unmapped.isEmpty)
        let slugs = Slugger.slugs(for: report.exercises.map(\.name))
        let tree = StatsJSON.document(report, settings: settings, today: today, slugs: slugs).pretty() + "\n"
        let bytes = StatsJSON.encodedBytes(report, settings: settings, today: today, slugs: slugs)
        #expect(bytes == Array(tree.utf8))
        #expect(StatsJSON.encode(report, settings: settings, today: today, slugs: slugs) == tree)
        // The reserve covers the document (one buffer, no doubling) without being far over it.
        let estimate = StatsJSON.sizeEstimate(report)
        #expect(estimate >= bytes.count && estimate <= bytes.count * 3 / 2, "estimate \(estimate) for \(bytes.count) bytes")
        #expect(bytes.capacity >= estimate && bytes.capacity <= estimate + 4096, "capacity \(bytes.capacity): the document was written into the reserved buffer")
    }

    @Test("a reserve smaller than the document only grows the buffer: the same bytes")
    func smallReserve() {
        let members: [(String, JSONMember)] = [("items", .elements(count: 2_000) { .string("item \($0)") })]
        let reference = JSONObjectWriter.pretty(members, trailer: "\n")
        #expect(JSONObjectWriter.pretty(members, reserve: 100, trailer: "\n") == reference)
        #expect(JSONObjectWriter.pretty(members, reserve: reference.count * 2, trailer: "\n") == reference)
    }
}
