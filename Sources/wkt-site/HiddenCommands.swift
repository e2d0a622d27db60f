import ArgumentParser
import WktApp
import WktCommandLine
import WktIO

extension WktSiteCommand {
    /// The Apple Health parser as a child process (not for users: `wkt-site import` runs it).
    struct HealthImport: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_health-import",
            abstract: "Internal: parse an Apple Health export and print it as wkt JSON.",
            shouldDisplay: false
        )

        @Argument var path: String

        func run() throws {
            try finish(HealthImportChild.run(path: path))
        }
    }

    /// Reports whether the process setup of `build` and `demo` (``prepareBuildProcess()``) fixes
    /// the allocator's thresholds: large blocks mapped on their own, up to 4 MiB freed at a pool's
    /// top kept and more given back (the tests run it: only a fresh process can show it); not
    /// for users.
    struct AllocatorCheck: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_allocator-check",
            abstract: "Internal (tests only): print whether large blocks are mapped on their own and what freed memory the pools keep.",
            shouldDisplay: false
        )

        func run() throws {
            prepareBuildProcess()
            print(AllocatorTuning.largeBlocksAreMapped() ? "large blocks mapped: yes" : "large blocks mapped: no")
            print(AllocatorTuning.poolKeeps(freeing: 2 << 20) ? "2 MiB freed kept: yes" : "2 MiB freed kept: no")
            print(AllocatorTuning.poolKeeps(freeing: 12 << 20) ? "12 MiB freed kept: yes" : "12 MiB freed kept: no")
        }
    }

    /// The pages of `wkt-site build` as a Hugo site, for the benchmark only (`scripts/bench.py
    /// --hugo`, README "Performance"); not for users.
    struct HugoContentCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_hugo-content",
            abstract: "Internal (benchmark only): write the site's pages as a Hugo site into a new or empty folder.",
            shouldDisplay: false
        )

        /// Optional here so that a missing folder is the runner's one-line usage error (64).
        @Argument var directory: String?

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp("Build for this day instead of today.", valueName: "YYYY-MM-DD"))
        var today: String?

        func run() throws {
            let request = HugoContentRequest(
                directory: directory, store: storeOptions.store, config: storeOptions.config, today: today)
            try finish(HugoContentRunner.run(request, env: .current()))
        }
    }
}
