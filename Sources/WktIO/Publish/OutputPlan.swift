import WktCore

/// The validated files of one publish, sorted by the UTF-8 bytes of their paths, with every
/// directory they need. Paths are compared as bytes throughout: `Café` in NFC and in NFD are
/// different names on disk, so they must not be merged by Swift's Unicode-aware `==`.
struct OutputPlan {
    /// The files, sorted by path bytes.
    let files: [OutputFile]
    /// Every directory that holds a file, parents before children (sorted by bytes).
    let directories: [String]
    /// Path bytes → index into `files`.
    let fileIndex: [[UInt8]: Int]
    /// The bytes of every entry of `directories`.
    let directorySet: Set<[UInt8]>
    /// The keep-list, validated, in the caller's order, without repeats or nested entries.
    let keep: [String]
    /// The marker's bytes for this build: the fixed text plus the caller's build stamp, if any.
    var markerBytes: [UInt8] = OutputPlan.markerBytes

    /// The name of the marker file that says "wkt-site made this folder".
    static let markerName = ".wkt-site"
    /// The marker's fixed text (a stamp derived from the inputs may follow, so builds of the
    /// same inputs stay byte-identical).
    static let markerBytes = Array("This folder is written by wkt-site and replaced on every build.\n".utf8)
    /// The line prefix of the build stamp inside the marker.
    static let stampPrefix = "stamp: "

    /// The marker bytes carrying `stamp` and then `record` (the caller's own lines, such as the
    /// page manifest; a missing final newline is added).
    static func markerBytes(stamp: String?, record: String? = nil) -> [UInt8] {
        var bytes = markerBytes
        if let stamp, !stamp.isEmpty, !stamp.contains("\n") { bytes += Array((stampPrefix + stamp + "\n").utf8) }
        if let record, !record.isEmpty {
            bytes += Array(record.utf8)
            if !record.hasSuffix("\n") { bytes.append(UInt8(ascii: "\n")) }
        }
        return bytes
    }
    /// The longest file-name component Linux and macOS accept.
    static let maximumComponentBytes = 255

    /// Validates `files` and `keep` (docs/reliability.md F-07: duplicates fail, never last-writer-wins).
    ///
    /// Each path's bytes are made once and serve as its key; a file's folders are the prefixes
    /// of those bytes before each `/`, looked up only when the folder differs from the previous
    /// file's (the files are sorted, so a folder's files come together). Building the folders
    /// by joining components, and hashing every path again to find one that is also a folder,
    /// took 12–17 ms of every rebuild's publish for 2,300 files.
    init(files: [OutputFile], keep: [String]) throws(PublishError) {
        let keepEntries = try Self.validatedKeep(keep)
        let keepComponents = keepEntries.map(Self.components(of:))
        let sorted = files.sorted { utf8Precedes($0.path, $1.path) }
        var index: [[UInt8]: Int] = [:]
        index.reserveCapacity(sorted.count)
        var directories = Set<[UInt8]>()
        var directoryNames: [String] = []
        var previousFolder: ArraySlice<UInt8> = []
        for (position, file) in sorted.enumerated() {
            try Self.validate(file.path, keep: keepComponents)
            let key = Array(file.path.utf8)
            if index.updateValue(position, forKey: key) != nil { throw .duplicateFile(path: file.path) }
            guard let folderEnd = key.lastIndex(of: UInt8(ascii: "/")), key[..<folderEnd] != previousFolder else { continue }
            previousFolder = key[..<folderEnd]
            // Every folder on the way: the bytes before each `/`.
            for end in key.indices where key[end] == UInt8(ascii: "/") {
                let folder = Array(key[..<end])
                if directories.insert(folder).inserted { directoryNames.append(String(decoding: folder, as: UTF8.self)) }
            }
        }
        self.directories = directoryNames.sorted(by: utf8Precedes)
        // A path that is a file and also the folder of another: the first such file in path
        // order, as the folders are sorted the same way.
        if let clash = self.directories.first(where: { index[Array($0.utf8)] != nil }) {
            let child = sorted.first { $0.path.utf8.starts(with: Array((clash + "/").utf8)) }
            throw .invalidFile(path: clash, rule: Self.fileAndFolderRule(child: child?.path ?? ""))
        }
        self.files = sorted
        self.fileIndex = index
        self.directorySet = directories
        self.keep = keepEntries
    }

