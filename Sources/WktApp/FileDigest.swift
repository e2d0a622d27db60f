import Foundation
import WktCore

/// Hashes input files for the import log without reading them whole.
enum FileDigest {
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
