/// What an exercise is done with; decides the unit of its sets and the load steps.
enum Equipment: Sendable {
    /// Olympic bar: 20 kg empty, plates in 1.25 kg pairs, so 2.5 kg steps.
    case barbell
    /// Fixed dumbbells in 1 kg steps (the weight of one dumbbell is logged).
    case dumbbell
    /// Competition kettlebells: 8, 12, 16 … kg.
    case kettlebell
    /// Cable stack in 2.5 kg steps.
    case cable
    /// Pin-loaded or plate-loaded machine (also the Smith machine) in 2.5 kg steps.
    case machine
    /// Reps only, no weight (weightKg nil); see ``ExerciseSpec/takesAddedWeight``.
    case bodyweight
    /// A hold measured in seconds, no reps and no weight.
    case timed
    /// Distance and seconds.
    case cardio

    /// The smallest weight step in kg.
    var increment: Double {
        switch self {
        case .barbell, .cable, .machine, .bodyweight: 2.5
        case .dumbbell: 1
        case .kettlebell: 4
        case .timed, .cardio: 0
        }
    }

    /// The lightest load that can be put on this equipment.
    var minimumKg: Double {
        switch self {
        case .barbell: 20
        case .dumbbell: 2
        case .kettlebell: 8
        case .cable, .machine: 5
        case .bodyweight: 2.5
        case .timed, .cardio: 0
        }
    }

    /// Whether sets carry a weight in kg.
    var isLoaded: Bool {
        switch self {
        case .barbell, .dumbbell, .kettlebell, .cable, .machine: true
        case .bodyweight, .timed, .cardio: false
        }
    }
}

/// The slot an exercise can fill in a programme day. The first five are the main lifts, each
/// with exactly one exercise; the others are pools that accessories are drawn from.
enum Pattern: Int, Sendable, CaseIterable {
    /// The main lifts: squat, bench press, deadlift, overhead press, barbell row.
    case squat, bench, deadlift, overheadPress, barbellRow
    /// Chest and shoulder pools.
    case chestCompound, chestFly, shoulderPress, lateralRaise, rearDelt
    /// Back and arm pools.
    case verticalPull, horizontalPull, biceps, triceps
    /// Leg, hip and trap pools.
    case quadCompound, quadIsolation, hamstring, glute, calves, traps
    /// Core, holds, explosive work and cardio.
    case core, timedHold, power, cardio

    /// Whether this is one of the five main barbell lifts.
    var isMainLift: Bool { rawValue <= Pattern.barbellRow.rawValue }
}

/// One exercise of the demo's catalogue, named exactly as the Strong app names it.
///
/// `novice` and `advanced` describe the lifter at training level 0 and 1 (see
/// ``Load/level(trainingWeeks:)``): for loaded equipment an estimated one-rep max in kg (per dumbbell for
/// dumbbells), for bodyweight movements the most reps in one set, for holds the longest hold in
/// seconds, for cardio the pace in seconds per kilometre.
struct ExerciseSpec: Sendable {
    /// Strong's exercise name.
    let name: String
    /// What it is done with.
    let equipment: Equipment
    /// The pool it belongs to.
    let pattern: Pattern
    /// Ability at training level 0.
    let novice: Double
    /// Ability at training level 1.
    let advanced: Double
    /// A bodyweight movement that is done with a belt and plates in low-rep work (pull-ups, dips).
    let takesAddedWeight: Bool

    /// Creates a catalogue entry.
    init(
        _ name: String, _ equipment: Equipment, _ pattern: Pattern, _ novice: Double, _ advanced: Double,
        addedWeight: Bool = false
    ) {
        self.name = name
        self.equipment = equipment
        self.pattern = pattern
        self.novice = novice
        self.advanced = advanced
        self.takesAddedWeight = addedWeight
    }

    /// Ability at `level` (0…1), interpolated between ``novice`` and ``advanced``.
    func ability(at level: Double) -> Double { novice + (advanced - novice) * level }
}

