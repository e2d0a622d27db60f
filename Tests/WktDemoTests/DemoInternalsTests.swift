import Testing
import WktCore
@testable import WktDemo

@Suite("Demo internals")
struct DemoInternalsTests {
    @Test("SplitMix64 and xoshiro256** match the reference algorithms")
    func referenceOutputs() {
        // Values from a direct Python transcription of the published C reference code.
        var state: UInt64 = 0
        #expect(DemoRandom.splitMix64(&state) == 0xE220_A839_7B1D_CDAF)
        var rng = DemoRandom(seed: 42)
        #expect(rng.next() == 0x1578_0B2E_0C2E_C716)
        #expect(rng.next() == 0x6104_D986_6D11_3A7E)
        #expect(rng.next() == 0xAE17_5332_39E4_99A1)
        var zero = DemoRandom(seed: 0)
        #expect(zero.next() == 0x99EC_5F36_CB75_F2B4)
        #expect(zero.next() == 0xBF6E_1F78_4956_452A)
        #expect(zero.next() == 0x1A5F_849D_4933_E6E0)
    }

    @Test("bounded draws stay in range and reach every value")
    func boundedDraws() {
        var rng = DemoRandom(seed: 9)
        var seen = Array(repeating: 0, count: 6)
        for _ in 0..<600 { seen[rng.below(6)] += 1 }
        #expect(seen.allSatisfy { $0 > 50 })
        for _ in 0..<1_000 {
            let value = rng.int(in: -3...3)
            #expect((-3...3).contains(value))
            let unit = rng.unit()
            #expect(unit >= 0 && unit < 1)
        }
        #expect(rng.below(1) == 0 && rng.below(0) == 0)
        #expect(rng.shuffled(Array(0..<20)).sorted() == Array(0..<20))
    }

    @Test("the catalogue: unique names, a pool for every pattern, one exercise per main lift")
    func catalogue() {
        let names = ExerciseCatalog.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count == 124)
        for pattern in Pattern.allCases {
            let pool = ExerciseCatalog.pools[pattern.rawValue]
            #expect(!pool.isEmpty, "\(pattern)")
            if pattern.isMainLift {
                #expect(pool.count == 1 && ExerciseCatalog.all[pool[0]].equipment == .barbell)
            }
        }
        for spec in ExerciseCatalog.all {
            if spec.equipment == .cardio {
                #expect(spec.advanced < spec.novice, "\(spec.name): pace gets faster")
            } else {
                #expect(spec.advanced > spec.novice, "\(spec.name)")
            }
        }
    }

    @Test("barbell warm-up ladders")
    func ladders() {
        func pairs(_ sets: [WorkoutSet]) -> [String] { sets.map { "\(Load.text($0.weightKg ?? 0))x\($0.reps ?? 0)" } }
        #expect(SetPrescriber.ladder(below: 22.5, startsWithBar: true).isEmpty)
        #expect(pairs(SetPrescriber.ladder(below: 45, startsWithBar: true)) == ["20x10", "25x5"])
        #expect(pairs(SetPrescriber.ladder(below: 100, startsWithBar: true)) == ["20x10", "40x5", "60x3", "80x2"])
        #expect(pairs(SetPrescriber.ladder(below: 180, startsWithBar: false)) == ["70x5", "97.5x3", "125x2", "152.5x1"])
        #expect(SetPrescriber.ladder(below: 100, startsWithBar: true).allSatisfy { $0.kind == .warmup })
    }

    @Test("load arithmetic")
    func loads() {
        #expect(Load.text(100) == "100")
        #expect(Load.text(82.5) == "82.5")
        #expect(Load.text(12.25) == "12.25")
        #expect(Load.text(0.05) == "0.05")
        #expect(Load.nearest(61.3, on: .barbell) == 62.5)
        #expect(Load.nearest(5, on: .barbell) == 20)
        #expect(Load.nearest(13.4, on: .dumbbell) == 13)
        #expect(Load.nearest(17, on: .kettlebell) == 16)
        #expect(Load.below(19, on: .barbell) == nil)
        #expect(Load.below(99.9, on: .barbell) == 97.5)
        // Epley: 100 kg × 5 ⇒ 1RM 116.67; 116.67 kg for 10 more reps is 87.5 kg.
        #expect(abs(Load.forReps(10, oneRepMax: 350.0 / 3) - 87.5) < 1e-9)
        #expect(Load.maxReps(weight: 100, oneRepMax: 350.0 / 3) == 5)
        #expect(Load.level(trainingWeeks: 0) == 0)
        var previous = 0.0
        for weeks in stride(from: 1, through: 2_000, by: 50) {
            let level = Load.level(trainingWeeks: weeks)
            #expect(level > previous && level < 1)
            previous = level
        }
    }
}
