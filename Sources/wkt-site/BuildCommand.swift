import ArgumentParser
import WktApp

extension WktSiteCommand {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute the statistics and write the site.",
            discussion: """
                Builds into a temporary sibling folder and swaps it in atomically, so the output \
                folder is always one complete build; the previous build is kept as <output>.prev. \
                CNAME and .well-known/ placed in the output folder are carried over.

                Examples:
                  wkt-site build
                  wkt-site build --output public --base-url https://example.org/lifting/
                  wkt-site build --today 2026-11-21 --quiet
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

        func run() throws {
            let request = BuildRequest(
                output: siteOptions.output, today: siteOptions.today, baseURL: siteOptions.baseURL,
                templates: siteOptions.templates, store: storeOptions.store, config: storeOptions.config, quiet: quiet,
                sync: sync, force: force)
            try finish(BuildRunner.run(request, env: .current()))
        }
    }

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a commented wkt-site.toml and copies of the templates to customise.",
            discussion: """
                Existing files are kept unless --force.

                Example:
                  wkt-site init && wkt-site build --templates templates
                """
        )

        @Option(help: ArgumentHelp("Where to copy the templates.", valueName: "folder"))
        var templates = "templates"

        @Flag(help: "Overwrite existing files.")
        var force = false

        func run() throws {
            try finish(InitRunner.run(InitRequest(templates: templates, force: force), env: .current()))
        }
    }
}
