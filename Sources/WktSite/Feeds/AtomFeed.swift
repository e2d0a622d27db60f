import Foundation
import WktCore
import WktMarkdown

/// `feed.xml`: an Atom 1.0 feed with one entry per workout, newest first, at most
/// ``maxEntries``, and one entry per goal reached in one of those workouts, just above it
/// (``goalEntry(_:site:prefix:updated:)``).
///
/// - Entry IDs are tag URIs built from the training day and the workout's page ID
///   (`tag:wkt-site,2026-11-18:2026-11-18-0600`), so they survive rebuilds and re-imports.
/// - `updated` is the workout's start as RFC 3339: its own UTC offset when the source gave one,
///   else the offset of the configured time zone at that wall time; without times of day
///   (`[publish]` hides `times`) its training day at midnight UTC. The feed's `updated` is the
///   newest entry's (or `today` at midnight UTC without workouts). Never the clock.
/// - Every text is XML-escaped (`& < > " '`, XML-forbidden characters removed); links are the
///   base URL plus a generated path, or relative paths without a base URL.
enum AtomFeed {
    /// The most entries the feed carries.
    static let maxEntries = 100

    /// The feed document.
    static func document(site: SiteModel, baseURL: String?) -> String {
        let prefix = baseURL ?? ""
        let zone = TimeZone(identifier: site.settings.timezone)
        let entries = site.workouts.suffix(maxEntries).reversed()
        func stamp(_ entry: WorkoutEntry) -> String {
            site.timesOfDay ? timestamp(entry.workout, zone: zone) : "\(entry.day)T00:00:00Z"
        }
        let updated = entries.first.map(stamp) ?? "\(site.today)T00:00:00Z"
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        out += "<title>\(escape(site.siteTitle))</title>\n"
        out += "<subtitle>Workouts, newest first</subtitle>\n"
        out += "<id>\(baseURL.map { escape($0 + SitePaths.feed) } ?? "urn:wkt-site:feed")</id>\n"
        out += "<updated>\(updated)</updated>\n"
        out += "<author><name>\(escape(site.settings.author ?? site.siteTitle))</name></author>\n"
        if let baseURL { out += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(escape(baseURL + SitePaths.feed))\"/>\n" }
        out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escape(prefix + SitePaths.dashboard))\"/>\n"
        out += "<generator>wkt-site</generator>\n"
        let goals = goalsReached(site: site)
        for entry in entries {
            out += goals[entry.info.id, default: []].map { goalEntry($0, site: site, prefix: prefix, updated: stamp(entry)) }.joined()
            let info = entry.info
            var summary = "\(TextFormat.plural(info.exercises.count, "exercise")), \(TextFormat.plural(info.workingSets, "working set")), "
                + site.units.volume(info.volumeKg)
            if let seconds = entry.workout.durationSeconds { summary += ", \(TextFormat.duration(seconds: seconds))" }
            if !info.exercises.isEmpty { summary += ": " + info.exercises.map(\.name).joined(separator: ", ") }
            if !info.prEvents.isEmpty { summary += ". \(TextFormat.plural(PageComposer.prCount(info.prEvents), "PR"))" }
            out += "<entry>\n"
            out += "<title>\(escape("\(entry.workout.name), \(entry.day)"))</title>\n"
            out += "<id>tag:wkt-site,\(entry.day):\(entry.pageID)</id>\n"
            out += "<updated>\(stamp(entry))</updated>\n"
            out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escape(prefix + entry.path))\"/>\n"
            out += "<summary>\(escape(summary))</summary>\n"
            out += "</entry>\n"
        }
        return out + "</feed>\n"
    }

    /// XML text and attribute escaping (the HTML rules of docs/reliability.md P7 are valid XML).
    static func escape(_ text: String) -> String { HTMLEscaping.escapeHTML(text) }

    /// `2026-11-18T06:00:00+01:00`.
    static func timestamp(_ workout: Workout, zone: TimeZone?) -> String {
        let start = workout.start
        // A naive wall time in the configured zone; in the repeated autumn hour it means its first
        // occurrence (the larger offset), as everywhere else (docs/reliability.md T-08).
        let offset = workout.utcOffsetSeconds ?? zone.map { LocalTime.resolve(start, in: $0).offsetSeconds } ?? 0
        return start.iso8601 + offsetText(offset)
    }

    /// `Z`, `+01:00`, `-05:30`.
    static func offsetText(_ seconds: Int) -> String {
        guard seconds != 0 else { return "Z" }
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + ASCIIDigits.pad(minutes / 60, 2) + ":" + ASCIIDigits.pad(minutes % 60, 2)
    }
}
