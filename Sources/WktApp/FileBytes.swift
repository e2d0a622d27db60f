import Foundation

/// Reads a whole input file, mapping failures to one clear line (exit 74).
enum FileBytes {
    static func read(_ path: String) throws(AppFailure) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AppFailure(message: "\(path): no such file", exitCode: ExitStatus.ioError)
        }
        guard !isDirectory.boolValue else {
            throw AppFailure(message: "\(path): is a folder, not an export file", exitCode: ExitStatus.ioError)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppFailure(message: "\(path): cannot be read (permissions?)", exitCode: ExitStatus.ioError)
        }
        return [UInt8](data)
    }
}
