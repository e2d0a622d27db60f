import Testing
@testable import WktCore

/// A session's rep maxes end at its most reps (the nils after it are left out); reading past the
/// end is nil, as a rep-max goal reads it.
@Suite("Session rep maxes")
struct SessionRepMaxTests {
    @Test("rep maxes run to the session's most reps (at most 12); none without weighted sets")
    func trimmed() throws {
        let history = [
            H.w(1, "2026-11-02 18:00", [H.ex("Bench", [H.warm(60, 15), H.s(100, 2), H.s(90, 5), H.s(95, 3)])]),
            H.w(2, "2026-11-03 18:00", [H.ex("Bench", [H.s(40, 20)]), H.ex("Pull Up", [H.s(nil, 10)])]),
        ]
        let report = H.report(history, today: "2026-11-05")
        let bench = try #require(report.exercises.first { $0.name == "Bench" })
        #expect(bench.sessions.map(\.repMaxesKg) == [[100, 100, 95, 90, 90], [Double?](repeating: 40, count: 12)])
        let pullUp = try #require(report.exercises.first { $0.name == "Pull Up" })
        #expect(pullUp.sessions.map(\.repMaxesKg) == [[]])
        #expect(GoalEngine.value(of: .repMax(5), in: bench.sessions[0]) == 90)
        #expect(GoalEngine.value(of: .repMax(6), in: bench.sessions[0]) == nil)
        #expect(GoalEngine.value(of: .repMax(12), in: bench.sessions[1]) == 40)
    }

    @Test("rep-max names, kept for 1…12, read as written out for every n")
    func repMaxNames() {
        for n in [Int.min, -1, 0, 1, 2, 9, 10, 11, 12, 13, 100, Int.max] {
            #expect(RecordMetric.repMax(n).name == "rep_max_\(n)")
            #expect(RecordMetric.repMax(n).displayName == "\(n)-rep max")
        }
        #expect(RecordMetric.heaviest.name == "heaviest" && RecordMetric.e1rm.displayName == "e1RM")
    }
}
