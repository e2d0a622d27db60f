extension HelpText {
    /// `wkt-site check --help`: the rules in one line each (docs/statistics.md "Data quality").
    public static var check: String {
        """
        Reads the store and the config and prints one line per finding: the workout's start and \
        name, the exercise, the set (its number within the exercise in that workout) and the rule. \
        The store is opened read-only; nothing is changed.

          Q1  reps > 100 on a set with a weight, or > 300 on any set
          Q2  a weight > 2.5 × the exercise's previous best heaviest (and > 40 kg)
          Q3  a duration ≤ 0 or > 6 h
          Q4  a run of weights 2.2046 × (± 2 %) the sessions around it: kg/lb mix-up
          Q5  exercise names that differ only by case, spacing, punctuation or one letter
          Q6  two workouts of different apps overlapping in time
          Q7  a workout dated after today

        To keep a set (or an exercise, or a whole workout) out of every statistic, add an entry to \
        wkt-site.toml; its workout is the start exactly as check prints it:

          [[ignore]]
          workout = "2019-06-03 13:41"
          exercise = "Bench Press (Barbell)"
          set = 3

        An [[ignore]] entry that matches nothing is reported too.

        Exit codes: 0 no findings, 1 findings, 64 usage, 65 bad config, 74 I/O error, 75 busy.

        Examples:
          wkt-site check
          wkt-site check --json > quality.json
        """
    }
}
