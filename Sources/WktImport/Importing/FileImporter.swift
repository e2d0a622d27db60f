#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif
import WktCore

/// The entry point of the module: one export file in, one ``ImportBatch`` out, all or nothing
/// (docs/reliability.md P5).
public enum FileImporter {
    /// Reads and imports the file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file, as given by the user (it appears in every message).
    ///   - options: format, unit, bad-row policy, today and caps.
    /// - Returns: the workouts of the file with warnings and skipped rows.
    /// - Throws: ``ImportError/unreadable(file:message:)`` (exit 74) when the file cannot be read;
    ///   ``ImportError/badData(file:line:message:)`` or ``ImportError/unknownFormat(file:supported:)``
    ///   (exit 65) when its content is rejected.
    public static func read(path: String, options: ImportOptions) throws(ImportError) -> ImportBatch {
        try read(bytes: FileBytes.read(path: path, maxBytes: options.limits.maxBytes), file: path, options: options)
    }

    /// The bytes of the file at `path`, refused before it is read when it is larger than
    /// `limits.maxBytes` (docs/reliability.md I-20: never load an arbitrarily large file).
    ///
    /// - Throws: ``ImportError/unreadable(file:message:)`` (exit 74) for a missing, unreadable or
    ///   non-regular file; ``ImportError/badData(file:line:message:)`` (exit 65) above the cap.
    public static func readFile(path: String, limits: CSVLimits = .standard) throws(ImportError) -> [UInt8] {
        try FileBytes.read(path: path, maxBytes: limits.maxBytes)
    }

    /// Imports a file's content.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - file: the path to name in messages.
    ///   - options: format, unit, bad-row policy, today and caps.
    /// - Returns: the workouts of the file with warnings and skipped rows.
    /// - Throws: ``ImportError/badData(file:line:message:)`` or
    ///   ``ImportError/unknownFormat(file:supported:)`` (exit 65).
    public static func read(bytes: [UInt8], file: String, options: ImportOptions) throws(ImportError) -> ImportBatch {
        var batch = try readUnchecked(bytes: bytes, file: file, options: options)
        // Warnings quote the file's values (column names, times): one printable line each, quoted
        // values cut, like the errors (docs/reliability.md A-09).
        batch.cleanWarnings()
        return batch
    }

    private static func readUnchecked(bytes: [UInt8], file: String, options: ImportOptions) throws(ImportError) -> ImportBatch {
        if let document = FormatDetector.documentEntry(for: bytes, options: options) {
            return try document.read(bytes, file, options)
        }
        if FormatDetector.isPlainlyNotCSV(bytes) {
            throw .unknownFormat(file: file, supported: FormatDetector.supportedIDs)
        }
        let reader = try CSVReader(bytes: bytes, file: file, limits: options.limits)
        let entry = try FormatDetector.entry(for: reader.header, options: options, file: file)
        let table = try reader.readRecords(tolerateRaggedRows: options.skipBadRows, keepingWideRows: entry.keepsWideRows)
        return try entry.read(table, options)
    }
}

/// Reads a whole file through POSIX calls, refusing directories and files above the size cap
/// before reading them.
enum FileBytes {
    /// The file's bytes.
    static func read(path: String, maxBytes: Int) throws(ImportError) -> [UInt8] {
        func failure(_ what: String) -> ImportError {
            .unreadable(file: path, message: what + ": " + String(cString: strerror(errno)))
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure("open failed") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("stat failed") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(file: path, message: "not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= maxBytes else {
            throw .badData(file: path, line: nil, message: "the file has \(size) bytes; the limit is \(maxBytes) bytes")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                return systemRead(fd, base + done, size - done)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read failed")
            }
            if count == 0 { break }
            done += count
        }
        if done < size { bytes.removeSubrange(done...) }
        return bytes
    }
}
