import Foundation
import Testing
@testable import WktApp
import WktConfig
import WktCore

/// `wkt-site init`'s config template documents `[muscles]` and `muscle_sets_target`
/// (docs/statistics.md "Sets per muscle"); uncommented, its examples are a valid configuration.
@Suite("init template: [muscles]")
struct MusclesInitTemplateTests {
    @Test("the [muscles] lines and muscle_sets_target, uncommented, parse to what they say")
    func template() throws {
        let box = try PublishBuildTests.sandbox()
        defer { box.remove() }
        var text = try PublishBuildTests.initTemplate(in: box, uncommenting: "muscles")
        #expect(text.contains("\n# muscle_sets_target = [10, 20]\n"))
        text = text.replacingOccurrences(of: "\n# muscle_sets_target = [10, 20]\n", with: "\nmuscle_sets_target = [10, 20]\n")
        let settings = try ConfigLoader.parse(toml: text, file: "wkt-site.toml", defaultTimeZone: "UTC")
        #expect(settings.muscleSetsTarget == MuscleSetsTarget(low: 10, high: 20))
        #expect(settings.muscles.override(for: "Café Press") == MuscleOverride(primary: .chest, secondary: [.triceps, .shoulders]))
        #expect(settings.muscles.override(for: "Band Pull Up") == MuscleOverride(primary: .lats, secondary: [.biceps], assisted: true))
    }
}
