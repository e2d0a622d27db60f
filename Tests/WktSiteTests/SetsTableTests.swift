import Testing
import WktCore
import WktMarkdown
@testable import WktSite

/// `PageComposer.setsTable(_:marks:assistedOn:)`, written in two passes with numbers straight
/// from their digits, against the way it was written before (every cell a string in one array,
/// escaped), over random tables: every kind, present, zero, negative and absent values, PR marks,
/// assisted days, both units.
@Suite("Sets table")
struct SetsTableTests {
    /// The previous `setsTable`, kept as the reference.
    static func reference(_ composer: PageComposer, _ sets: [WorkoutSet], marks: (Int) -> [PREvent], assistedOn day: CivilDate?) -> String {
        let symbol = composer.site.units.symbol
        let units = composer.site.units
        let columns = [
            MD.Column("Kind"), MD.Column("Weight (\(symbol))", numeric: true), MD.Column("Reps", numeric: true),
            MD.Column("Time", numeric: true), MD.Column("Distance", numeric: true), MD.Column("RPE", numeric: true),
            MD.Column("Volume (\(symbol))", numeric: true), MD.Column("Records"),
        ]
        var cells = [String?](repeating: nil, count: sets.count * columns.count)
        var shown = [Bool](repeating: false, count: columns.count)
        for (index, set) in sets.enumerated() {
            let weight = day.map { composer.assistedWeightText(set, on: $0) } ?? set.weightKg.map(units.weightNumber)
            let volume = day.map { composer.assistedVolume(set, on: $0) } ?? set.volumeKg
            let events = marks(index)
            let base = index * columns.count
            cells[base] = HTMLEscaping.escapeHTML(PageComposer.kindName(set))
            cells[base + 1] = weight.map(HTMLEscaping.escapeHTML)
            cells[base + 2] = set.reps.map { String($0) }
            cells[base + 3] = set.seconds.map { HTMLEscaping.escapeHTML(TextFormat.setTime(seconds: $0)) }
            cells[base + 4] = set.distanceM.map { HTMLEscaping.escapeHTML(TextFormat.distance(metres: $0)) }
            cells[base + 5] = set.rpe.map { HTMLEscaping.escapeHTML(TextFormat.short($0)) }
            cells[base + 6] = set.isWorking && volume > 0 ? HTMLEscaping.escapeHTML(DecimalFormat.grouped(units.convert(volume))) : nil
            cells[base + 7] = events.isEmpty ? "" : PageComposer.prMarker(events)
            for column in columns.indices {
                guard let cell = cells[base + column], !cell.isEmpty else { continue }
                shown[column] = true
            }
        }
        var out = TextBuffer(capacity: 0)
        let kept = [MD.Column("Set", numeric: true)] + zip(columns, shown).filter(\.1).map(\.0)
        HTML.tableStart(kept, hasRows: !sets.isEmpty, to: &out)
        for index in sets.indices {
            out.append("<tr>\n<td align=\"right\">")
            out.append(decimal: index + 1)
            out.append("</td>\n")
            for (column, definition) in columns.enumerated() where shown[column] {
                HTML.cellStart(definition, to: &out)
                out.append(cells[index * columns.count + column] ?? "–")
                out.append("</td>\n")
            }
            out.append("</tr>\n")
        }
        HTML.tableEnd(hasRows: !sets.isEmpty, to: &out)
        return out.text
    }

    @Test("random tables read as before, in kg and lb, with and without assistance and marks", arguments: WeightUnit.allCases)
    func randomTables(unit: WeightUnit) {
        let site = SiteModel(history: SiteFixture.history, settings: SiteFixture.settings(unit: unit), today: SiteFixture.today)
        let composer = PageComposer(site: site)
        let events = site.report.prEvents
        #expect(!events.isEmpty, "the fixture has PR events to mark sets with")
        let days: [CivilDate?] = [nil, SiteFixture.today, site.workouts.first?.day]
        var seed: UInt64 = 29
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var columnsSeen = Set<String>()
        for _ in 0..<600 {
            let count = next(7)
            let sets = (0..<count).map { _ in
                WorkoutSet(
                    kind: SetKind.allCases[next(SetKind.allCases.count)],
                    weightKg: [nil, 0, 20, 61.25, 102.058, 1_234.567, -5][next(7)],
                    reps: [nil, 0, 1, 5, 12, -2, 1_000][next(7)],
                    seconds: [nil, nil, 0, 45, 3_725.5][next(5)],
                    distanceM: [nil, nil, nil, 0, 400, 5_000.5][next(6)],
                    rpe: [nil, nil, 7, 8.5, 10][next(5)],
                    notes: nil)
            }
            let marked = (0..<count).map { _ in next(4) == 0 ? (0..<(1 + next(3))).map { _ in events[next(events.count)] } : [] }
            let day = days[next(days.count)]
            let table = composer.setsTable(sets, marks: { marked[$0] }, assistedOn: day).text
            #expect(table == Self.reference(composer, sets, marks: { marked[$0] }, assistedOn: day), "\(sets) \(String(describing: day))")
            columnsSeen.formUnion(["Kind", "Time", "Distance", "RPE", "Records", "Volume"].filter { table.contains("<th") && table.contains(">\($0)") })
        }
        // The random tables reached every optional column.
        #expect(columnsSeen == ["Kind", "Time", "Distance", "RPE", "Records", "Volume"])
    }
}
