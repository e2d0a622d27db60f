import Foundation
import Testing
import WktCore
@testable import WktSite

/// ``BuildFingerprint``: the one owner of "what a build depends on besides the workouts".
@Suite("Build fingerprint")
struct BuildFingerprintTests {
    /// Settings with every optional set, so every stored property appears in the encoding.
    static let full: Settings = {
        var settings = Settings(
            timezone: "Europe/Berlin", weekStart: .sunday, dayCutoffHour: 4, weeklyTarget: 3, unit: .lb, e1rmFormula: .brzycki,
            schedule: Schedule(days: [.monday: "Push", .thursday: "Pull"]), title: "T", author: "A", baseURL: "https://e.org/",
            publish: PublishProfile(hide: [.notes, .times], noindex: true))
        settings.muscleSetsTarget = MuscleSetsTarget(low: 10, high: 20)
        return settings
    }()

    static func fingerprint(_ settings: Settings, baseURL: String? = nil, templates: String = "tpl", renderer: String = "r")
        -> BuildFingerprint
    {
        BuildFingerprint(settings: settings, baseURL: baseURL, templates: templates, renderer: renderer)
    }

    static let day = CivilDate(year: 2026, month: 11, day: 21)!

    @Test("the canonical encoding holds every stored property of Settings: a new setting cannot be missed")
    func coversEverySetting() throws {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(BuildFingerprint.canonical(Self.full).utf8)) as? [String: Any])
        let properties = Set(Mirror(reflecting: Self.full).children.compactMap(\.label))
        #expect(Set(json.keys) == properties, "Settings and its canonical encoding disagree: \(properties) vs \(json.keys)")
        // Schedule encodes its own entries; a property added to it must be encoded too.
        #expect(Mirror(reflecting: Schedule()).children.compactMap(\.label) == ["days", "since"])
    }

    @Test("the encoding is canonical: the same settings always give the same text, whatever the dictionary order")
    func canonical() {
        var days: [Weekday: String] = [:]
        for day in Weekday.allCases.reversed() { days[day] = "R\(day.rawValue)" }
        var settings = Self.full
        settings.schedule = Schedule(days: days)
        let first = BuildFingerprint.canonical(settings)
        for _ in 0..<20 {
            var copy = Self.full
            copy.schedule = Schedule(days: Dictionary(uniqueKeysWithValues: days.shuffled().map { ($0.key, $0.value) }))
            #expect(BuildFingerprint.canonical(copy) == first)
        }
    }

    @Test("every setting, the base URL, the templates, the store and the day change the stamp; the renderer too")
    func stampCoversEveryInput() {
        var variants: [String: BuildFingerprint] = ["base": Self.fingerprint(Self.full)]
        let edits: [(String, (inout Settings) -> Void)] = [
            ("timezone", { $0.timezone = "UTC" }), ("weekStart", { $0.weekStart = .monday }),
            ("dayCutoffHour", { $0.dayCutoffHour = 0 }), ("weeklyTarget", { $0.weeklyTarget = 4 }),
            ("unit", { $0.unit = .kg }), ("e1rmFormula", { $0.e1rmFormula = .epley }),
            ("schedule", { $0.schedule = Schedule(days: [.monday: "Push"]) }), ("no schedule", { $0.schedule = nil }),
            ("empty schedule", { $0.schedule = Schedule() }), ("title", { $0.title = nil }),
            ("schedule since", { $0.schedule?.since = CivilDate(year: 2025, month: 3, day: 1) }),
            ("author", { $0.author = "B" }), ("baseURL", { $0.baseURL = nil }),
            ("publish", { $0.publish = nil }), ("publish hide", { $0.publish?.hide.insert(.ratings) }),
            ("publish noindex", { $0.publish?.noindex = false }), ("empty publish", { $0.publish = PublishProfile() }),
            ("muscles", { $0.muscles = MuscleOverrides([("Café Press", MuscleOverride(primary: .chest))]) }),
            ("ignore", { $0.ignore = [IgnoreEntry(workout: WallTime(date: CivilDate(year: 2019, month: 6, day: 3)!, fullHour: 13), set: nil)] }),
            ("body", { $0.body.bodyweightKg = 81.5 }), ("body sex", { $0.body.sex = .female }),
            ("body big three", { $0.body.bigThree.squat = "Front Squat" }),
            ("goals", { $0.goals = [Goal(exercise: "Squat (Barbell)", metric: .e1rm, targetKg: 140)] }),
            ("muscleSetsTarget", { $0.muscleSetsTarget = MuscleSetsTarget(low: 8, high: 16) }),
        ]
        // Every stored property of Settings is edited at least once above.
        let edited = Set(edits.map { $0.0 })
        for label in Mirror(reflecting: Self.full).children.compactMap(\.label) {
            #expect(edited.contains(label), "no edit of Settings.\(label) in this test")
        }
        for (name, edit) in edits {
            var settings = Self.full
            edit(&settings)
            variants[name] = Self.fingerprint(settings)
        }
        variants["--base-url"] = Self.fingerprint(Self.full, baseURL: "https://f.org/")
        variants["templates"] = Self.fingerprint(Self.full, templates: "other")
        variants["renderer"] = Self.fingerprint(Self.full, renderer: "another binary")
        var stamps = variants.mapValues { $0.stamp(storeDigest: "s", today: Self.day) }
        stamps["store"] = variants["base"]!.stamp(storeDigest: "t", today: Self.day)
        stamps["no store"] = variants["base"]!.stamp(storeDigest: nil, today: Self.day)
        stamps["today"] = variants["base"]!.stamp(storeDigest: "s", today: Self.day.adding(days: 1))
        #expect(Set(stamps.values).count == stamps.count, "two different inputs gave the same stamp")
    }

    @Test("the configuration (build ID, page keys) leaves out the renderer; it uses the schedule in force")
    func configuration() {
        let base = Self.fingerprint(Self.full)
        #expect(Self.fingerprint(Self.full, renderer: "another binary").configuration(storedSchedule: nil)
            == base.configuration(storedSchedule: nil))
        var unplanned = Self.full
        unplanned.schedule = nil
        let stored = Schedule(days: [.friday: "Legs"])
        // Without [schedule] the stored one is in force; with it, the stored one does not matter.
        #expect(Self.fingerprint(unplanned).configuration(storedSchedule: stored)
            != Self.fingerprint(unplanned).configuration(storedSchedule: nil))
        #expect(base.configuration(storedSchedule: stored) == base.configuration(storedSchedule: nil))
        // An empty [schedule] turns a stored one off: the same as no schedule at all.
        var off = Self.full
        off.schedule = Schedule()
        #expect(Self.fingerprint(off).configuration(storedSchedule: stored) == Self.fingerprint(unplanned).configuration(storedSchedule: nil))
    }
}
