import Foundation
import WktSite

/// What `wkt-site init` was asked to do.
public struct InitRequest: Sendable {
    /// Where the templates are copied (default `templates`).
    public var templates: String
    /// Overwrite existing files.
    public var force: Bool
    /// Also write the GitHub Pages workflow (``GitHubPagesWorkflow``), nil when not asked for.
    public var gitHubPages: GitHubPagesRequest?

    /// Creates a request.
    public init(templates: String = "templates", force: Bool = false, gitHubPages: GitHubPagesRequest? = nil) {
        self.templates = templates
        self.force = force
        self.gitHubPages = gitHubPages
    }
}

/// What `wkt-site init --github-pages` puts into the workflow.
public struct GitHubPagesRequest: Sendable {
    /// The git URL wkt-site is built from; nil reads the repository variable `WKT_SITE_REPO`.
    public var repository: String?
    /// The branch or tag of wkt-site to build.
    public var ref: String
    /// The folder of export files in the site's repository.
    public var exports: String

    /// Creates a request.
    public init(repository: String? = nil, ref: String = "main", exports: String = "exports") {
        self.repository = repository
        self.ref = ref
        self.exports = exports
    }
}

/// `wkt-site init`: a commented `wkt-site.toml` and copies of the built-in templates to customise
/// (used with `wkt-site build --templates templates`).
public enum InitRunner {
    /// The configuration file `init` writes: every key, commented out at its default.
    public static let configTemplate = """
        # wkt-site configuration. Every key is optional; remove the leading '#' to set one.
        # The numbers these settings drive are defined in docs/statistics.md of the wkt-site repository.

        # Site title and author (shown in the header, the feed and the footer).
        # title = "My training log"
        # author = "Alex"

        # Absolute URL the site is published at; enables sitemap.xml, absolute feed links and the
        # pages' og:url and canonical links.
        # base_url = "https://example.org/lifting/"

        # IANA time zone for "today" (default: the machine's zone).
        # timezone = "Europe/Berlin"

        # First day of the week: monday (ISO weeks, labelled 2026-W47) or any other weekday.
        # week_start = "monday"

        # A workout that starts before this hour counts for the previous training day (0–23).
        # day_cutoff_hour = 0

        # Workouts a week needed to keep the week streak going.
        # weekly_target = 3

        # Display unit: kg or lb (the store and stats.json are always kilograms).
        # unit = "kg"

        # Estimated one-rep max: epley or brzycki.
        # e1rm_formula = "epley"

        # Bodyweight in kg, used only while no measurement is imported (Apple Health, wkt JSON, …);
        # with sex, DOTS (estimated from e1RM) is shown. Assisted exercises weigh bodyweight − help.
        # bodyweight_kg = 80
        # sex = "male"
        # Weekly working sets per muscle to aim for: the Muscles page marks each muscle under,
        # within or over this range (by its average of the last 4 complete weeks).
        # muscle_sets_target = [10, 20]

        # Planned routine per weekday: drives the ○ planned and ✗ missed marks. `since` is the
        # day the plan began: no day before it is marked planned or missed.
        # [schedule]
        # since = "2026-01-05"
        # monday = "Push"
        # wednesday = "Pull"
        # friday = "Legs"

        # Goals: one [[goals]] table each, shown with a progress bar on the dashboard and the
        # exercise's page. metric is "heaviest", "e1rm" or "rep_max_N" (N from 1 to 12, like the
        # records); target_kg is in kilograms whatever the display unit; by (a day) is optional.
        # The exercise must be in your history (case and repeated spaces do not matter).
        # [[goals]]
        # exercise = "Squat (Barbell)"
        # metric = "e1rm"
        # target_kg = 140
        # by = "2027-06-01"

        # Publishing: by default a built site shows everything the store holds. List here what a
        # public site leaves out, any of "notes", "check_ins", "pain_flags", "ratings", "times"
        # (keeps the dates, drops the times of day) and "bodyweight" (nothing to hide yet).
        # noindex = true asks search engines to stay away (a robots tag on every page and a
        # robots.txt). `wkt-site build --private` ignores this table for a personal copy.
        # [publish]
        # hide = ["notes", "check_ins", "pain_flags", "ratings", "times"]
        # noindex = true

        # Sets left out of every statistic (a typo the app cannot fix, a kg/lb mix-up), one entry
        # each; `wkt-site check` prints the workout's start exactly as written here. Without `set`
        # the whole exercise of that workout is left out, without `exercise` the whole workout.
        # [[ignore]]
        # workout = "2019-06-03 13:41"
        # exercise = "Bench Press (Barbell)"
        # set = 3
        # The three lifts of the DOTS total (these are the defaults).
        # [big_three]
        # squat = "Squat (Barbell)"
        # bench = "Bench Press (Barbell)"
        # deadlift = "Deadlift (Barbell)"
        # Muscles per exercise for the Muscles page: adds exercises the built-in catalogue does not
        # know, or changes it. Muscles: abdominals abductors adductors biceps calves chest forearms
        # glutes hamstrings lats lower_back neck quadriceps shoulders traps triceps upper_back.
        # assisted = true marks a machine or band that helps (the logged weight is assistance).
        # [muscles]
        # "Café Press" = { primary = "chest", secondary = ["triceps", "shoulders"] }
        # "Band Pull Up" = { primary = "lats", secondary = ["biceps"], assisted = true }

        """

    /// Writes the files; existing ones are left alone unless `force`.
    public static func run(_ request: InitRequest, env: AppEnvironment) -> CommandResult {
        var written: [String] = []
        var skipped: [String] = []
        var files: [(path: String, text: String)] = [(env.absolute("wkt-site.toml"), configTemplate)]
        let folder = env.absolute(request.templates)
        files += EmbeddedResources.templates.map { (folder + "/" + $0.path, $0.contents) }
        if let pages = request.gitHubPages {
            do throws(GitHubPagesWorkflow.Invalid) {
                let workflow = try GitHubPagesWorkflow.text(repository: pages.repository, ref: pages.ref, exports: pages.exports)
                files.append((env.absolute(GitHubPagesWorkflow.path), workflow))
            } catch {
                return AppFailure(message: error.message, exitCode: ExitStatus.usage).result
            }
        }
        do {
            for file in files {
                if FileManager.default.fileExists(atPath: file.path) && !request.force {
                    skipped.append(file.path)
                    continue
                }
                let parent = (file.path as NSString).deletingLastPathComponent
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: file.path, contents: Data(file.text.utf8)) else {
                    throw AppFailure(message: "\(file.path): cannot be written", exitCode: ExitStatus.ioError)
                }
                written.append(file.path)
            }
        } catch let failure as AppFailure {
            return failure.result
        } catch {
            return AppFailure(message: "\(folder): \(error.localizedDescription)", exitCode: ExitStatus.ioError).result
        }
        var out = written.map { "wrote \($0)\n" }.joined()
        if !skipped.isEmpty {
            out += skipped.map { "kept \($0) (exists; --force overwrites)\n" }.joined()
        }
        out += "Edit wkt-site.toml, then: wkt-site build --templates \(request.templates)\n"
        if let pages = request.gitHubPages {
            out += "GitHub Pages: commit your exports to \(pages.exports)/, set Settings → Pages → Source to "
                + "\"GitHub Actions\"" + (pages.repository == nil ? ", set the repository variable WKT_SITE_REPO" : "")
                + " and push.\n"
        }
        return CommandResult(stdout: out)
    }
}
