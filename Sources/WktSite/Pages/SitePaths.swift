import WktCore

/// Every output path of the site, relative to the root. Path components are generated only:
/// fixed names, four-digit years, workout page IDs (``WorkoutPageIDs``) and exercise slugs
/// (``SiteSlugs``); never a raw name.
enum SitePaths {
    /// `index.html`.
    static let dashboard = NavSection.dashboard.path
    /// `history/index.html`.
    static let historyIndex = NavSection.history.path
    /// `workouts/index.html`.
    static let workoutsIndex = NavSection.workouts.path
    /// `exercises/index.html`.
    static let exercisesIndex = NavSection.exercises.path
    /// `records/index.html`.
    static let recordsIndex = NavSection.records.path
    /// `404.html`.
    static let notFound = "404.html"
    /// The Data quality page (docs/product.md "The Data quality page").
    static let quality = "quality.html"
    /// `muscles.html` (docs/product.md "The Muscles page").
    static let muscles = "muscles.html"
    /// `feed.xml`.
    static let feed = "feed.xml"
    /// `sitemap.xml`.
    static let sitemap = "sitemap.xml"
    /// `robots.txt`, written only with `noindex = true`.
    static let robots = "robots.txt"
    /// `robots.txt` asking every crawler to stay away.
    static let robotsNoindex = "User-agent: *\nDisallow: /\n"
    /// `data/stats.json`.
    static let statsJSON = "data/stats.json"
    /// The folder of the built-in assets.
    static let assetsFolder = "assets/"

    /// `history/2026.html`.
    static func historyYear(_ year: Int) -> String { "history/\(TextFormat.year(year)).html" }
    /// `workouts/2026.html`.
    static func workoutsYear(_ year: Int) -> String { "workouts/\(TextFormat.year(year)).html" }
    /// `records/2026.html`.
    static func recordsYear(_ year: Int) -> String { "records/\(TextFormat.year(year)).html" }
    /// `years/2026.html`: the year in review.
    static func yearReview(_ year: Int) -> String { "years/\(TextFormat.year(year)).html" }
    /// `workouts/2026-11-18-0600.html`.
    static func workout(_ pageID: String) -> String { "workouts/\(pageID).html" }
    /// `exercises/bench-press-barbell.html`.
    static func exercise(_ slug: String) -> String { "exercises/\(slug).html" }
    /// Page `page` (1-based) of a list split over several pages: the first page is `first`
    /// itself (`exercises/index.html`, `records/2026.html`), later ones add `-<n>` to its stem
    /// (`exercises/index-2.html`, `records/2026-2.html`).
    static func listPage(_ first: String, _ page: Int) -> String {
        guard page > 1 else { return first }
        return String(first.dropLast(".html".count)) + "-\(page).html"
    }

    /// Checks that `path` is a safe relative path: non-empty `/`-separated components, none
    /// empty, `.`, `..` or starting with `.`, no `\`, `:` or control character, no Windows device
    /// name, each at most 255 bytes (docs/reliability.md P8, F-01, F-02).
    ///
    /// Every rule is checked on the UTF-8 bytes: the characters it names are ASCII, and UTF-8
    /// never uses an ASCII byte inside a longer character. It runs for each of a build's 2,300
    /// paths (and again for a reused page's path from the previous manifest); through
    /// `unicodeScalars`, `split` and a lowercased `String` per component it took 8 ms of every
    /// rebuild on the calling thread.
    ///
    /// The bytes are walked in place (the string's own storage, or one copy when it has none):
    /// through `String.UTF8View` indices a path cost about 5,000 instructions, twice per page in
    /// a rebuild (the previous manifest's paths and this build's).
    static func validate(_ path: String, source: String) throws(SiteError) {
        let broken = path.utf8.withContiguousStorageIfAvailable(brokenRule) ?? Array(path.utf8).withUnsafeBufferPointer(brokenRule)
        if let broken { throw .unsafeOutputPath(path: path, source: source, rule: broken) }
    }

