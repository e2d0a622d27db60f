import Foundation
import WktCore

/// The one place that says what a build's output depends on besides the workouts: the
/// settings, the base URL in force, the templates and the renderer (the binary). Every
/// incremental decision derives from it:
///
/// - the **build stamp** recorded in the site's marker (``stamp(storeDigest:today:)``): equal
///   stamps mean the site already is what the build would write, so `wkt-site build` stops early;
/// - the **build ID** in every page's `<meta name="wkt-build">` (``BuildID``): the workouts and
///   ``configuration(storedSchedule:)``, never "today" nor the binary (the same input gives the
///   same bytes on any machine);
/// - the **global part of every page key** (``PageKeys``): the configuration and the renderer.
///
/// The settings enter through one canonical encoding, sorted-key JSON of the whole `Settings`
/// value (it is `Codable`), so a setting added to `Settings` is covered without touching this
/// file; `BuildFingerprintTests` fails if a stored property is missing from the encoding.
public struct BuildFingerprint: Sendable, Equatable {
    /// Bumped whenever the output changes in a way the other inputs do not capture.
    static let formatVersion = 2

    /// The settings as given (`[schedule]` as configured, not yet merged with a stored one).
    public let settings: Settings
    /// The base URL in force (`--base-url`, else `base_url`), ending in `/`, or nil.
    public let baseURL: String?
    /// ``LayoutRenderer/fingerprint`` of the templates the build renders with.
    public let templates: String
    /// Who renders: the executable's path, size and modification time (`in-process` in tests).
    public let renderer: String

    /// A fingerprint.
    /// - Parameters:
    ///   - settings: the configuration.
    ///   - baseURL: the validated base URL in force, or nil.
    ///   - templates: the templates' fingerprint (``LayoutRenderer/fingerprint(templatesDirectory:)``).
    ///   - renderer: the renderer's identity.
    public init(settings: Settings, baseURL: String?, templates: String, renderer: String) {
        self.settings = settings
        self.baseURL = baseURL
        self.templates = templates
        self.renderer = renderer
    }

    /// The fingerprint of a build of `settings` with `baseURL` (`--base-url`, overriding
    /// `base_url`) and the templates of `templatesDirectory`, as ``SiteBuilder`` computes it.
    /// - Throws: ``SiteError`` for a bad base URL or an unreadable or bad template.
    public init(settings: Settings, baseURL: String?, templatesDirectory: String?, renderer: String) throws(SiteError) {
        self.init(
            settings: settings, baseURL: try (baseURL ?? settings.baseURL).map(SiteBuilder.validateBaseURL),
            templates: try LayoutRenderer(templatesDirectory: templatesDirectory).fingerprint, renderer: renderer)
    }

    /// The canonical encoding of `settings`: JSON with sorted keys, absent optionals left out.
    static func canonical(_ settings: Settings) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Settings holds strings, integers and enums only: encoding cannot fail.
        guard let data = try? encoder.encode(settings) else { preconditionFailure("Settings must encode") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The build stamp: this fingerprint with the store's content and the day the site is built
    /// for. A build whose stamp equals the one in the site's marker has nothing to do.
    /// - Parameters:
    ///   - storeDigest: the store's content digest, or nil when there is no store.
    ///   - today: the day the site is built for (dashboard, history and `stats.json` depend on it).
    public func stamp(storeDigest: String?, today: CivilDate) -> String {
        let text = [
            "format \(Self.formatVersion)", "store \(storeDigest ?? "none")", "today \(today)",
            "settings \(Self.canonical(settings))", "base-url \(baseURL ?? "-")", "templates \(templates)",
            "renderer \(renderer)",
        ].joined(separator: "\n")
        return SHA256.hex(text)
    }

    /// The part of the build ID and of every page key that is not the workouts: the settings with
    /// the schedule in force (`[schedule]`, else the stored one), the base URL, the templates and
    /// the bodyweight measurements the site is built from.
    /// The renderer is left out: pages must be byte-identical whichever binary wrote them.
    ///
    /// Bodyweight enters here, not per page: a measurement can change every number relative to
    /// bodyweight on records, exercise and dashboard pages, so the simple, correct rule is that
    /// any change in body data changes every page key and the whole site is rebuilt
    /// (docs/product.md "Speed budgets"). A site published with `bodyweight` hidden gets
    /// no measurements, so its keys do not move when one is added.
    func configuration(storedSchedule: Schedule?, body: [BodyMeasurement] = []) -> String {
        var inForce = settings
        inForce.schedule = settings.effectiveSchedule(stored: storedSchedule)
        return "format \(Self.formatVersion)\nsettings \(Self.canonical(inForce))\nbase-url \(baseURL ?? "-")\ntemplates \(templates)\n"
            + Self.bodyLine(body)
    }

    /// `body COUNT DIGEST` over every measurement (day, source, weight), or nothing without any,
    /// so a history without body data keeps the keys it had before measurements existed.
    static func bodyLine(_ body: [BodyMeasurement]) -> String {
        guard !body.isEmpty else { return "" }
        let text = body.map { "\($0.day) \($0.source.utf8.count) \($0.source) \($0.weightKg)" }.joined(separator: "\n")
        return "body \(body.count) \(SHA256.hex(text))\n"
    }
}
