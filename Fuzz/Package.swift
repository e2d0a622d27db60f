// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// libFuzzer targets for wkt-site (docs/reliability.md §3). Build and run them with
/// `scripts/fuzz.sh TARGET SECONDS`, which compiles this package with
/// `-sanitize=fuzzer,address -parse-as-library -enable-testing` in its own scratch folder; a plain
/// `swift build` here would fail to link, because libFuzzer supplies `main`.
///
/// SwiftPM links a Linux executable with `--defsym main=<module>_main` (so tests can call it),
/// which hides libFuzzer's own `main`; each target therefore defines `<module>_main` and starts
/// libFuzzer through `LLVMFuzzerRunDriver` (declared by `CFuzzDriver`).
///
/// Each executable is one fuzz target: `fuzz-csv`, `fuzz-health`, `fuzz-json`, `fuzz-config`,
/// `fuzz-notes`. `FuzzSupport` holds the shared property checks and the libFuzzer entry;
/// `FuzzImport` the import-and-check-messages step of the importing targets.

/// The root package is a path dependency, whose identity is its folder's name (the clone may be
/// called anything), so the name is read from this file's location.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootName = root.lastPathComponent

let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

func fuzzTarget(_ name: String, _ products: [String], helpers: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: "fuzz-\(name)",
        dependencies: ["FuzzSupport"] + helpers + products.map { .product(name: $0, package: rootName) },
        swiftSettings: swiftSettings
    )
}

let package = Package(
    name: "wkt-site-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"], swiftSettings: swiftSettings),
        .target(
            name: "FuzzImport",
            dependencies: [
                "FuzzSupport", .product(name: "WktImport", package: rootName), .product(name: "WktCore", package: rootName),
            ],
            swiftSettings: swiftSettings
        ),
        fuzzTarget("csv", ["WktImport", "WktCore"], helpers: ["FuzzImport"]),
        fuzzTarget("health", ["WktImport", "WktCore"], helpers: ["FuzzImport"]),
        fuzzTarget("json", ["WktImport", "WktCore"], helpers: ["FuzzImport"]),
        fuzzTarget("config", ["WktConfig", "WktCore"]),
        fuzzTarget("notes", ["WktMarkdown"]),
    ]
)
