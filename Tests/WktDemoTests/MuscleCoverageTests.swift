import Foundation
import Testing
import WktCore
@testable import WktDemo

/// The muscle catalogue covers the demo's exercises and the default exercise names the real
/// export samples use (docs/statistics.md "Sets per muscle").
@Suite("Muscle catalogue coverage")
struct MuscleCoverageTests {
    /// Demo exercises that are knowingly unmapped: cardio (no reps, counts nowhere) and the burpee,
    /// which trains no one muscle of the vocabulary more than another.
    static let demoUnmapped: Set<String> = ["Running (Treadmill)", "Cycling (Indoor)", "Rowing (Machine)", "Elliptical Machine", "Burpee"]

    @Test("every demo exercise resolves, except the knowingly unmapped cardio and burpee")
    func demoExercisesResolve() {
        let resolver = MuscleResolver(overrides: MuscleOverrides())
        var missing: [String] = []
        for spec in ExerciseCatalog.all where !Self.demoUnmapped.contains(spec.name) {
            if resolver.mapping(for: spec.name) == nil { missing.append(spec.name) }
        }
        #expect(missing.isEmpty, "demo exercises without muscles: \(missing)")
        for name in Self.demoUnmapped {
            #expect(ExerciseCatalog.all.contains { $0.name == name }, "\(name) is no longer a demo exercise")
            #expect(resolver.mapping(for: name) == nil, "\(name) is mapped now: drop it from the unmapped list")
        }
    }

