import TOMLKit
import WktCore

/// Reads `[muscles]` and `muscle_sets_target` (docs/statistics.md "Sets per muscle").
///
/// `[muscles]`: each key is an exercise name (not blank, at most ``ConfigLoader/maxTextLength``
/// characters), each value a table with any of `primary` (a muscle name), `secondary` (an array
/// of muscle names) and `assisted` (a boolean), at least one of them. Errors (exit 65), each
/// naming the file, the line (found by ``SourceLines``) and the rule: an unknown key, a value of
/// the wrong TOML type, an unknown muscle name, a secondary muscle listed twice or equal to the
/// primary (the entry's or, without one, the catalogue's), `secondary` without `primary` for an
/// exercise the catalogue does not know, and two names that are the same exercise (they differ
/// only in case or spacing). `muscle_sets_target`: an array of two numbers `[low, high]`, finite,
/// `0 ≤ low ≤ high`.
enum MusclesTable {
    private typealias Locator = PublishTable.Locator

    /// The keys an entry takes, sorted.
    static let entryKeys = ["assisted", "primary", "secondary"]

    /// The muscle names, for error messages.
    static var allowedMuscles: String { Muscle.allCases.sorted().map(\.rawValue).joined(separator: ", ") }

    /// The overrides `value` (the `muscles` entry of the document) describes.
    static func read(_ value: TOMLValueConvertible, file: String, bytes: [UInt8]) throws(ConfigError) -> MuscleOverrides {
        let locate = Locator(file: file, bytes: bytes)
        guard let table = value.table else {
            throw locate.error(["muscles"], "a TOML \(value.type) is not valid: expected a table, [muscles]")
        }
        var entries: [(name: String, override: MuscleOverride)] = []
        var seen: [String: String] = [:]
        for name in table.keys.sorted() {
            guard let entry = table[name] else { continue }
            let path = ["muscles", name]
            guard !name.allSatisfy(\.isWhitespace) else { throw locate.error(path, "an exercise name must not be blank") }
            guard name.prefix(ConfigLoader.maxTextLength + 1).count <= ConfigLoader.maxTextLength else {
                throw locate.error(path, "an exercise name has at most \(ConfigLoader.maxTextLength) characters")
            }
            let key = MuscleOverrides.key(name)
            if let earlier = seen[key] {
                throw locate.error(path, "\(MessageText.quoted(name)) is the same exercise as \(MessageText.quoted(earlier)) "
                    + "(names are compared ignoring case and spacing): keep one")
            }
            seen[key] = name
            entries.append((CanonicalName.normalize(name), try override(entry, name: name, path: path, locate: locate)))
        }
        return MuscleOverrides(entries)
    }

    /// One entry.
    private static func override(_ value: TOMLValueConvertible, name: String, path: [String], locate: Locator)
        throws(ConfigError) -> MuscleOverride {
        guard let table = value.table else {
            throw locate.error(path, "a TOML \(value.type) is not valid: expected a table such as "
                + "{ primary = \"chest\", secondary = [\"triceps\"] }")
        }
        var result = MuscleOverride()
        for key in table.keys.sorted() {
            guard let field = table[key] else { continue }
            let fieldPath = path + [key]
            switch key {
            case "primary":
                guard let text = field.string else {
                    throw locate.error(fieldPath, "a TOML \(field.type) is not valid: expected a muscle name, one of \(allowedMuscles)")
                }
                result.primary = try muscle(text, path: fieldPath, locate: locate)
            case "secondary":
                guard let array = field.array else {
                    throw locate.error(fieldPath, "a TOML \(field.type) is not valid: expected an array of muscle names")
                }
                var muscles: [Muscle] = []
                for element in array {
                    guard let text = element.string else {
                        throw locate.error(fieldPath, "a TOML \(element.type) is not valid: expected muscle names, any of \(allowedMuscles)")
                    }
                    let muscle = try muscle(text, path: fieldPath, locate: locate)
                    guard !muscles.contains(muscle) else {
                        throw locate.error(fieldPath, "\(MessageText.quoted(text)) is listed twice", string: text)
                    }
                    muscles.append(muscle)
                }
                result.secondary = muscles
            case "assisted":
                guard let flag = field.bool else {
                    throw locate.error(fieldPath, "a TOML \(field.type) is not valid: expected true or false")
                }
                result.assisted = flag
            default:
                throw locate.error(fieldPath, "unknown key \(MessageText.quoted(key)): an entry takes \(entryKeys.joined(separator: ", "))")
            }
        }
        guard result.primary != nil || result.secondary != nil || result.assisted != nil else {
            throw locate.error(path, "an entry must set primary, secondary or assisted")
        }
        if let secondary = result.secondary {
            guard let primary = result.primary ?? MuscleCatalogue.mapping(for: name)?.primary else {
                throw locate.error(path, "secondary without primary: the catalogue does not know \(MessageText.quoted(name)), "
                    + "so the entry must set primary too")
            }
            if secondary.contains(primary) {
                throw locate.error(path + ["secondary"], "\(MessageText.quoted(primary.rawValue)) is the primary muscle"
                    + (result.primary == nil ? " (from the catalogue)" : "") + ": a muscle is primary or secondary, not both",
                    string: primary.rawValue)
            }
        }
        return result
    }

    /// A muscle name of the vocabulary (exact, lower case).
    private static func muscle(_ text: String, path: [String], locate: Locator) throws(ConfigError) -> Muscle {
        guard let muscle = Muscle(rawValue: text) else {
            throw locate.error(path, "unknown muscle \(MessageText.quoted(text)): expected one of \(allowedMuscles)", string: text)
        }
        return muscle
    }

    /// `muscle_sets_target = [low, high]`.
    static func target(_ value: TOMLValueConvertible, file: String, bytes: [UInt8]) throws(ConfigError) -> MuscleSetsTarget {
        let locate = Locator(file: file, bytes: bytes)
        let path = ["muscle_sets_target"]
        let expected = "expected two numbers [low, high], such as [10, 20]"
        guard let array = value.array else { throw locate.error(path, "a TOML \(value.type) is not valid: \(expected)") }
        guard array.count == 2 else { throw locate.error(path, "an array of \(array.count) values is not valid: \(expected)") }
        var numbers: [Double] = []
        for element in array {
            guard let number = element.int.map(Double.init) ?? element.double else {
                throw locate.error(path, "a TOML \(element.type) is not valid: \(expected)")
            }
            guard number.isFinite, number >= 0 else {
                throw locate.error(path, "\(number) is not valid: the numbers must be finite and at least 0")
            }
            numbers.append(number)
        }
        guard numbers[0] <= numbers[1] else {
            throw locate.error(path, "[\(DecimalFormat.grouped(numbers[0], decimals: 3, minDecimals: 0)), "
                + "\(DecimalFormat.grouped(numbers[1], decimals: 3, minDecimals: 0))] is not valid: low must not be above high")
        }
        return MuscleSetsTarget(low: numbers[0], high: numbers[1])
    }
}
