import Testing
import WktCore
@testable import WktSite

/// `PageComposer.setText(_:assistedOn:)`, written into bytes, against the way it was first
/// written (parts in an array joined with spaces), over every combination of present, zero and
/// absent values and every kind.
@Suite("Set text")
struct SetTextTests {
    /// The first version of `setText`, kept as the reference.
    static func reference(_ composer: PageComposer, _ set: WorkoutSet, assistedOn day: CivilDate? = nil) -> String {
        var parts: [String] = []
        let weight = day.map { composer.assistedWeightText(set, on: $0) } ?? set.weightKg.map { composer.site.units.weightNumber($0) }
        if let reps = set.reps, reps > 0 {
            parts.append((weight.map { $0 + " " } ?? "") + "× \(reps)")
        } else if let weight {
            parts.append(weight)
        }
        if let distance = set.distanceM, distance > 0 { parts.append(TextFormat.distance(metres: distance)) }
        if let seconds = set.seconds, seconds > 0 {
            parts.append((set.distanceM.map { $0 > 0 } ?? false ? "in " : "") + TextFormat.setTime(seconds: seconds))
        }
        var text = parts.joined(separator: " ")
        if set.kind == .drop || set.kind == .failure { text += " (\(set.kind.rawValue))" }
        return text
    }

    @Test("every combination of weight, reps, distance, time and kind reads as before")
    func combinations() {
        let composer = PageComposer(site: SiteModel(history: SiteFixture.history, settings: SiteFixture.settings(), today: SiteFixture.today))
        var checked = 0
        // Assisted sets on a day with a known bodyweight, and on one without.
        let days = [SiteFixture.today, composer.site.workouts.first?.day ?? SiteFixture.today]
        for weight in [nil, 0, 62.5, 1_234.25] as [Double?] {
            for reps in [nil, 0, -3, 1, 12] as [Int?] {
                for distance in [nil, 0, 400, 5_000] as [Double?] {
                    for seconds in [nil, 0, 45, 3_725] as [Double?] {
                        for kind in SetKind.allCases {
                            let set = WorkoutSet(kind: kind, weightKg: weight, reps: reps, seconds: seconds, distanceM: distance, rpe: nil, notes: nil)
                            #expect(composer.setText(set) == Self.reference(composer, set), "\(set)")
                            for day in days {
                                #expect(composer.setText(set, assistedOn: day) == Self.reference(composer, set, assistedOn: day), "\(set) \(day)")
                                var buffer = TextBuffer(capacity: 0)
                                buffer.append("x")
                                composer.setText(set, assistedOn: day, into: &buffer)
                                #expect(buffer.text == "x" + composer.setText(set, assistedOn: day))
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 4 * 5 * 4 * 4 * SetKind.allCases.count)
    }
}
