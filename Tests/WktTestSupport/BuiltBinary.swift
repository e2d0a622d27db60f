import Foundation

/// The `wkt-site` executable that `swift build` put beside the running test bundle, for the tests
/// that need a real process (signals, exit codes, crash loops). Shared by the test targets
/// (`WktTestSupport`); never linked into wkt-site.
public enum BuiltBinary {
    /// Its path, or nil when it is not there (the tests that need it skip with a note).
    public static let path: String? = {
        guard let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let candidate = ((me as NSString).deletingLastPathComponent as NSString).appendingPathComponent("wkt-site")
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }()
}
