/// Maps HealthKit's `workoutActivityType` to wkt-site's short activity names and a display name.
enum HealthActivity {
    /// The prefix every real `workoutActivityType` value carries.
    static let prefix = "HKWorkoutActivityType"

    /// `(activity, name)` for a `workoutActivityType` value, or nil when the value is empty or is
    /// not made of ASCII letters and digits after the prefix.
    ///
    /// `TraditionalStrengthTraining` and `FunctionalStrengthTraining` are `strength`, `Running`
    /// `running`, `Cycling` `cycling`, `HighIntensityIntervalTraining` `hiit`, `CoreTraining`
    /// `core`; any other type is its words in lower-kebab case (`MixedCardio` → `mixed-cardio`).
    /// The name is the type's words in sentence case (`Mixed cardio`), except `Strength training`
    /// for the traditional kind and `HIIT`.
    static func map(_ type: String) -> (activity: String, name: String)? {
        let bare = type.hasPrefix(prefix) ? String(type.dropFirst(prefix.count)) : type
        guard !bare.isEmpty, bare.utf8.allSatisfy({ isLetterOrDigit($0) }) else { return nil }
        let words = splitWords(bare)
        let sentence = ([words[0]] + words.dropFirst().map { $0.lowercased() }).joined(separator: " ")
        switch bare {
        case "TraditionalStrengthTraining": return ("strength", "Strength training")
        case "FunctionalStrengthTraining": return ("strength", sentence)
        case "HighIntensityIntervalTraining": return ("hiit", "HIIT")
        case "CoreTraining": return ("core", sentence)
        default: return (words.map { $0.lowercased() }.joined(separator: "-"), sentence)
        }
    }

    /// Splits `StairClimbing` into `Stair`, `Climbing` (an upper-case run before a lower-case
    /// letter starts a new word, so `HIITWorkout` is `HIIT`, `Workout`).
    private static func splitWords(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var words: [String] = []
        var start = 0
        for index in 1..<max(bytes.count, 1) where isUpper(bytes[index]) {
            let previous = bytes[index - 1]
            let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
            if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
                words.append(String(decoding: bytes[start..<index], as: UTF8.self))
                start = index
            }
        }
        words.append(String(decoding: bytes[start...], as: UTF8.self))
        return words
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    private static func isLetterOrDigit(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) || isDigit(byte) }
}
