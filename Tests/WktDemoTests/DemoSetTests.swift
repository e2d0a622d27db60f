import Foundation
import Testing
import WktCore
@testable import WktDemo

/// Whether `kg` is a multiple of `step` (to 1 g).
private func isMultiple(_ kg: Double, of step: Double) -> Bool {
    let grams = (kg * 1000).rounded()
    return grams.truncatingRemainder(dividingBy: (step * 1000).rounded()) == 0
}

@Suite("Demo history: sets")
struct DemoSetTests {
    @Test("every set is well formed and plate-realistic", arguments: [1, 10])
    func setsWellFormed(years: Int) {
        for workout in Demo.batch(years: years).workouts {
            for block in workout.exercises {
                #expect(!block.sets.isEmpty)
                for set in block.sets {
                    #expect(set.isDone)
                    if let reps = set.reps { #expect(reps >= 1) }
                    if let seconds = set.seconds { #expect(seconds > 0 && seconds == seconds.rounded()) }
                    if let metres = set.distanceM { #expect(metres > 0) }
                    if let rpe = set.rpe { #expect(rpe >= 6 && rpe <= 10 && isMultiple(rpe, of: 0.5)) }
                    #expect(set.notes == nil)
                    guard let kg = set.weightKg else { continue }
                    #expect(kg > 0)
                    #expect(set.reps != nil && set.seconds == nil && set.distanceM == nil)
                    if block.name.contains("(Dumbbell)") {
                        #expect(isMultiple(kg, of: 1), "\(block.name) \(kg)")
                    } else if block.name.contains("Kettlebell") {
                        #expect(isMultiple(kg, of: 4) && kg >= 8, "\(block.name) \(kg)")
                    } else {
                        #expect(isMultiple(kg, of: 2.5), "\(block.name) \(kg)")
                    }
                    if block.name.contains("(Barbell)") { #expect(kg >= 20, "\(block.name) \(kg)") }
                }
            }
        }
    }

    @Test("each exercise keeps one set shape (loaded, reps only, timed or cardio)")
    func shapes() {
        var shapes: [String: Set<String>] = [:]
        for workout in Demo.tenYears.workouts {
            for block in workout.exercises {
                for set in block.sets {
                    let shape = set.distanceM != nil ? "cardio"
                        : set.seconds != nil ? "timed"
                        : set.weightKg != nil ? "loaded" : "reps"
                    shapes[block.name, default: []].insert(shape)
                }
            }
        }
        for (name, found) in shapes {
            // Pull-ups, chin-ups and dips are done with and without a belt.
            let expected = found == ["loaded", "reps"] ? ["Pull Up", "Chin Up", "Chest Dip"].contains(name) : found.count == 1
            #expect(expected, "\(name): \(found.sorted())")
        }
    }

    @Test("warm-ups are lighter than the block's top working set", arguments: [1, 10])
    func warmupsLighter(years: Int) {
        var warmups = 0
        for workout in Demo.batch(years: years).workouts {
            for block in workout.exercises {
                let top = block.sets.filter { $0.kind != .warmup }.compactMap(\.weightKg).max() ?? 0
                for set in block.sets where set.kind == .warmup {
                    warmups += 1
                    #expect((set.weightKg ?? 0) < top, "\(workout.sourceKey) \(block.name)")
                }
                // Warm-ups come first.
                if let firstWorking = block.sets.firstIndex(where: { $0.kind != .warmup }) {
                    #expect(block.sets[firstWorking...].allSatisfy { $0.kind != .warmup })
                }
            }
        }
        #expect(warmups > 0)
    }

    @Test("drop sets are lighter than the set before them")
    func dropSets() {
        var drops = 0
        for workout in Demo.tenYears.workouts {
            for block in workout.exercises {
                for (previous, set) in zip(block.sets, block.sets.dropFirst()) where set.kind == .drop {
                    drops += 1
                    #expect((set.weightKg ?? 0) < (previous.weightKg ?? 0))
                }
            }
        }
        #expect(drops > 100)
    }

    @Test("every set kind, bodyweight, weighted, timed and cardio sets occur")
    func varietyOfSets() {
        var kinds: Set<SetKind> = []
        var found: Set<String> = []
        var rpeSets = 0
        for workout in Demo.tenYears.workouts {
            for block in workout.exercises {
                for set in block.sets {
                    kinds.insert(set.kind)
                    if set.rpe != nil { rpeSets += 1 }
                    switch block.name {
                    case "Pull Up", "Chest Dip":
                        found.insert(block.name + (set.weightKg == nil ? " bodyweight" : " weighted"))
                    case "Plank", "Dead Hang":
                        if set.seconds != nil, set.reps == nil, set.weightKg == nil { found.insert(block.name) }
                    case "Running (Treadmill)":
                        if let seconds = set.seconds, let metres = set.distanceM {
                            found.insert(block.name)
                            let pace = seconds / (metres / 1000)
                            #expect(pace >= 240 && pace <= 480, "pace \(pace) s/km")
                        }
                    default: break
                    }
                }
            }
        }
        #expect(kinds == Set(SetKind.allCases))
        for expected in [
            "Pull Up bodyweight", "Pull Up weighted", "Chest Dip bodyweight", "Chest Dip weighted",
            "Plank", "Dead Hang", "Running (Treadmill)",
        ] {
            #expect(found.contains(expected), "\(expected)")
        }
        #expect(rpeSets > 500)
    }

    @Test("main lifts get stronger: best of the last year beats the first year", arguments: [2, 10])
    func progress(years: Int) {
        let batch = Demo.batch(years: years)
        let firstYearEnd = Demo.endDay.adding(days: -365 * (years - 1)).dayNumber
        let lastYearStart = Demo.endDay.adding(days: -365).dayNumber
        for lift in ["Bench Press (Barbell)", "Squat (Barbell)", "Deadlift (Barbell)"] {
            var first = 0.0
            var last = 0.0
            for workout in batch.workouts {
                let day = workout.start.date.dayNumber
                for block in workout.exercises where block.name == lift {
                    for set in block.sets where set.kind != .warmup {
                        let kg = set.weightKg ?? 0
                        if day < firstYearEnd { first = max(first, kg) }
                        if day >= lastYearStart { last = max(last, kg) }
                    }
                }
            }
            #expect(first > 0 && last > first, "\(lift): \(first) → \(last)")
            if years == 10 { #expect(last >= first * 1.25, "\(lift): \(first) → \(last)") }
        }
    }

    @Test("notes are Markdown and only on some workouts")
    func notes() {
        let workouts = Demo.tenYears.workouts
        let notes = workouts.compactMap(\.notes)
        let share = Double(notes.count) / Double(workouts.count)
        #expect(share > 0.03 && share < 0.3)
        #expect(notes.contains { $0.contains("**") })
        #expect(notes.contains { $0.contains("\n- ") })
        #expect(notes.contains { $0.contains("](https://") })
        #expect(notes.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        let blockNotes = workouts.flatMap(\.exercises).compactMap(\.notes)
        #expect(!blockNotes.isEmpty)
        #expect(blockNotes.contains { $0.contains("**") })
        #expect(notes.contains { $0.hasPrefix("Starting **Full Body**") })
        #expect(notes.contains { $0.contains("off with the back injury") })
    }

    @Test("exercises are named as Strong names them", .enabled(if: Samples.available))
    func strongNames() throws {
        let names = HistoryFacts(Demo.tenYears).exerciseNames
        for required in [
            "Bench Press (Barbell)", "Squat (Barbell)", "Deadlift (Barbell)", "Pull Up", "Chest Dip", "Plank",
            "Lat Pulldown (Cable)", "Running (Treadmill)",
        ] {
            #expect(names.contains(required), "\(required)")
        }
        let text = try Samples.strongText()
        let asField = names.filter { name in
            text.contains("\"\(name)\"") || text.contains(",\(name),") || text.contains(";\(name);")
        }
        #expect(asField.count >= 80, "\(asField.count) of \(names.count) names found in Strong exports")
    }
}
