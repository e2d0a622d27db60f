import ArgumentParser
import Foundation
import WktApp
import WktIO

/// The `wkt-site` command: parse, call `WktApp`, print, exit. No logic lives here.
@main
struct WktSiteCommand: ParsableCommand {

    static let configuration = CommandConfiguration(
        commandName: "wkt-site",
        abstract: "Turn a workout history into a fast, private, static website.",
        discussion: HelpText.overview,
        version: "0.1.0",
        subcommands: [
            Import.self, Build.self, Serve.self, Stats.self, Check.self, Demo.self, Init.self, Export.self, Backup.self, HealthImport.self,
            HugoContentCommand.self, AllocatorCheck.self,
        ]
    )
}

/// Process setup for the commands that build a site (`build`, `serve`, `demo`), before any work:
/// the allocator setting of ``WktIO/AllocatorTuning``, which lowers a build's peak memory. Not for
/// `import`: streaming a gigabyte export through buffers that are mapped and unmapped each time
/// cost it about a second of system time per GiB.
func prepareBuildProcess() {
    AllocatorTuning.apply()
}

/// Prints a command result and exits with its code.
func finish(_ result: CommandResult) throws -> Never {
    if !result.stdout.isEmpty {
        FileHandle.standardOutput.write(Data(result.stdout.utf8))
    }
    for line in result.printableStderr {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    throw ExitCode(result.exitCode)
}

/// The site options `build` and `serve` share.
struct SiteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Output folder.", valueName: "folder"))
    var output = "site"

    @Option(help: ArgumentHelp("Build for this day instead of today.", valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(help: ArgumentHelp("Absolute URL the site is published at (enables sitemap.xml).", valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp("Folder of Mustache templates overriding the built-in ones (see `wkt-site init`).", valueName: "folder"))
    var templates: String?
}

/// Options every store-reading command shares.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The workout store (default: $WKT_STORE, else ./workouts.sqlite).", valueName: "path"))
    var store: String?

    @Option(help: ArgumentHelp("Configuration file (default: ./wkt-site.toml when present).", valueName: "path"))
    var config: String?
}
