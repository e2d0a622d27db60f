import Testing
import WktCore
@testable import WktStore

@Suite("Workout fingerprints")
struct WorkoutFingerprintTests {
    private func minimal(name: String = "Caf\u{e9}", weight: Double = 22.6796185, setNote: String? = nil) -> Workout {
        var workout = Workout(
            source: .strong, sourceKey: "k", start: StoreFixtures.time("2024-01-02 03:04:05"), name: "Row",
            exercises: [ExerciseBlock(name: "x", sets: [WorkoutSet(kind: .normal, weightKg: weight, reps: 8, notes: setNote)])])
        workout.exercises[0].name = name
        return workout
    }

    @Test("the digest is SHA-256 of the documented serialisation (computed independently with python3)")
    func knownDigest() {
        // python3: hashlib.sha256('s19:2024-01-02 03:04:05;n;n;s3:Row;n;s8:strength;n;n;i0;i1;s5:Café;n;n;i0;n;i1;
        //          s6:normal;d22.68;i8;n;n;n;n;'.encode()).hexdigest()
        #expect(WorkoutFingerprint.of(minimal())
            == "8d04e72a05a30279c014c537de62a076c5cd33ad88b6ccee1664bfadf1c64511")
        // A FitNotes category is written after planned sets, only when present (docs/formats.md §6).
        var categorised = minimal()
        categorised.exercises[0].category = "Back"
        #expect(WorkoutFingerprint.of(categorised)
            == "c3480391a312de05b252c84d48bad0c3b89697fef5821928f87612f062d8f1b0")
        // An empty note (`s0:;`) is not a missing one (`n;`).
        #expect(WorkoutFingerprint.of(minimal(setNote: "")) != WorkoutFingerprint.of(minimal()))
    }

    @Test("NFD names, unrounded weights and the identity do not change the fingerprint")
    func normalisation() {
        let base = WorkoutFingerprint.of(minimal())
        #expect(WorkoutFingerprint.of(minimal(name: "Cafe\u{301}")) == base)
        #expect(WorkoutFingerprint.of(minimal(weight: 22.68)) == base)
        var otherKey = minimal()
        otherKey.sourceKey = "other"
        otherKey.source = .hevy
        #expect(WorkoutFingerprint.of(otherKey) == base)
    }

    @Test("every content field changes the fingerprint")
    func sensitivity() {
        let base = minimal()
        var variants: [Workout] = []
        func variant(_ change: (inout Workout) -> Void) {
            var copy = base
            change(&copy)
            variants.append(copy)
        }
        variant { $0.start = StoreFixtures.time("2024-01-02 03:04:06") }
        variant { $0.utcOffsetSeconds = 0 }
        variant { $0.durationSeconds = 60 }
        variant { $0.name = "Row " }
        variant { $0.notes = "" }
        variant { $0.activity = "running" }
        variant { $0.energyKcal = 0 }
        variant { $0.rating = 5 }
        variant { $0.checkIns = [CheckIn(name: "energy", value: 3)] }
        variant { $0.exercises[0].notes = "n" }
        variant { $0.exercises[0].supersetID = 1 }
        variant { $0.exercises[0].painFlag = true }
        variant { $0.exercises[0].plannedSets = 1 }
        variant { $0.exercises[0].sets[0].kind = .warmup }
        variant { $0.exercises[0].sets[0].weightKg = 22.681 }
        variant { $0.exercises[0].sets[0].reps = 9 }
        variant { $0.exercises[0].sets[0].seconds = 1 }
        variant { $0.exercises[0].sets[0].distanceM = 1 }
        variant { $0.exercises[0].sets[0].rpe = 8 }
        variant { $0.exercises[0].sets[0].notes = "n" }
        variant { $0.exercises[0].sets.append(WorkoutSet()) }
        variant { $0.exercises.append(ExerciseBlock(name: "y")) }
        // A name cannot run into the next field: "ab" + "" differs from "a" + "b".
        variant { $0.name = "Ro"; $0.notes = "w" }
        let fingerprints = Set(variants.map(WorkoutFingerprint.of) + [WorkoutFingerprint.of(base)])
        #expect(fingerprints.count == variants.count + 1)
    }
}
