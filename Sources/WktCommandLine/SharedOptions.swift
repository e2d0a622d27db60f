import ArgumentParser
import Foundation
import WktApp
import WktIO

// What the two executables share: `wkt-site` (every command) and `wkt-site-serve` (the preview
// server that `wkt-site serve` hands over to, see `ServeProgram` in WktApp). Only parsing and
// printing live here; the work is WktApp's and WktServe's.

/// Process setup for the commands that build a site once and exit (`build`, `demo`), before any
/// work: the allocator settings of ``WktIO/AllocatorTuning`` — the fixed mmap threshold, which
/// lowers a build's peak memory, and the 4 MiB trim threshold, which saves the kernel unmapping
/// and zeroing pages the build takes again moments later. Not for `import`: streaming a gigabyte
/// export through buffers that are mapped and unmapped each time cost it about a second of system
/// time per GiB.
public func prepareBuildProcess() {
    AllocatorTuning.apply()
    AllocatorTuning.fixTrimThreshold()
}

/// Process setup for the preview server (`serve`), which builds again and again: the fixed mmap
/// threshold only. A server lives on between builds, so it hands freed memory back as soon as
/// glibc does by default.
public func prepareServeProcess() {
    AllocatorTuning.apply()
}

/// Prints a command result and exits with its code.
public func finish(_ result: CommandResult) throws -> Never {
    if !result.stdout.isEmpty {
        FileHandle.standardOutput.write(Data(result.stdout.utf8))
    }
    for line in result.printableStderr {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    throw ExitCode(result.exitCode)
}

/// The site options `build` and `serve` share.
public struct SiteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Output folder.", valueName: "folder"))
    public var output = "site"

    @Option(help: ArgumentHelp("Build for this day instead of today.", valueName: "YYYY-MM-DD"))
    public var today: String?

    @Option(help: ArgumentHelp("Absolute URL the site is published at (enables sitemap.xml).", valueName: "url"))
    public var baseURL: String?

    @Option(help: ArgumentHelp("Folder of Mustache templates overriding the built-in ones (see `wkt-site init`).", valueName: "folder"))
    public var templates: String?

    public init() {}
}

/// Options every store-reading command shares.
public struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The workout store (default: $WKT_STORE, else ./workouts.sqlite).", valueName: "path"))
    public var store: String?

    @Option(help: ArgumentHelp("Configuration file (default: ./wkt-site.toml when present).", valueName: "path"))
    public var config: String?

    public init() {}
}
