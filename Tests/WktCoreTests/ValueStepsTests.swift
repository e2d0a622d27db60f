import Testing
import WktCore

@Suite("coarse values agree with stored ones (docs/formats.md §6.2)")
struct ValueStepsTests {
    @Test("a minute-step duration agrees with the stored seconds it truncates or rounds")
    func durations() {
        // Strong writes 2,545 s as `42m` (2,520 s).
        #expect(ValueSteps.agrees(stored: 2545, written: 2520, step: 60))
        #expect(ValueSteps.agrees(stored: 2520, written: 2520, step: 60))
        #expect(ValueSteps.agrees(stored: 2579, written: 2520, step: 60), "truncated: up to a second below the next minute")
        #expect(!ValueSteps.agrees(stored: 2580, written: 2520, step: 60), "2,580 s is 43m, not 42m")
        #expect(ValueSteps.agrees(stored: 2490, written: 2520, step: 60), "rounded: half a minute below")
        #expect(!ValueSteps.agrees(stored: 2489, written: 2520, step: 60))
        #expect(!ValueSteps.agrees(stored: 2545, written: 2580, step: 60), "43m does not describe 2,545 s")
    }

    @Test("a one-second step agrees only with the same value")
    func exactDuration() {
        #expect(ValueSteps.agrees(stored: 55, written: 55, step: 1))
        #expect(!ValueSteps.agrees(stored: 56, written: 55, step: 1))
    }

    @Test("a weight agrees within half a step plus the stored gram")
    func weights() {
        let pound = WeightUnit.kilogramsPerPound
        // 225 lb is 102.058 kg; Hevy's kg export writes 102.06.
        #expect(ValueSteps.agrees(stored: 102.058, written: 102.06, step: 0.01))
        #expect(ValueSteps.agrees(stored: 102.06, written: 102.058, step: 0.01 * pound))
        #expect(!ValueSteps.agrees(stored: 102.058, written: 102.07, step: 0.01), "a real 12 g change is news")
        // 230 lb is 104.326 kg; the kg export's 104.33 is itself rounded, so both steps count.
        #expect(!ValueSteps.agrees(stored: 104.33, written: 104.326, step: 0.01 * pound))
        #expect(ValueSteps.agrees(stored: 104.33, written: 104.326, step: 0.01 * pound, storedStep: 0.01))
        #expect(!ValueSteps.agrees(stored: 104.33, written: 104.34, step: 0.01, storedStep: 0.01 * pound), "a 10 g edit")
        // StrongLifts writes 0.1 of its unit: 55 kg is 121.3 lb (55.021 kg).
        #expect(ValueSteps.agrees(stored: 55, written: 55.021, step: 0.1 * pound))
        #expect(!ValueSteps.agrees(stored: 55, written: 57.5, step: 0.1 * pound))
    }

    @Test("steps say whether anything is coarse")
    func exactness() {
        #expect(ValueSteps().isExact)
        #expect(!ValueSteps(durationSeconds: 60).isExact)
        #expect(!ValueSteps(weightKg: 0.01).isExact)
    }
}
