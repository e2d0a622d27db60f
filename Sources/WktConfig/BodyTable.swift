import TOMLKit
import WktCore

/// Reads the body keys of `wkt-site.toml` (docs/statistics.md "Bodyweight on a day", "DOTS
/// (estimated)") into ``BodySettings``.
///
/// - `bodyweight_kg`: a number (integer or float) from 20 to 400, the undated bodyweight used
///   only when no measurement exists.
/// - `sex`: `"male"` or `"female"`, for the DOTS coefficients.
/// - `[big_three]`: the keys `squat`, `bench` and `deadlift`, each a non-empty exercise name of at
///   most 200 characters; a key left out keeps its default (`Squat (Barbell)`,
///   `Bench Press (Barbell)`, `Deadlift (Barbell)`).
///
/// A value of the wrong TOML type, out of range, empty or unknown is an error (exit 65) naming the
/// file, the line (found by ``SourceLines``), the key and the rule.
enum BodyTable {
    /// The top-level keys this type reads, sorted.
    static let topLevelKeys = ["big_three", "bodyweight_kg", "sex"]
    /// The keys of `[big_three]`, in their documented order.
    static let bigThreeKeys = ["squat", "bench", "deadlift"]

    /// Reads the top-level `key` (one of ``topLevelKeys``) into `settings.body`.
    /// - Throws: ``ConfigError/badEntry(file:line:key:problem:)``.
    static func read(
        _ key: String, _ value: TOMLValueConvertible, into body: inout BodySettings, file: String, bytes: [UInt8]
    ) throws(ConfigError) {
        let locate = PublishTable.Locator(file: file, bytes: bytes)
        switch key {
        case "bodyweight_kg":
            let number: Double
            if let integer = value.int {
                number = Double(integer)
            } else if let float = value.double {
                number = float
            } else {
                throw locate.error([key], "a TOML \(value.type) is not valid: expected a number of kilograms")
            }
            let range = BodySettings.bodyweightRange
            guard number.isFinite, range.contains(number) else {
                throw locate.error(
                    [key], "\(!number.isFinite ? "\(number)" : abs(number) < 1e6 ? DecimalFormat.grouped(number, decimals: 3, minDecimals: 0) : "a number that large") is not valid: must be between "
                        + "\(Int(range.lowerBound)) and \(Int(range.upperBound)) kg")
            }
            body.bodyweightKg = number
        case "sex":
            let allowed = Sex.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            guard let text = value.string else {
                throw locate.error([key], "a TOML \(value.type) is not valid: expected \(allowed)")
            }
            guard let sex = Sex(rawValue: text) else {
                throw locate.error([key], "\(MessageText.quoted(text)) is not valid: expected \(allowed)", string: text)
            }
            body.sex = sex
        default:
            body.bigThree = try bigThree(value, locate: locate)
        }
    }

    /// `[big_three]`.
    private static func bigThree(_ value: TOMLValueConvertible, locate: PublishTable.Locator) throws(ConfigError) -> BigThree {
        guard let table = value.table else {
            throw locate.error(["big_three"], "a TOML \(value.type) is not valid: expected a table, [big_three]")
        }
        var lifts = BigThree()
        for key in table.keys.sorted() {
            guard let entry = table[key] else { continue }
            let path = ["big_three", key]
            guard bigThreeKeys.contains(key) else {
                throw locate.error(path, "unknown key: [big_three] takes squat, bench and deadlift")
            }
            guard let name = entry.string else {
                throw locate.error(path, "a TOML \(entry.type) is not valid: expected an exercise name")
            }
            guard !name.allSatisfy(\.isWhitespace) else {
                throw locate.error(path, "an exercise name must not be empty", string: name)
            }
            guard name.prefix(ConfigLoader.maxTextLength + 1).count <= ConfigLoader.maxTextLength else {
                throw locate.error(path, "a name of \(name.unicodeScalars.count) code points is not valid: at most "
                    + "\(ConfigLoader.maxTextLength) characters")
            }
            let normalized = CanonicalName.normalize(name)
            switch key {
            case "squat": lifts.squat = normalized
            case "bench": lifts.bench = normalized
            default: lifts.deadlift = normalized
            }
        }
        return lifts
    }
}