/// The fixed exercise catalogue (123 entries) and its pools.
enum ExerciseCatalog {
    /// Every exercise the demo can use, grouped by pattern. Order matters for determinism only.
    static let all: [ExerciseSpec] = [
        // Main lifts.
        ExerciseSpec("Squat (Barbell)", .barbell, .squat, 60, 190),
        ExerciseSpec("Bench Press (Barbell)", .barbell, .bench, 50, 127.5),
        ExerciseSpec("Deadlift (Barbell)", .barbell, .deadlift, 80, 235),
        ExerciseSpec("Overhead Press (Barbell)", .barbell, .overheadPress, 35, 80),
        ExerciseSpec("Bent Over Row (Barbell)", .barbell, .barbellRow, 45, 115),
        // Chest compounds.
        ExerciseSpec("Incline Bench Press (Barbell)", .barbell, .chestCompound, 42, 110),
        ExerciseSpec("Bench Press - Close Grip (Barbell)", .barbell, .chestCompound, 45, 115),
        ExerciseSpec("Decline Bench Press (Barbell)", .barbell, .chestCompound, 50, 130),
        ExerciseSpec("Incline Bench Press (Smith Machine)", .machine, .chestCompound, 35, 100),
        ExerciseSpec("Bench Press (Dumbbell)", .dumbbell, .chestCompound, 18, 50),
        ExerciseSpec("Incline Bench Press (Dumbbell)", .dumbbell, .chestCompound, 16, 44),
        ExerciseSpec("Chest Press (Machine)", .machine, .chestCompound, 45, 120),
        ExerciseSpec("Incline Chest Press (Machine)", .machine, .chestCompound, 40, 105),
        ExerciseSpec("Iso-Lateral Chest Press (Machine)", .machine, .chestCompound, 45, 125),
        ExerciseSpec("Chest Dip", .bodyweight, .chestCompound, 6, 26, addedWeight: true),
        ExerciseSpec("Push Up", .bodyweight, .chestCompound, 14, 50),
        // Chest isolation.
        ExerciseSpec("Chest Fly (Dumbbell)", .dumbbell, .chestFly, 11, 28),
        ExerciseSpec("Incline Chest Fly (Dumbbell)", .dumbbell, .chestFly, 10, 25),
        ExerciseSpec("Cable Crossover", .cable, .chestFly, 15, 40),
        ExerciseSpec("Pec Deck (Machine)", .machine, .chestFly, 40, 110),
        ExerciseSpec("Pullover (Dumbbell)", .dumbbell, .chestFly, 18, 45),
        // Shoulder presses.
        ExerciseSpec("Shoulder Press (Dumbbell)", .dumbbell, .shoulderPress, 14, 38),
        ExerciseSpec("Arnold Press (Dumbbell)", .dumbbell, .shoulderPress, 12, 34),
        ExerciseSpec("Shoulder Press (Machine)", .machine, .shoulderPress, 35, 95),
        ExerciseSpec("Push Press", .barbell, .shoulderPress, 45, 100),
        ExerciseSpec("Seated Overhead Press (Barbell)", .barbell, .shoulderPress, 32, 75),
        ExerciseSpec("Pike Push Up", .bodyweight, .shoulderPress, 5, 22),
        // Lateral and front raises.
        ExerciseSpec("Lateral Raise (Dumbbell)", .dumbbell, .lateralRaise, 9, 22),
        ExerciseSpec("Lateral Raise (Cable)", .cable, .lateralRaise, 8, 22),
        ExerciseSpec("Lateral Raise (Machine)", .machine, .lateralRaise, 25, 70),
        ExerciseSpec("Upright Row (Dumbbell)", .dumbbell, .lateralRaise, 12, 30),
        ExerciseSpec("Front Raise (Dumbbell)", .dumbbell, .lateralRaise, 9, 22),
        ExerciseSpec("Front Raise (Cable)", .cable, .lateralRaise, 12, 30),
        // Rear delts.
        ExerciseSpec("Face Pull (Cable)", .cable, .rearDelt, 22, 55),
        ExerciseSpec("Reverse Fly (Dumbbell)", .dumbbell, .rearDelt, 7, 20),
        ExerciseSpec("Reverse Fly (Machine)", .machine, .rearDelt, 28, 80),
        ExerciseSpec("Reverse Fly (Cable)", .cable, .rearDelt, 8, 22),
        // Vertical pulls.
        ExerciseSpec("Pull Up", .bodyweight, .verticalPull, 3, 19, addedWeight: true),
        ExerciseSpec("Chin Up", .bodyweight, .verticalPull, 4, 21, addedWeight: true),
        ExerciseSpec("Lat Pulldown (Cable)", .cable, .verticalPull, 50, 120),
        ExerciseSpec("Lat Pulldown - Wide Grip (Cable)", .cable, .verticalPull, 45, 110),
        ExerciseSpec("Lat Pulldown - Underhand (Cable)", .cable, .verticalPull, 50, 120),
        ExerciseSpec("Lat Pulldown (Machine)", .machine, .verticalPull, 50, 125),
        ExerciseSpec("Straight Arm Pulldown (Cable)", .cable, .verticalPull, 22, 55),
        // Horizontal pulls.
        ExerciseSpec("Seated Row (Cable)", .cable, .horizontalPull, 50, 125),
        ExerciseSpec("Seated Row (Machine)", .machine, .horizontalPull, 50, 125),
        ExerciseSpec("Iso-Lateral Row (Machine)", .machine, .horizontalPull, 50, 135),
        ExerciseSpec("Bent Over One Arm Row (Dumbbell)", .dumbbell, .horizontalPull, 22, 60),
        ExerciseSpec("Incline Row (Dumbbell)", .dumbbell, .horizontalPull, 18, 44),
        ExerciseSpec("T Bar Row", .barbell, .horizontalPull, 50, 130),
        ExerciseSpec("Pendlay Row (Barbell)", .barbell, .horizontalPull, 45, 110),
        ExerciseSpec("Inverted Row (Bodyweight)", .bodyweight, .horizontalPull, 8, 22),
        // Biceps.
        ExerciseSpec("Bicep Curl (Barbell)", .barbell, .biceps, 32, 70),
        ExerciseSpec("Bicep Curl (Dumbbell)", .dumbbell, .biceps, 12, 28),
        ExerciseSpec("Hammer Curl (Dumbbell)", .dumbbell, .biceps, 13, 30),
        ExerciseSpec("Incline Curl (Dumbbell)", .dumbbell, .biceps, 10, 24),
        ExerciseSpec("Concentration Curl (Dumbbell)", .dumbbell, .biceps, 10, 24),
        ExerciseSpec("Preacher Curl (Barbell)", .barbell, .biceps, 30, 62),
        ExerciseSpec("Preacher Curl (Machine)", .machine, .biceps, 25, 65),
        ExerciseSpec("Bicep Curl (Cable)", .cable, .biceps, 22, 55),
        ExerciseSpec("Reverse Curl (Barbell)", .barbell, .biceps, 30, 55),
        // Triceps.
        ExerciseSpec("Triceps Pushdown (Cable - Straight Bar)", .cable, .triceps, 30, 75),
        ExerciseSpec("Triceps Extension (Cable)", .cable, .triceps, 22, 55),
        ExerciseSpec("Triceps Extension (Dumbbell)", .dumbbell, .triceps, 16, 40),
        ExerciseSpec("Skullcrusher (Barbell)", .barbell, .triceps, 32, 70),
        ExerciseSpec("Skullcrusher (Dumbbell)", .dumbbell, .triceps, 10, 26),
        ExerciseSpec("Triceps Extension (Machine)", .machine, .triceps, 30, 85),
        ExerciseSpec("Triceps Dip", .bodyweight, .triceps, 8, 28),
        ExerciseSpec("Diamond Push Up", .bodyweight, .triceps, 8, 32),
        // Quad compounds.
        ExerciseSpec("Front Squat (Barbell)", .barbell, .quadCompound, 50, 140),
        ExerciseSpec("Squat (Smith Machine)", .machine, .quadCompound, 50, 145),
        ExerciseSpec("Leg Press", .machine, .quadCompound, 120, 320),
        ExerciseSpec("Hack Squat", .machine, .quadCompound, 70, 200),
        ExerciseSpec("Lunge (Barbell)", .barbell, .quadCompound, 45, 110),
        ExerciseSpec("Lunge (Dumbbell)", .dumbbell, .quadCompound, 16, 40),
        ExerciseSpec("Goblet Squat (Kettlebell)", .kettlebell, .quadCompound, 22, 50),
        ExerciseSpec("Bulgarian Split Squat", .bodyweight, .quadCompound, 10, 24),
        ExerciseSpec("Step-up", .bodyweight, .quadCompound, 12, 25),
        // Quad isolation.
        ExerciseSpec("Leg Extension (Machine)", .machine, .quadIsolation, 45, 120),
        // Hamstrings and hinges.
        ExerciseSpec("Romanian Deadlift (Barbell)", .barbell, .hamstring, 65, 170),
        ExerciseSpec("Romanian Deadlift (Dumbbell)", .dumbbell, .hamstring, 24, 55),
        ExerciseSpec("Stiff Leg Deadlift (Barbell)", .barbell, .hamstring, 60, 160),
        ExerciseSpec("Good Morning (Barbell)", .barbell, .hamstring, 40, 105),
        ExerciseSpec("Lying Leg Curl (Machine)", .machine, .hamstring, 35, 95),
        ExerciseSpec("Seated Leg Curl (Machine)", .machine, .hamstring, 40, 105),
        ExerciseSpec("Sumo Deadlift (Barbell)", .barbell, .hamstring, 80, 205),
        ExerciseSpec("Deadlift (Trap bar)", .barbell, .hamstring, 90, 230),
        // Glutes and lower back.
        ExerciseSpec("Hip Thrust (Barbell)", .barbell, .glute, 70, 200),
        ExerciseSpec("Glute Bridge", .bodyweight, .glute, 15, 35),
        ExerciseSpec("Hip Abductor (Machine)", .machine, .glute, 50, 125),
        ExerciseSpec("Hip Adductor (Machine)", .machine, .glute, 50, 125),
        ExerciseSpec("Glute Kickback (Machine)", .machine, .glute, 30, 80),
        ExerciseSpec("Back Extension", .bodyweight, .glute, 12, 30),
        ExerciseSpec("Back Extension (Machine)", .machine, .glute, 50, 120),
        // Calves.
        ExerciseSpec("Standing Calf Raise (Machine)", .machine, .calves, 70, 180),
        ExerciseSpec("Seated Calf Raise (Machine)", .machine, .calves, 40, 110),
        ExerciseSpec("Calf Press on Seated Leg Press", .machine, .calves, 100, 260),
        ExerciseSpec("Standing Calf Raise (Dumbbell)", .dumbbell, .calves, 18, 45),
        // Traps.
        ExerciseSpec("Shrug (Barbell)", .barbell, .traps, 85, 200),
        ExerciseSpec("Shrug (Dumbbell)", .dumbbell, .traps, 30, 65),
        // Core.
        ExerciseSpec("Hanging Leg Raise", .bodyweight, .core, 6, 22),
        ExerciseSpec("Knee Raise (Captain's Chair)", .bodyweight, .core, 10, 28),
        ExerciseSpec("Cable Crunch", .cable, .core, 35, 90),
        ExerciseSpec("Crunch", .bodyweight, .core, 18, 45),
        ExerciseSpec("Crunch (Machine)", .machine, .core, 35, 95),
        ExerciseSpec("Sit Up", .bodyweight, .core, 15, 40),
        ExerciseSpec("Bicycle Crunch", .bodyweight, .core, 20, 50),
        ExerciseSpec("Ab Wheel", .bodyweight, .core, 6, 22),
        ExerciseSpec("Pallof Press", .cable, .core, 15, 40),
        ExerciseSpec("Side Bend (Dumbbell)", .dumbbell, .core, 20, 45),
        // Holds.
        ExerciseSpec("Plank", .timed, .timedHold, 40, 150),
        ExerciseSpec("Side Plank", .timed, .timedHold, 25, 75),
        ExerciseSpec("Dead Hang", .timed, .timedHold, 25, 90),
        ExerciseSpec("Wall Sit", .timed, .timedHold, 35, 120),
        ExerciseSpec("Hollow Body Hold", .timed, .timedHold, 15, 60),
        // Power.
        ExerciseSpec("Power Clean", .barbell, .power, 50, 115),
        ExerciseSpec("Hang Clean (Barbell)", .barbell, .power, 50, 110),
        ExerciseSpec("Box Jump", .bodyweight, .power, 8, 15),
        ExerciseSpec("Kettlebell Swing", .kettlebell, .power, 36, 72),
        ExerciseSpec("Burpee", .bodyweight, .power, 10, 25),
        // Cardio: pace in seconds per km.
        ExerciseSpec("Running (Treadmill)", .cardio, .cardio, 400, 285),
        ExerciseSpec("Cycling (Indoor)", .cardio, .cardio, 150, 105),
        ExerciseSpec("Rowing (Machine)", .cardio, .cardio, 290, 220),
        ExerciseSpec("Elliptical Machine", .cardio, .cardio, 360, 270),
    ]

    /// Catalogue indices per pattern (indexed by `Pattern.rawValue`), in catalogue order.
    static let pools: [[Int]] = Pattern.allCases.map { pattern in
        all.indices.filter { all[$0].pattern == pattern }
    }
}