    /// The rule broken by a file path that is also the folder of the file `child`.
    static func fileAndFolderRule(child: String) -> String {
        "it is a file and also the folder of '\(child)'"
    }

    /// The components of a valid relative file path, or the rule it breaks (`keep`: the
    /// keep-list's entries split at `/`; a dot-file is allowed only below one of them).
    static func validatedComponents(of path: String, keep: [[Substring]]) throws(PublishError) -> [Substring] {
        if path.isEmpty { throw .invalidFile(path: path, rule: "the path is empty") }
        if path.utf8.contains(0) { throw .invalidFile(path: path, rule: "the path contains a NUL byte") }
        if path.utf8.first == UInt8(ascii: "/") { throw .invalidFile(path: path, rule: "the path is absolute") }
        let components = Self.components(of: path)
        let underKeptEntry = keep.contains { components.starts(with: $0) }
        for component in components {
            if let rule = componentRule(component) { throw .invalidFile(path: path, rule: rule) }
            if component.utf8.first == UInt8(ascii: "."), !underKeptEntry {
                throw .invalidFile(path: path, rule: "'\(component)' is a dot-file outside the keep-list")
            }
        }
        return components
    }

    /// Throws what ``validatedComponents(of:keep:)`` throws for `path`. One pass over its bytes
    /// settles nearly every path: not empty, not absolute, no NUL, and every component 1–255
    /// bytes that do not start with a dot (so neither `.` nor `..` nor a dot-file) breaks no
    /// rule; any other path goes through `validatedComponents`, which finds the rule it breaks
    /// or lets a dot-file below a kept entry pass. Splitting each page's path into components
    /// cost 4,400 instructions a path, 10 M for a rebuild of the 10-year demo, on one core
    /// before its pages are patched (callgrind).
    static func validate(_ path: String, keep: [[Substring]]) throws(PublishError) {
        let plain = path.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let first = bytes.first, first != UInt8(ascii: "/") else { return false }
            var start = 0
            for index in 0...bytes.count {
                if index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                    let length = index - start
                    if length == 0 || length > maximumComponentBytes || bytes[start] == UInt8(ascii: ".") { return false }
                    start = index + 1
                } else if bytes[index] == 0 {
                    return false
                }
            }
            return true
        }
        if plain == true { return }
        _ = try validatedComponents(of: path, keep: keep)
    }

    /// `path` split at every `/` byte, empty components kept: as the file system reads it. (Split
    /// by Characters, a `/` followed by a combining mark was no separator and a `.` with one no
    /// dot-file; it also cost 13,000 instructions a path, twice per page of a build.)
    static func components(of path: String) -> [Substring] {
        let utf8 = path.utf8
        var components: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                components.append(Substring(utf8[start..<index]))
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        components.append(Substring(utf8[start..<index]))
        return components
    }

    /// The rule a path component breaks, if any.
    private static func componentRule(_ component: Substring) -> String? {
        if component.isEmpty { return "empty path component (leading, trailing or doubled '/')" }
        if component == "." || component == ".." { return "'\(component)' component" }
        if component.utf8.count > maximumComponentBytes { return "a component is longer than 255 bytes" }
        return nil
    }

    /// The keep-list checked (relative, no `..`, not the marker) and reduced to its first
    /// occurrences without entries that lie inside another entry.
    private static func validatedKeep(_ keep: [String]) throws(PublishError) -> [String] {
        var result: [String] = []
        for entry in keep {
            if entry.isEmpty || entry.utf8.first == UInt8(ascii: "/") {
                throw .invalidKeepEntry(entry: entry, rule: "must be a relative path")
            }
            if entry.utf8.contains(0) { throw .invalidKeepEntry(entry: entry, rule: "contains a NUL byte") }
            let components = Self.components(of: entry)
            if let rule = components.lazy.compactMap(componentRule).first {
                throw .invalidKeepEntry(entry: entry, rule: rule)
            }
            if components[0] == markerName { throw .invalidKeepEntry(entry: entry, rule: "the marker is never kept") }
            result.append(entry)
        }
        return result.enumerated().filter { position, entry in
            !result.enumerated().contains { other, candidate in
                let nested = entry.utf8.starts(with: Array((candidate + "/").utf8))
                let repeated = other < position && Array(candidate.utf8) == Array(entry.utf8)
                return nested || repeated
            }
        }.map(\.element)
    }
}
