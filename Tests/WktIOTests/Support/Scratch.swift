import WktCore
import Foundation
import Testing
import WktIO

/// A unique temporary folder for one test, removed by `remove()` (call it in `defer`).
/// Fixtures are made with Foundation so the checks do not trust the code under test.
struct Scratch {
    /// The folder's absolute path (symbolic links resolved, as the publisher reports paths).
    let path: String

    /// Creates `wkt-io-<label>-<uuid>` under the system's temporary folder.
    init(_ label: String) throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("wkt-io-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.resolvingSymlinksInPath().path
    }

    /// Deletes the folder (with `FileSystem.disk.removeTree`, which copes with read-only
    /// folders and never follows links).
    func remove() {
        try? FileSystem.disk.removeTree(path)
    }

    /// `path/relative`.
    func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes a text file, creating its folders.
    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: at(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Creates a folder (and its parents).
    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: at(relative), withIntermediateDirectories: true)
    }

    /// Creates a symbolic link at `relative` pointing at `target`.
    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: at(relative), withDestinationPath: target)
    }

    /// The text of a file, or nil if it cannot be read.
    func read(_ relative: String) -> String? {
        guard let data = FileManager.default.contents(atPath: at(relative)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether anything (even a dangling link) is at `relative`.
    func exists(_ relative: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: at(relative))) != nil
    }

    /// Every regular file and link under `relative`, as sorted relative paths (Foundation's
    /// enumerator, not the code under test).
    func files(in relative: String) -> [String] {
        let root = at(relative)
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var result: [String] = []
        while let item = enumerator.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + item)
            if attributes?[.type] as? FileAttributeType != .typeDirectory { result.append(item) }
        }
        return result.sorted()
    }

    /// The names in this folder starting with `prefix`.
    func siblings(startingWith prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// The permission bits of `relative` (`lstat`).
    func permissions(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: at(relative))
        return try #require(attributes[.posixPermissions] as? Int)
    }
}

/// Output files from `(path, text)` pairs.
func site(_ pairs: [(String, String)]) -> [OutputFile] {
    pairs.map { OutputFile(path: $0.0, text: $0.1) }
}

/// A publisher that treats `home` as the home folder (so tests never depend on `$HOME`).
func publisher(_ fileSystem: FileSystem = .disk, reuse: Bool = true, home: String = "/nonexistent-home") -> SitePublisher {
    SitePublisher(fileSystem: fileSystem, reusePreviousBuild: reuse, homeDirectory: home)
}

/// The `PublishError` thrown by `body`, or nil.
func publishError(_ body: () throws(PublishError) -> PublishReport) -> PublishError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
