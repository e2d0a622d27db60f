import Testing
import WktCore
@testable import WktSite

/// Bodyweight in the build's configuration: any change in body data changes every page key
/// (docs/product.md "Speed budgets").
@Suite("build fingerprint: bodyweight")
struct BodyFingerprintTests {
    @Test("the configuration changes with any measurement; without any it is what it was before measurements existed")
    func configuration() {
        let fingerprint = BuildFingerprint(settings: Settings(timezone: "UTC"), baseURL: nil, templates: "t", renderer: "r")
        let day = CivilDate(dayNumber: 20_000)
        let one = [BodyMeasurement(day: day, weightKg: 80, source: "wkt")]
        let none = fingerprint.configuration(storedSchedule: nil)
        #expect(fingerprint.configuration(storedSchedule: nil, body: []) == none)
        // No body line (the settings' own `"body":` key, bodyweight_kg and friends, is another matter).
        #expect(!none.split(separator: "\n").contains { $0.hasPrefix("body") })
        let variants = [
            one,
            [BodyMeasurement(day: day, weightKg: 80.001, source: "wkt")],
            [BodyMeasurement(day: day.adding(days: 1), weightKg: 80, source: "wkt")],
            [BodyMeasurement(day: day, weightKg: 80, source: "apple-health")],
            one + [BodyMeasurement(day: day.adding(days: 7), weightKg: 79.5, source: "wkt")],
        ]
        let texts = Set(variants.map { fingerprint.configuration(storedSchedule: nil, body: $0) } + [none])
        #expect(texts.count == variants.count + 1)
        #expect(fingerprint.configuration(storedSchedule: nil, body: one) == fingerprint.configuration(storedSchedule: nil, body: one))
    }
}
