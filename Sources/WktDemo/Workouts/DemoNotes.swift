/// The lifter's notes, written in Markdown as people write them in Strong and Hevy.
enum DemoNotes {
    /// Everyday workout notes; picked at random for a few workouts.
    static let everyday: [String] = [
        "Slept badly, kept it short.",
        "Great session. Everything moved **fast** today.",
        "Gym was packed, so I swapped a couple of exercises around.",
        "Tired after work.\n\n- skipped the last set of the accessories\n- more sleep tonight",
        "Felt *flat*. Coffee did not help.",
        "New gym shoes. Squats felt more stable.",
        "Trained with Sam today - good to have a spotter for the heavy sets.",
        "Short on time:\n\n- main lift as planned\n- accessories as a circuit",
        "Warm-up took forever, lower back **stiff** in the morning.",
        "~~Cardio~~ no cardio today, the treadmills were all taken.",
        "Music was terrible but the session was good.",
        "Hit every rep. Next week add weight.",
        "Elbow a bit achy on pressing, kept the grip narrower.",
        "Checklist:\n\n- [x] main lift\n- [x] accessories\n- [ ] stretching",
    ]

    /// Notes on the first workout after a holiday.
    static let afterHoliday: [String] = [
        "Back from holiday. The bar felt **heavy**, but it is good to be back.",
        "First session after the holiday.\n\n- took 10% off everything\n- build back over two weeks",
        "Holiday over. *Very* sore after this one, I expect.",
    ]

    /// Notes on the first workout of a deload week.
    static let deload: [String] = [
        "Deload week: *easy* weights, focus on technique.",
        "Deload. Fewer sets, lighter weights, leave the gym fresh.",
        "Deload week - joints say thank you.",
    ]

    /// Exercise notes, for any exercise.
    static let exercise: [String] = [
        "Slow eccentric, **3 s** down.",
        "Pause at the bottom of every rep.",
        "Felt it in the *right* muscle for once.",
        "Grip was the limit, use straps next time.",
        "Form check video: [clip](https://example.com/form-check).",
        "Left side weaker - start with the left.",
        "Rest 2 min between sets.",
    ]

    /// Exercise notes for machines.
    static let machine: [String] = [
        "Seat at **4**, pin on 7.",
        "Seat height 5, back pad 2.",
        "Machine by the window, the other one is broken.",
    ]

    /// Exercise notes for cable exercises.
    static let cable: [String] = [
        "Rope attachment.",
        "Pulley at the **lowest** setting.",
        "Single-arm D handle, both sides.",
    ]

    /// The note on the first workout of a programme.
    static func programmeStart(_ programme: Programme) -> String {
        "Starting **\(programme.name)**: \(programme.weekdays.count) days a week. "
            + "Plan: \(programme.link)."
    }

    /// The note on the workout during which the lifter got injured.
    static func injured(on exercise: String) -> String {
        "Tweaked my lower back on the last set of \(exercise).\n\n"
            + "- stopped the session early\n- ice and rest\n- physio appointment on Monday"
    }

    /// The note on the first workout after the injury.
    static func afterInjury(weeks: Int) -> String {
        "First session after **\(weeks) weeks** off with the back injury. Physio's plan:\n\n"
            + "1. light weights only\n2. no grinding reps for a month\n3. build back slowly\n\n"
            + "Rehab reading: [McGill big 3](https://en.wikipedia.org/wiki/Stuart_McGill)."
    }

    /// The note on a workout with a personal record.
    static func record(exercise: String, kg: Double, reps: Int) -> String {
        "New PR on **\(exercise)**: \(Load.text(kg)) kg × \(reps)"
    }
}