    /// The first rule of ``validate(_:source:)`` that the path with UTF-8 `bytes` breaks, in the
    /// order they are listed there; nil when it breaks none.
    private static func brokenRule(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard !bytes.isEmpty else { return "is empty" }
        for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ":") || byte == 0x7F {
            return "contains a control character, a backslash or a colon"
        }
        // Each component in turn, found by scanning for `/`.
        var start = 0
        while true {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "/") { end += 1 }
            guard end > start else { return "has an empty component (absolute or doubled '/')" }
            guard bytes[start] != UInt8(ascii: ".") else { return "has a component starting with '.'" }
            guard end - start <= 255 else { return "has a component longer than 255 bytes" }
            var stemEnd = start
            while stemEnd < end && bytes[stemEnd] != UInt8(ascii: ".") { stemEnd += 1 }
            if let name = deviceName(UnsafeBufferPointer(rebasing: bytes[start..<stemEnd])) {
                return "uses the Windows device name '\(name)'"
            }
            guard end < bytes.count else { return nil }
            start = end + 1
        }
    }

    /// `stem` (a path component up to its first `.`) as text when it is a Windows device name
    /// (``Slugger/reservedNames``, any case), else nil. Those names are three or four ASCII
    /// characters, so an ASCII stem of another length is none without making a string; a stem
    /// with other characters is lowercased as Swift does (its length may change). The stem
    /// lies between ASCII bytes (`/`, `.` or the ends), so it is whole characters.
    private static func deviceName(_ stem: UnsafeBufferPointer<UInt8>) -> String? {
        let ascii = stem.allSatisfy { $0 < 0x80 }
        guard !ascii || stem.count == 3 || stem.count == 4 else { return nil }
        let name = String(decoding: stem, as: UTF8.self)
        return Slugger.reservedNames.contains(name.lowercased()) ? name : nil
    }
}

/// Stable, human-readable page IDs for workouts: the training day and start time
/// (`2026-11-18-0600`), or only the training day (`2026-11-18`) when the history has no times of
/// day (``WorkoutHistory/timesOfDay``). Workouts that share the ID get `-2`, `-3`, … in walk order
/// (start, name, store id), so the IDs never depend on anything but the history.
enum WorkoutPageIDs {
    /// The IDs for `workouts`, in the same order.
    static func assign(_ workouts: [WorkoutInfo], timesOfDay: Bool = true) -> [String] {
        var seen: [String: Int] = [:]
        return workouts.map { info in
            let base = timesOfDay
                ? "\(info.trainingDay)-" + ASCIIDigits.pad(info.start.hour, 2) + ASCIIDigits.pad(info.start.minute, 2)
                : "\(info.trainingDay)"
            let count = (seen[base] ?? 0) + 1
            seen[base] = count
            return count == 1 ? base : "\(base)-\(count)"
        }
    }
}

/// Exercise slugs as the site uses them: ``Slugger/slugs(for:reserving:)`` with the page names of
/// the `exercises/` folder (`index`, `index-2`, …) reserved, so an exercise called "Index" or
/// "Index 2" cannot take the place of a list page. `stats.json` uses the same slugs.
public enum SiteSlugs {
    /// Names the `exercises/` folder uses for its own pages (besides `index-<n>`, see
    /// ``isReserved(_:)``).
    static let reserved: Set<String> = ["index"]

    /// Whether `slug` is a page name of the `exercises/` folder: `index` or a later page of the
    /// exercise list, `index-<n>`.
    static func isReserved(_ slug: String) -> Bool {
        if reserved.contains(slug) { return true }
        guard slug.hasPrefix("index-") else { return false }
        let number = slug.dropFirst("index-".count)
        return !number.isEmpty && number.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Slugs keyed by the names as given.
    /// - Parameter names: exercise names (NFC or not; equal NFC forms share a slug).
    /// - Returns: name → slug.
    public static func exerciseSlugs(for names: [String]) -> [String: String] {
        Slugger.slugs(for: names, reserving: isReserved)
    }
}
