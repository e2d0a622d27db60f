#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WktCore

#if canImport(Glibc)
private let systemReadPrefix = Glibc.read
#elseif canImport(Darwin)
private let systemReadPrefix = Darwin.read
#endif

extension FileImporter {
    /// Whether the file at `path` is an Apple Health export (`export.xml` or `export.zip`), judged
    /// from its first bytes, or forced by `--format apple-health`. Such files are streamed by
    /// ``AppleHealthImporter`` instead of being read whole (they run to gigabytes).
    public static func isAppleHealthExport(path: String, options: ImportOptions) -> Bool {
        if options.format == .appleHealth { return true }
        guard options.format == .auto else { return false }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var prefix = [UInt8](repeating: 0, count: 4096)
        let count = prefix.withUnsafeMutableBytes { systemReadPrefix(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return AppleHealthImporter.looksLikeHealthExport(prefix: Array(prefix[0..<count]))
    }

    /// Streams an Apple Health export into a batch, mapping its errors to ``ImportError``.
    ///
    /// Foundation's `XMLParser` can trap on some inputs (docs/formats.md §4.4); the `wkt-site`
    /// executable therefore runs this in a child process (docs/reliability.md P5).
    public static func readAppleHealth(path: String, file: String) throws(ImportError) -> ImportBatch {
        do throws(HealthImportError) {
            var batch = try AppleHealthImporter.read(path: path)
            batch.file = file
            batch.cleanWarnings()
            return batch
        } catch {
            let where_ = error.byteOffset.map { "byte offset \($0)\(error.line.map { " (line \($0))" } ?? ""): " } ?? ""
            if error.exitCode == 74 { throw .unreadable(file: file, message: error.message) }
            throw .badData(file: file, line: error.byteOffset == nil ? error.line : nil, message: where_ + error.message)
        }
    }
}