    /// Default exercise names of Strong, Hevy, FitNotes and StrongLifts as they appear in the
    /// samples (custom names of the lifters who gave them, like `Brutal Biceps`, are left out).
    static let sampleDefaults: [(app: String, names: [String])] = [
        ("strong", [
            "Bench Press (Barbell)", "Bench Press (Dumbbell)", "Bench Press - Close Grip (Barbell)", "Incline Bench Press (Barbell)",
            "Incline Bench Press (Dumbbell)", "Chest Fly (Dumbbell)", "Chest Press (Machine)", "Cable Crossover", "Pec Deck (Machine)",
            "Chest Dip", "Push Up", "Arnold Press (Dumbbell)", "Overhead Press (Barbell)", "Overhead Press (Dumbbell)",
            "Strict Military Press (Barbell)", "Shoulder Press (Machine)", "Lateral Raise (Dumbbell)", "Lateral Raise (Cable)",
            "Lateral Raise (Machine)", "Front Raise (Dumbbell)", "Front Raise (Cable)", "Reverse Fly (Machine)", "Face Pull (Cable)",
            "Upright Row (Dumbbell)", "Bent-Over Lateral Raise (Dumbbell)", "Pull Up", "Pull Up (Assisted)", "Chin Up",
            "Lat Pulldown (Cable)", "Lat Pulldown (Machine)", "Lat Pulldown - Wide Grip (Cable)", "Straight Arm Pulldown (Cable)",
            "Seated Row (Cable)", "Seated Row (Machine)", "Iso-Lateral Row (Machine)", "Bent Over Row (Barbell)",
            "Bent Over Row (Dumbbell)", "Bent Over One Arm Row (Dumbbell)", "Inverted Row (Bodyweight)", "Shrug (Dumbbell)",
            "Back Extension", "Back Extension (Machine)", "Bicep Curl (Barbell)", "Bicep Curl (Dumbbell)", "Hammer Curl (Dumbbell)",
            "Concentration Curl (Dumbbell)", "Incline Curl (Dumbbell)", "Preacher Curl (Barbell)", "Preacher Curl (Machine)",
            "Triceps Pushdown (Cable - Straight Bar)", "Tricep Pushdown (Rope)", "Triceps Extension (Cable)",
            "Triceps Extension (Dumbbell)", "Triceps Extension (Machine)", "Incline Triceps Extension (Dumbbell)",
            "Skullcrusher (Dumbbell)", "Triceps Dip (Assisted)", "Squat (Barbell)", "Squat (Dumbbell)", "Front Squat (Barbell)",
            "Goblet Squat (Kettlebell)", "Hack Squat", "Leg Press", "Seated Leg Press (Machine)", "Leg Extension (Machine)",
            "Lying Leg Curl (Machine)", "Seated Leg Curl (Machine)", "Bulgarian Split Squat", "Lunge (Dumbbell)",
            "Deadlift (Barbell)", "Romanian Deadlift (Barbell)", "Good Morning (Barbell)", "Hip Thrust (Barbell)",
            "Glute Kickback (Machine)", "Hip Abductor (Machine)", "Hip Adductor (Machine)", "Standing Calf Raise (Machine)",
            "Seated Calf Raise (Machine)", "Seated Calf Raise (Plate Loaded)", "Calf Press on Seated Leg Press", "Crunch",
            "Crunch (Machine)", "Cable Crunch", "Bicycle Crunch", "Hanging Leg Raise", "Ab Wheel", "Cable Twist",
            "Side Bend (Dumbbell)", "Pallof Press", "Plank", "Side Plank", "Clean (Barbell)", "Power Clean", "Hang Clean (Barbell)",
            "Clean and Jerk (Barbell)", "Snatch (Barbell)", "Power Snatch (Barbell)", "Hang Snatch (Barbell)",
            "Split Jerk (Barbell)", "Snatch Pull (Barbell)", "Clean Pull", "Turkish Get Up",
        ]),
        ("hevy", [
            "Bench Press (Barbell)", "Bench Press (Smith Machine)", "Incline Bench Press (Smith Machine)", "Chest Fly (Machine)",
            "Butterfly (Pec Deck)", "Iso-Lateral Chest Press (Machine)", "Incline Chest Press (Machine)", "Decline Bench Press (Machine)",
            "Chest Dip (Weighted)", "Paused Bench Press", "Shoulder Press (Dumbbell)", "Seated Shoulder Press (Machine)",
            "Overhead Press (Smith Machine)", "Seated Overhead Press (Barbell)", "Seated Lateral Raise (Dumbbell)",
            "Single Arm Lateral Raise (Cable)", "Rear Delt Reverse Fly (Cable)", "Rear Delt Reverse Fly (Machine)", "Face Pull",
            "Push Press", "Behind the Neck Press", "Pull Up (Weighted)", "Chin Up (Assisted)", "Wide Pull Up",
            "Lat Pulldown - Close Grip (Cable)", "Single Arm Lat Pulldown", "Straight Arm Lat Pulldown (Cable)",
            "Seated Cable Row - V Grip (Cable)", "Seated Cable Row - Bar Grip", "Iso-Lateral Low Row", "T Bar Row",
            "Pendlay Row (Barbell)", "Dumbbell Row", "Chest Supported Incline Row (Dumbbell)", "Shrug (Cable)",
            "Back Extension (Weighted Hyperextension)", "Reverse Hyperextension", "Bicep Curl (Cable)", "Bicep Curl (Machine)",
            "Hammer Curl (Cable)", "Cross Body Hammer Curl", "Concentration Curl", "Seated Incline Curl (Dumbbell)",
            "Preacher Curl (Dumbbell)", "Spider Curl (Barbell)", "Reverse Curl (Barbell)", "Single Arm Curl (Cable)",
            "Triceps Pushdown", "Triceps Rope Pushdown", "Triceps Pressdown", "Single Arm Triceps Pushdown (Cable)",
            "Overhead Triceps Extension (Cable)", "Triceps Extension (Barbell)", "Skullcrusher (Barbell)",
            "Triceps Kickback (Cable)", "Triceps Kickback (Dumbbell)", "Triceps Dip (Weighted)", "JM Press (Barbell)",
            "Seated Dip Machine", "Seated Palms Up Wrist Curl", "Seated Wrist Extension (Barbell)",
            "Behind the Back Bicep Wrist Curl (Barbell)", "Squat (Smith Machine)", "Hack Squat (Machine)", "Goblet Squat",
            "Overhead Squat", "Front Squat", "Leg Press (Machine)", "Leg Press Horizontal (Machine)", "Single Leg Extensions",
            "Lunge (Barbell)", "Romanian Deadlift (Dumbbell)", "Straight Leg Deadlift", "Hip Abduction (Machine)",
            "Hip Adduction (Machine)", "Standing Calf Raise", "Seated Calf Raise", "Calf Press (Machine)",
            "Calf Extension (Machine)", "Crunch (Weighted)", "Decline Crunch (Weighted)", "Hanging Knee Raise",
            "Knee Raise Parallel Bars", "Leg Raise Parallel Bars", "Dragon Flag", "Torso Rotation", "Dead Hang",
            "Lying Neck Curls (Weighted)", "Lying Neck Extension (Weighted)", "Clean and Jerk", "Snatch", "Power Snatch",
            "Hang Snatch", "Snatch Pull", "Snatch High Pull",
        ]),
        ("fitnotes", [
            "Flat Dumbbell Fly", "Incline Dumbbell Bench Press", "Incline Hammer Strength Chest Press", "Seated Machine Fly",
            "Lateral Dumbbell Raise", "Front Dumbbell Raise", "Rear Delt Machine Fly", "Cable Face Pull",
            "Smith Machine Overhead Press", "Lat Pulldown", "Seated Cable Row", "Pull Up", "Straight-Arm Cable Pushdown",
            "Barbell Curl", "Dumbbell Hammer Curl", "Seated Incline Dumbbell Curl", "Rope Push Down", "V-Bar Push Down",
            "Cable Overhead Triceps Extension", "Leg Extension Machine", "Seated Leg Curl Machine", "Lying Leg Curl Machine",
            "Standing Calf Raise Machine", "Romanian Deadlift", "Sumo Deadlift", "Crunches", "Side Plank",
        ]),
        ("stronglifts", ["Squat", "Bench Press", "Barbell Row", "Overhead Press", "Deadlift"]),
    ]

    @Test("the default names of the samples occur in them and all resolve")
    func sampleDefaultsResolve() throws {
        let resolver = MuscleResolver(overrides: MuscleOverrides())
        for (app, names) in Self.sampleDefaults {
            for name in names { #expect(resolver.mapping(for: name) != nil, "\(app): \(name) has no muscles") }
        }
        let folder = Samples.directory
        guard FileManager.default.fileExists(atPath: folder + "/strong") else {
            print("note: samples not found under \(folder); skipping the check that the names occur in them")
            return
        }
        for (app, names) in Self.sampleDefaults {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + app).filter { $0.hasSuffix(".csv") }
            let text = try files.map { try String(contentsOfFile: folder + "/" + app + "/" + $0, encoding: .utf8) }.joined()
            for name in names { #expect(text.contains(name), "\(app): \(name) is not in the samples") }
        }
    }
}
