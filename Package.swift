// swift-tools-version: 6.1
import PackageDescription

/// wkt-site: a static-site generator for a lifter's workout history.
///
/// Layering (each C or third-party import lives in exactly one module):
/// - `WktCore`     pure domain model, calendar, names/slugs, statistics, the one JSON writer and
///                 number formatter (no I/O, no GRDB; its only C is CSHA256, SHA-256's block
///                 function with the processor's SHA instructions)
/// - `WktConfig`   `wkt-site.toml` → `Settings` (TOMLKit)
/// - `WktImport`   export files → `ImportBatch` (strict CSV reader, one importer per format)
/// - `WktStore`    the SQLite store (the only module importing GRDB, and GRDB's SQLite module for
///                 the import's bulk inserts)
/// - `WktMarkdown` cmark-gfm (the only module importing CCmarkGFM, and CMarkdownArena, the
///                 per-thread bump allocator its parses use)
/// - `WktDemo`     deterministic synthetic history
/// - `WktSite`     pages, charts, feeds (Mustache), incremental builds (`Incremental/`)
/// - `WktIO`       output files, atomic publish, run lock, interrupts (the only module importing
///                 CRenameExchange, CInterrupt and CAllocator)
/// - `WktApp`      the commands' work, testable without a process
/// - `WktServe`    `wkt-site serve`: the local preview server, its watcher and live reload (the
///                 only module importing FlyingFox)
/// - `WktCommandLine` the options and printing both executables share (ArgumentParser)
/// - `wkt-site`    the thin ArgumentParser executable (every command; `serve` hands over to
///                 `wkt-site-serve`, so FlyingFox and the libcurl it links stay out of `wkt-site`)
/// - `wkt-site-serve` the preview server's executable, installed beside `wkt-site`
///
/// ARCHITECTURE.md is the map: what each module may import, the build stages, the invariants.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

let package = Package(
    name: "wkt-site",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wkt-site", targets: ["wkt-site"]),
        .executable(name: "wkt-site-serve", targets: ["wkt-site-serve"]),
        // Libraries for the fuzz package in Fuzz/ (scripts/fuzz.sh), which links them built with
        // `-sanitize=fuzzer,address`; the app itself uses the targets directly.
        .library(name: "WktCore", targets: ["WktCore"]),
        .library(name: "WktConfig", targets: ["WktConfig"]),
        .library(name: "WktImport", targets: ["WktImport"]),
        .library(name: "WktMarkdown", targets: ["WktMarkdown"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // Test-only: the deploy workflow `init --github-pages` writes is checked to be valid YAML.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [
                .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
                .brew(["cmark-gfm"]),
            ]
        ),
        .target(name: "CRenameExchange"),
        .target(name: "CInterrupt"),
        .target(name: "CAllocator"),
        .target(name: "CMarkdownArena"),
        .target(name: "CSHA256"),
        // Test-only: a fault-injecting SQLite VFS (docs/reliability.md S-02); never linked into wkt-site.
        .target(name: "CSQLiteFaults", path: "Tests/CSQLiteFaults", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "WktFaultVFS", dependencies: ["CSQLiteFaults"], path: "Tests/WktFaultVFS", swiftSettings: swiftSettings),
        // Test-only: helpers more than one test target uses; never linked into wkt-site.
        .target(name: "WktTestSupport", path: "Tests/WktTestSupport", swiftSettings: swiftSettings),
        .target(name: "WktCore", dependencies: ["CSHA256"], swiftSettings: swiftSettings),
        .target(
            name: "WktConfig",
            dependencies: ["WktCore", .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WktImport",
            dependencies: ["WktCore", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WktStore",
            dependencies: [
                "WktCore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "WktMarkdown", dependencies: ["CCmarkGFM", "CMarkdownArena"], swiftSettings: swiftSettings),
        .target(name: "WktDemo", dependencies: ["WktCore"], swiftSettings: swiftSettings),
        .target(
            name: "WktSite",
            dependencies: [
                "WktCore", "WktMarkdown",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // The default templates and assets, compiled into the binary as byte arrays
            // (`PackageResources`, read by EmbeddedResources.swift): editing a file is the whole change.
            resources: [.embedInCode("Resources/templates"), .embedInCode("Resources/assets")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WktIO", dependencies: ["WktCore", "CRenameExchange", "CInterrupt", "CAllocator"],
            swiftSettings: swiftSettings),
        .target(
            name: "WktApp",
            dependencies: ["WktCore", "WktConfig", "WktImport", "WktStore", "WktDemo", "WktSite", "WktIO"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WktServe",
            dependencies: [
                "WktApp", "WktCore", "WktIO",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WktCommandLine",
            dependencies: ["WktApp", "WktIO", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "wkt-site",
            dependencies: [
                "WktApp", "WktIO", "WktCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "wkt-site-serve",
            dependencies: [
                "WktApp", "WktServe", "WktCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "WktCoreTests", dependencies: ["WktCore", "WktTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "WktConfigTests", dependencies: ["WktConfig", "WktCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WktImportTests",
            dependencies: [
                "WktImport", "WktCore", "WktTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("Fixtures")], swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WktStoreTests", dependencies: ["WktStore", "WktCore", "WktFaultVFS"], swiftSettings: swiftSettings
        ),
        .testTarget(name: "WktMarkdownTests", dependencies: ["WktMarkdown", "CMarkdownArena", "WktTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WktSiteTests", dependencies: ["WktSite", "WktCore", "WktMarkdown", "WktDemo", "WktTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "WktDemoTests", dependencies: ["WktDemo", "WktCore"], swiftSettings: swiftSettings),
        .testTarget(name: "WktIOTests", dependencies: ["WktIO", "WktCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WktAppTests",
            dependencies: ["WktApp", "WktConfig", "WktCore", "WktDemo", "WktStore", "WktImport", "WktFaultVFS", "WktTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WktServeTests", dependencies: ["WktServe", "WktApp", "WktCore", "WktIO", "WktTestSupport"],
            swiftSettings: swiftSettings
        ),
        // The command line itself: every `wkt-site` command the README and the deploy workflow
        // show parses with the real parser.
        .testTarget(
            name: "WktCLITests",
            dependencies: [
                "wkt-site", "WktApp", "WktCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
