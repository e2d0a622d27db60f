import Foundation
import Testing

/// Inputs the fuzzers (scripts/fuzz.sh, docs/reliability.md §3) found crashing, kept minimised in
/// Fuzz/Regressions/TARGET/ and replayed here through the real binary, so a trap in a C or C++
/// library shows up as a failed expectation instead of killing the test run.
@Suite("Fuzz regressions (Fuzz/Regressions), end to end", .enabled(if: Binary.available))
struct FuzzRegressionTests {
    /// The repository root, from this file's path (Tests/WktAppTests/…).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func regression(_ target: String, _ name: String) throws -> Data {
        let url = root.appendingPathComponent("Fuzz/Regressions/\(target)/\(name)")
        return try #require(FileManager.default.contents(atPath: url.path), "missing fixture \(url.path)")
    }

    /// Runs `wkt-site stats` with the config fixture `name` as `wkt-site.toml`.
    func statsWithConfig(_ name: String) throws -> Binary.Run {
        let dir = try temporaryFolder("fuzz-regression")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.regression("config", name).write(to: URL(fileURLWithPath: dir + "/wkt-site.toml"))
        return try Binary.run(["stats", "--store", dir + "/store.sqlite"], in: dir)
    }

    /// fuzz-config found two inputs that make toml++ (inside TOMLKit, built with its assertions
    /// on) abort the process (signal 6, exit 134), where a config syntax error must be exit 65
    /// with one line naming the file; `TableHeaderCheck` (WktConfig) reports both first:
    /// - `[!` fails `assert(is_bare_key_character(*cp) || is_string_delimiter(*cp))` in `parse_key`;
    /// - `a=[}` (an array value closed by a brace) fails `assert(!is_value_terminator(*cp))` in
    ///   `parse_value`.
    @Test(
        "fuzz config: a wkt-site.toml of `[!` or `a=[}` is exit 65 naming the file, not an abort in toml++",
        arguments: ["toml-assert-table-header-bang.toml", "toml-assert-array-value-brace.toml"])
    func tomlAssertion(fixture: String) throws {
        let run = try statsWithConfig(fixture)
        #expect(run.status == 65, "exit \(run.status): \(run.stderr.prefix(300))")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("wkt-site.toml") == true, "\(run.stderr.prefix(300))")
    }

    /// fuzz-health found a damaged deflate stream whose last compressed chunk is shorter than
    /// the 256 KiB ZIPFoundation tells zlib it holds: zlib read past the chunk and the parser
    /// child died of SIGSEGV. Chunks are now padded to full size; the zip is a clean error.
    @Test("fuzz health: a damaged deflate entry is exit 65 naming the zip, not a crash of the parser")
    func zlibShortChunk() throws {
        let dir = try temporaryFolder("fuzz-regression")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.regression("health", "zlib-short-chunk-overread.zip").write(to: URL(fileURLWithPath: dir + "/export.zip"))
        let run = try Binary.run(["import", "export.zip", "--store", dir + "/store.sqlite"], in: dir)
        #expect(run.status == 65, "exit \(run.status): \(run.stderr.prefix(300))")
        #expect(!run.stderr.contains("crashed"), "\(run.stderr.prefix(300))")
        #expect(run.stderr.contains("export.zip"), "\(run.stderr.prefix(300))")
    }
}
