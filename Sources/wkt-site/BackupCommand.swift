import ArgumentParser
import WktApp
import WktCommandLine

extension WktSiteCommand {
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Write a consistent, checked copy of the store.",
            discussion: """
                The copy is made by SQLite (VACUUM INTO) under the run lock, so it is one \
                committed state even while an import runs: the backup waits for the import \
                (up to WKT_LOCK_WAIT seconds, default 2) or exits 75. The copy is synced to disk \
                and must pass PRAGMA integrity_check before it is put in place; a copy that \
                fails is deleted (exit 74). An existing file is never replaced without --force \
                (exit 64).

                Never copy a store with cp while a wkt-site run may be writing it. To restore, \
                make sure no wkt-site run is active, move the old store (and any \
                workouts.sqlite-journal next to it) aside, and copy the backup in its place.

                Examples:
                  wkt-site backup                         # ./workouts-YYYY-MM-DD.sqlite
                  wkt-site backup --output /mnt/usb/workouts.sqlite --force
                  wkt-site backup --store lifting.sqlite --output ~/backups/lifting.sqlite
                """
        )

        @Option(help: ArgumentHelp(
            "The backup file (default: <store name>-YYYY-MM-DD.sqlite in the current folder).", valueName: "file"))
        var output: String?

        @Flag(help: "Replace the output file if it exists.")
        var force = false

        @Option(help: ArgumentHelp("The workout store (default: $WKT_STORE, else ./workouts.sqlite).", valueName: "path"))
        var store: String?

        func run() throws {
            try finish(BackupRunner.run(BackupRequest(output: output, force: force, store: store), env: .current()))
        }
    }
}
