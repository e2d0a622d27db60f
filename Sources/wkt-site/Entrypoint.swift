import ArgumentParser
import WktApp

@main
struct WktSiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wkt-site",
        abstract: "Turn a workout history into a fast, private, static website."
    )
}
