import Testing
import WktCore
@testable import WktStore

@Suite("a coarse value never overwrites an agreeing stored one (docs/formats.md §6.2)")
struct CoarseValueMergeTests {
    /// A batch of one workout whose duration and weights are written with `steps`.
    private func coarse(_ workout: Workout, _ steps: ValueSteps) -> ImportBatch {
        var batch = StoreFixtures.batch([workout], format: "strong/A")
        batch.steps = [workout.sourceKey: steps]
        return batch
    }

    @Test("42m after a stored 2,545 s is unchanged and keeps 2,545 s; 43m is an update")
    func duration() throws {
        let store = try WorkoutStore.inMemory()
        var precise = StoreFixtures.simpleWorkout(day: 3)
        precise.durationSeconds = 2545
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([precise])), dryRun: false)

        var minutes = precise
        minutes.durationSeconds = 2520
        let same = try store.apply(StoreFixtures.entries(coarse(minutes, ValueSteps(durationSeconds: 60))), dryRun: false)
        #expect(same == [ImportOutcome(added: 0, updated: 0, unchanged: 1, sets: 0)])
        #expect(try store.loadHistory().workouts.first?.workout.durationSeconds == 2545)

        // Without the step the same file would lower the stored duration: the step is what keeps it.
        let exact = try store.apply(StoreFixtures.entries(StoreFixtures.batch([minutes])), dryRun: true)
        #expect(exact == [ImportOutcome(added: 0, updated: 1, unchanged: 0, sets: 3)])

        minutes.durationSeconds = 2580
        let edited = try store.apply(StoreFixtures.entries(coarse(minutes, ValueSteps(durationSeconds: 60))), dryRun: false)
        #expect(edited == [ImportOutcome(added: 0, updated: 1, unchanged: 0, sets: 3)])
        #expect(try store.loadHistory().workouts.first?.workout.durationSeconds == 2580)
    }

    @Test("the precise dialect after the coarse one gains the precision")
    func preciseAfterCoarse() throws {
        let store = try WorkoutStore.inMemory()
        var minutes = StoreFixtures.simpleWorkout(day: 4)
        minutes.durationSeconds = 2520
        _ = try store.apply(StoreFixtures.entries(coarse(minutes, ValueSteps(durationSeconds: 60))), dryRun: false)
        var precise = minutes
        precise.durationSeconds = 2545
        let outcome = try store.apply(StoreFixtures.entries(StoreFixtures.batch([precise])), dryRun: false)
        #expect(outcome == [ImportOutcome(added: 0, updated: 1, unchanged: 0, sets: 3)])
        #expect(try store.loadHistory().workouts.first?.workout.durationSeconds == 2545)
    }

    @Test("weights within half a step keep the stored grams; a changed set still updates, alone")
    func weights() throws {
        let store = try WorkoutStore.inMemory()
        let pounds = StoreFixtures.simpleWorkout(day: 5, weight: 102.058)
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([pounds])), dryRun: false)

        var kilograms = StoreFixtures.simpleWorkout(day: 5, weight: 102.06)
        let same = try store.apply(StoreFixtures.entries(coarse(kilograms, ValueSteps(weightKg: 0.01))), dryRun: false)
        #expect(same == [ImportOutcome(added: 0, updated: 0, unchanged: 1, sets: 0)])

        kilograms.exercises[0].sets[2].weightKg = 104.33
        let edited = try store.apply(StoreFixtures.entries(coarse(kilograms, ValueSteps(weightKg: 0.01))), dryRun: false)
        #expect(edited == [ImportOutcome(added: 0, updated: 1, unchanged: 0, sets: 3)])
        let sets = try #require(try store.loadHistory().workouts.first).workout.exercises[0].sets
        #expect(sets.map(\.weightKg) == [102.058, 102.058, 104.33])
    }

    @Test("sets line up only under the same exercise name")
    func otherExercise() throws {
        let store = try WorkoutStore.inMemory()
        let stored = StoreFixtures.simpleWorkout(day: 6, weight: 102.058)
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([stored])), dryRun: false)
        var renamed = StoreFixtures.simpleWorkout(day: 6, weight: 102.06)
        renamed.exercises[0].name = "Front Squat"
        _ = try store.apply(StoreFixtures.entries(coarse(renamed, ValueSteps(weightKg: 0.01))), dryRun: false)
        let block = try #require(try store.loadHistory().workouts.first).workout.exercises[0]
        #expect(block.name == "Front Squat")
        #expect(block.sets.map(\.weightKg) == [102.06, 102.06, 102.06])
    }
}
