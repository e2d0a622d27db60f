/// The bodyweight numbers of a report (docs/statistics.md "Bodyweight on a day", "Relative
/// strength", "DOTS (estimated)"): the measurements, the bodyweight today, each exercise's best
/// e1RM relative to the bodyweight on its day, and DOTS.
public struct BodyReport: Sendable, Equatable {
    /// The timeline the statistics used (effective loads of assisted sets follow from it).
    public var timeline: BodyweightTimeline
    /// The bodyweight today (kg), nil when unknown.
    public var todayKg: Double?
    /// `e1rm_bw` per exercise name: best e1RM ÷ bodyweight on the e1RM's day, rounded to 0.01;
    /// only exercises where both are known.
    public var e1rmBW: [String: Double]
    /// DOTS, nil unless every input exists.
    public var dots: Dots?

    /// An empty report: no bodyweight known.
    public init() {
        self.timeline = BodyweightTimeline(measurements: [], configured: nil)
        self.todayKg = nil
        self.e1rmBW = [:]
        self.dots = nil
    }

    /// The numbers for computed exercise statistics.
    /// - Parameters:
    ///   - exercises: the report's exercises.
    ///   - timeline: bodyweight on a day.
    ///   - settings: `sex` and `[big_three]`.
    ///   - today: the report's day.
    public init(exercises: [ExerciseStats], timeline: BodyweightTimeline, settings: Settings, today: CivilDate) {
        self.timeline = timeline
        self.todayKg = timeline.weight(on: today)
        var ratios: [String: Double] = [:]
        if !timeline.isEmpty {
            for exercise in exercises {
                guard let record = exercise.records.e1rm, let bodyweight = timeline.weight(on: record.day) else { continue }
                ratios[exercise.name] = Self.ratio(record.value, bodyweight)
            }
        }
        self.e1rmBW = ratios
        self.dots = Dots.estimate(
            exercises: exercises, lifts: settings.body.bigThree, sex: settings.body.sex, bodyweightKg: todayKg, today: today)
    }

    /// `value ÷ bodyweight`, rounded to 0.01.
    public static func ratio(_ value: Double, _ bodyweight: Double) -> Double {
        (value / bodyweight * 100).rounded() / 100
    }

    /// The measurements (one a day, oldest first).
    public var measurements: [BodyMeasurement] { timeline.measurements }

    /// Whether there is anything to show: a measurement or the configured bodyweight.
    public var isEmpty: Bool { timeline.isEmpty }
}
