import ArgumentParser
import WktApp
import WktCommandLine

extension WktSiteCommand {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Compute the statistics and write the site.",
            discussion: """
                Builds into a temporary sibling folder and swaps it in atomically, so the output \
                folder is always one complete build; the previous build is kept as <output>.prev. \
                CNAME and .well-known/ placed in the output folder are carried over. [publish] in \
                wkt-site.toml leaves notes, check-ins, pain flags, ratings or times of day out of \
                the site; --private ignores it for a personal copy.

                Examples:
                  wkt-site build
                  wkt-site build --output public --base-url https://example.org/lifting/
                  wkt-site build --today 2026-11-21 --quiet
                  wkt-site build --private --output private-site
                """
        )

        @OptionGroup var siteOptions: SiteOptions

        @OptionGroup var storeOptions: StoreOptions

        @Flag(help: "Print nothing on success (for cron).")
        var quiet = false

        @Flag(help: "Flush the file system once before the swap.")
        var sync = false

        @Flag(help: "Render even when nothing changed since the last build.")
        var force = false

        @Flag(name: .customLong("private"), help: "Ignore [publish] in wkt-site.toml: show everything (a personal copy).")
        var isPrivate = false

        func run() throws {
            prepareBuildProcess()
            let request = BuildRequest(
                output: siteOptions.output, today: siteOptions.today, baseURL: siteOptions.baseURL,
                templates: siteOptions.templates, store: storeOptions.store, config: storeOptions.config, quiet: quiet,
                sync: sync, force: force, isPrivate: isPrivate)
            try finish(BuildRunner.run(request, env: .current()))
        }
    }

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write a commented wkt-site.toml and copies of the templates to customise.",
            discussion: """
                Existing files are kept unless --force. With --github-pages it also writes \
                .github/workflows/wkt-site.yml, a GitHub Actions workflow that builds the site from the \
                exports committed to the repository and deploys it to GitHub Pages.

                Examples:
                  wkt-site init && wkt-site build --templates templates
                  wkt-site init --github-pages --wkt-site-repo https://github.com/you/wkt-site.git
                """
        )

        @Option(help: ArgumentHelp("Where to copy the templates.", valueName: "folder"))
        var templates = "templates"

        @Flag(help: "Overwrite existing files.")
        var force = false

        @Flag(help: "Also write a GitHub Actions workflow that builds and deploys the site to GitHub Pages.")
        var githubPages = false

        @Option(help: ArgumentHelp(
            "Git URL the workflow builds wkt-site from (default: the repository variable WKT_SITE_REPO).",
            valueName: "url"))
        var wktSiteRepo: String?

        @Option(help: ArgumentHelp("Branch or tag of wkt-site the workflow builds.", valueName: "ref"))
        var wktSiteRef = "main"

        @Option(help: ArgumentHelp("Folder of export files the workflow imports.", valueName: "folder"))
        var exports = "exports"

        func validate() throws {
            if !githubPages && (wktSiteRepo != nil || wktSiteRef != "main" || exports != "exports") {
                throw ValidationError("--wkt-site-repo, --wkt-site-ref and --exports go with --github-pages")
            }
        }

        func run() throws {
            let pages = githubPages ? GitHubPagesRequest(repository: wktSiteRepo, ref: wktSiteRef, exports: exports) : nil
            try finish(InitRunner.run(InitRequest(templates: templates, force: force, gitHubPages: pages), env: .current()))
        }
    }
}
