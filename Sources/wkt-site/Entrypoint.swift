import ArgumentParser
import Foundation
import WktApp
import WktCommandLine

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
