import Foundation
import WktCore

/// Reads a whole input file, mapping failures to one clear line (exit 74).
enum FileBytes {
    static func read(_ path: String) throws(AppFailure) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AppFailure(message: "\(path): no such file", exitCode: ExitStatus.ioError, detail: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw AppFailure(
                message: "\(path): is a folder, not an export file", exitCode: ExitStatus.ioError,
                detail: "is a folder, not an export file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppFailure(
                message: "\(path): cannot be read (permissions?)", exitCode: ExitStatus.ioError,
                detail: "cannot be read (permissions?)")
        }
        return [UInt8](data)
    }

    /// The SHA-256 of a file, read in 1 MiB chunks (Apple Health exports are not read whole).
    static func sha256(_ path: String) throws(AppFailure) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AppFailure(message: "\(path): cannot be read (permissions?)", exitCode: ExitStatus.ioError)
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 20)
            } catch {
                throw AppFailure(message: "\(path): read failed: \(error.localizedDescription)", exitCode: ExitStatus.ioError)
            }
            guard let chunk, !chunk.isEmpty else { break }
            hasher.update(chunk)
        }
        return SHA256.hexString(hasher.finalize())
    }
}
