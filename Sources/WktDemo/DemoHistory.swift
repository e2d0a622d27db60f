import WktCore

/// A deterministic, realistic synthetic workout history: the newcomer's first run and the
/// benchmark's data set (`wkt-site demo`).
///
/// The lifter starts as a beginner `years` years before ``DemoOptions/endDay`` and follows real
/// programmes in turn (full body 3×/week, then upper/lower 4×, PHUL 4×, push/pull/legs 6× and
/// 5/3/1 BBB 4× in a cycle), about four sessions a week with misses, moved sessions, extra weekend sessions, a
/// 2–4 week holiday each year, a few sick days and one 6–10 week injury break. Weights follow a
/// training level that rises fast at first and slowly for years, in meso-cycles of rising weeks
/// ending in a deload week, rounded to real plates (2.5 kg barbell and stacks, 1 kg dumbbells,
/// 4 kg kettlebells). About 120 exercises carry Strong's names; sets include warm-ups, drop and
/// failure sets, bodyweight and weighted pull-ups and dips (assisted ones in the first months,
/// ``DemoBody``), timed holds and treadmill runs, and a weekly bodyweight measurement.
///
/// Randomness comes only from ``DemoOptions/seed`` through xoshiro256** seeded by SplitMix64, and
/// all arithmetic that shapes the data is IEEE basic arithmetic, so the output does not depend on
/// the clock, the locale, hashing or the platform. `--years 10` gives about 2,100 workouts and
/// 40,000 sets.
public enum DemoHistory {
    /// The history for `options`, as an import batch (source `.demo`, format `demo`, file `demo`).
    ///
    /// Deterministic: the same options give the same batch, byte for byte in every field.
    /// Workouts are sorted by start; each start is unique, and its `YYYY-MM-DD HH:MM:SS` text is
    /// the workout's `sourceKey`. `years` outside 1…30 is clamped into that range; use
    /// ``generateValidated(_:)`` or ``DemoOptions/validate()`` for user input.
    /// - Parameter options: years, seed and end day.
    /// - Returns: the batch, weights in kg, carrying every optional field.
    public static func generate(_ options: DemoOptions) -> ImportBatch {
        let years = min(DemoOptions.allowedYears.upperBound, max(DemoOptions.allowedYears.lowerBound, options.years))
        var root = DemoRandom(seed: options.seed)
        var calendarRandom = root.fork()
        let contentRandom = root.fork()
        let plan = CalendarPlan.make(endDay: options.endDay, years: years, rng: &calendarRandom)
        var generator = DemoGenerator(plan: plan, rng: contentRandom)
        // Forked after the others, so the calendar and the sets do not depend on it.
        var bodyRandom = root.fork()
        var batch = ImportBatch(
            file: "demo", format: "demo", workouts: DemoBody.assisted(generator.run(), startDay: plan.startDay),
            carried: .all)
        batch.body = DemoBody.measurements(startDay: plan.startDay, endDay: plan.endDay, rng: &bodyRandom)
        return batch
    }

    /// Validates `options`, then generates the history.
    /// - Parameter options: years, seed and end day.
    /// - Returns: the same batch as ``generate(_:)``.
    /// - Throws: ``DemoError`` (exit code 64) when ``DemoOptions/validate()`` fails.
    public static func generateValidated(_ options: DemoOptions) throws(DemoError) -> ImportBatch {
        try options.validate()
        return generate(options)
    }
}
