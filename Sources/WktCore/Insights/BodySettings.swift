/// The lifter's sex for the DOTS coefficients (`sex` in `wkt-site.toml`, docs/statistics.md "DOTS
/// (estimated)").
public enum Sex: String, Sendable, Hashable, CaseIterable, Encodable {
    case male, female
}

/// The three lifts of the DOTS total: `[big_three]` in `wkt-site.toml` with the keys `squat`,
/// `bench` and `deadlift` (docs/statistics.md "DOTS (estimated)").
public struct BigThree: Sendable, Hashable, Encodable {
    /// The squat's exercise name.
    public var squat: String
    /// The bench press's exercise name.
    public var bench: String
    /// The deadlift's exercise name.
    public var deadlift: String

    /// Creates the three names; the defaults are Strong's and Hevy's barbell lifts.
    public init(squat: String = "Squat (Barbell)", bench: String = "Bench Press (Barbell)", deadlift: String = "Deadlift (Barbell)") {
        self.squat = squat
        self.bench = bench
        self.deadlift = deadlift
    }

    /// The names in the order squat, bench, deadlift.
    public var names: [String] { [squat, bench, deadlift] }
}

/// What `wkt-site.toml` says about the lifter's body: `bodyweight_kg`, `sex` and `[big_three]`
/// (docs/statistics.md "Bodyweight on a day", "DOTS (estimated)").
public struct BodySettings: Sendable, Hashable, Encodable {
    /// `bodyweight_kg`: the undated bodyweight, used only when no measurement exists at all.
    public var bodyweightKg: Double?
    /// `sex`: needed for DOTS; nil without the key.
    public var sex: Sex?
    /// `[big_three]`: the lifts of the DOTS total.
    public var bigThree = BigThree()

    /// The range `bodyweight_kg` must lie in (kg).
    public static let bodyweightRange: ClosedRange<Double> = 20...400

    /// Creates body settings; every field has the documented default.
    public init(bodyweightKg: Double? = nil, sex: Sex? = nil, bigThree: BigThree = BigThree()) {
        self.bodyweightKg = bodyweightKg
        self.sex = sex
        self.bigThree = bigThree
    }
}
