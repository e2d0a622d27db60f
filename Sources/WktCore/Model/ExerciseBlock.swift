/// One contiguous run of sets of one exercise inside a workout.
///
/// An exercise can appear in several non-adjacent blocks of the same workout (docs/formats.md §1.3);
/// each block is kept in order.
public struct ExerciseBlock: Sendable, Hashable {
    /// NFC-normalised exercise name (``CanonicalName``).
    public var name: String
    /// The exercise note for this workout (Markdown), nil when none.
    public var notes: String?
    /// Hevy superset id within the workout; blocks sharing it form a superset.
    public var supersetID: Int?
    /// wkt JSON `pain_flag` ("irritated my knees").
    public var painFlag: Bool
    /// wkt JSON `planned_sets`: how many sets the plan asked for.
    public var plannedSets: Int?
    /// The sets in logging order.
    public var sets: [WorkoutSet]
    /// FitNotes' `Category` of the exercise (`Chest`, `Back`, …), nil for every other source; the
    /// muscle fallback of docs/statistics.md "Sets per muscle".
    public var category: String?

    /// Creates a block; the name is NFC-normalised.
    public init(
        name: String, notes: String? = nil, supersetID: Int? = nil, painFlag: Bool = false,
        plannedSets: Int? = nil, sets: [WorkoutSet] = [], category: String? = nil
    ) {
        self.name = CanonicalName.normalize(name)
        self.notes = notes
        self.supersetID = supersetID
        self.painFlag = painFlag
        self.plannedSets = plannedSets
        self.sets = sets
        self.category = category
    }
}
