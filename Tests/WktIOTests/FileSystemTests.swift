import Synchronization
import Foundation
import Testing
import WktCore
import WktIO

#if canImport(Glibc)
import Glibc
#endif

@Suite("FileSystem.disk and TreeHash")
struct FileSystemTests {
    /// The implementation under test.
    let disk = FileSystem.disk

    @Test("TreeHash lists files with their SHA-256 and links with their targets, in byte order")
    func treeHash() throws {
        let scratch = try Scratch("treehash")
        defer { scratch.remove() }
        try scratch.write("b.txt", "hello\n")
        try scratch.write("a/c.txt", "abc")
        try scratch.write("a-b.txt", "x")
        try scratch.makeFolder("empty")
        try scratch.link("l", to: "b.txt")
        // Digests from python3's hashlib; '-' (0x2d) sorts before '/' (0x2f).
        #expect(try TreeHash.listing(of: scratch.path) == """
        a-b.txt  2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881
        a/c.txt  ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
        b.txt  5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03
        l  -> b.txt

        """)
    }

    @Test("removeTree unlinks a link to a folder elsewhere and leaves the target alone (F-13)")
    func removeTreeKeepsLinkTargets() throws {
        let scratch = try Scratch("rmtree")
        defer { scratch.remove() }
        try scratch.write("outside/keep.txt", "safe")
        try scratch.write("tree/deep/file.txt", "x")
        try scratch.link("tree/deep/out", to: scratch.at("outside"))
        try scratch.link("tree/rel", to: "../outside/keep.txt")
        try scratch.write("tree/locked/inner.txt", "y")
        #expect(chmod(scratch.at("tree/locked"), 0o500) == 0)
        try disk.removeTree(scratch.at("tree"))
        #expect(!scratch.exists("tree"))
        #expect(scratch.read("outside/keep.txt") == "safe")
        try disk.removeTree(scratch.at("missing"))
        try scratch.link("dangling", to: scratch.at("nowhere"))
        try disk.removeTree(scratch.at("dangling"))
        #expect(!scratch.exists("dangling"))
    }

    @Test("writeFile sets the exact mode, replaces content, and refuses to follow a link")
    func writeFile() throws {
        let scratch = try Scratch("write")
        defer { scratch.remove() }
        try disk.writeFile(scratch.at("a.txt"), Array("long content".utf8), 0o640)
        try disk.writeFile(scratch.at("a.txt"), Array("short".utf8), 0o644)
        #expect(scratch.read("a.txt") == "short")
        #expect(try scratch.permissions("a.txt") == 0o644)
        try scratch.write("target.txt", "original")
        try scratch.link("link.txt", to: scratch.at("target.txt"))
        #expect(throws: FileSystemError.self) { try disk.writeFile(scratch.at("link.txt"), [1], 0o644) }
        #expect(scratch.read("target.txt") == "original")
        #expect(throws: FileSystemError.self) { try disk.readFile(scratch.at("link.txt")) }
    }

    @Test("readFile gives every byte of a file of any size, and of one longer than fstat said")
    func readFileWhole() throws {
        let scratch = try Scratch("read-whole")
        defer { scratch.remove() }
        var seed: UInt64 = 7
        for size in [0, 1, 4095, 4096, 65_536, 65_537, 1_000_003] {
            let bytes = (0..<size).map { _ -> UInt8 in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1
                return UInt8(truncatingIfNeeded: seed >> 56)
            }
            let path = scratch.at("f\(size)")
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(try disk.readFile(path) == bytes, "size \(size)")
        }
        // /proc files report size 0 and hold more: what a file that grew after fstat looks like.
        let cpuinfo = "/proc/cpuinfo"
        if let expected = FileManager.default.contents(atPath: cpuinfo), expected.count > 1 {
            #expect(try disk.readFile(cpuinfo) == Array(expected))
        }
    }

    @Test("writeFile gives the exact bits: a new file under umask 077, an old file of another mode")
    func writeFileMode() throws {
        let scratch = try Scratch("write-mode")
        defer { scratch.remove() }
        let previous = umask(0o077)
        try disk.writeFile(scratch.at("new.txt"), Array("new".utf8), 0o644)
        umask(previous)
        #expect(try scratch.permissions("new.txt") == 0o644)
        try scratch.write("old.txt", "old")
        #expect(chmod(scratch.at("old.txt"), 0o600) == 0)
        try disk.writeFile(scratch.at("old.txt"), Array("replaced".utf8), 0o644)
        #expect(try scratch.permissions("old.txt") == 0o644)
        #expect(scratch.read("old.txt") == "replaced")
        // Already right: written, mode untouched.
        try disk.writeFile(scratch.at("old.txt"), Array("again".utf8), 0o644)
        #expect(try scratch.permissions("old.txt") == 0o644)
        #expect(scratch.read("old.txt") == "again")
    }

    @Test("patchFile writes only the given ranges, sets the mode and the size")
    func patchFileRanges() throws {
        let scratch = try Scratch("patch")
        defer { scratch.remove() }
        let path = scratch.at("a.txt")
        try scratch.write("a.txt", "0123456789")
        #expect(chmod(path, 0o600) == 0)
        // The new bytes differ everywhere, but only 2..<4 and 7..<9 may land on disk.
        try disk.patchFile(path, Array("abcdefghij".utf8), [2..<4, 7..<9], 0o644)
        #expect(scratch.read("a.txt") == "01cd456hi9")
        #expect(try scratch.permissions("a.txt") == 0o644)
        // Longer: the range past the old end extends the file.
        try disk.patchFile(path, Array("01cd456hi9XYZ".utf8), [10..<13], 0o644)
        #expect(scratch.read("a.txt") == "01cd456hi9XYZ")
        // Shorter: truncated to the new size, even with no range at all.
        try disk.patchFile(path, Array("01cd4".utf8), [], 0o640)
        #expect(scratch.read("a.txt") == "01cd4")
        #expect(try scratch.permissions("a.txt") == 0o640)
        try disk.patchFile(path, [], [], 0o640)
        #expect(scratch.read("a.txt") == "")
        // Longer with a gap left unwritten: the gap reads as zeros (ftruncate extends).
        try disk.patchFile(path, Array("xyz".utf8), [2..<3], 0o640)
        #expect(FileManager.default.contents(atPath: path) == Data([0, 0, UInt8(ascii: "z")]))
    }

    @Test("patchFile never creates a file, follows a link, or writes a FIFO or folder; bad ranges fail first")
    func patchFileRefusals() throws {
        let scratch = try Scratch("patch-refuse")
        defer { scratch.remove() }
        #expect(throws: FileSystemError(operation: "open", path: scratch.at("missing"), code: ENOENT)) {
            try disk.patchFile(scratch.at("missing"), [1], [0..<1], 0o644)
        }
        #expect(!scratch.exists("missing"))
        try scratch.write("target.txt", "original")
        try scratch.link("link.txt", to: scratch.at("target.txt"))
        #expect(throws: FileSystemError(operation: "open", path: scratch.at("link.txt"), code: ELOOP)) {
            try disk.patchFile(scratch.at("link.txt"), [1], [0..<1], 0o644)
        }
        #expect(scratch.read("target.txt") == "original")
        try scratch.makeFolder("folder")
        #expect(throws: FileSystemError(operation: "open", path: scratch.at("folder"), code: EISDIR)) {
            try disk.patchFile(scratch.at("folder"), [1], [0..<1], 0o644)
        }
        // No reader: O_NONBLOCK makes the open fail instead of hanging the test.
        #expect(mkfifo(scratch.at("fifo"), 0o644) == 0)
        #expect(throws: FileSystemError(operation: "open", path: scratch.at("fifo"), code: ENXIO)) {
            try disk.patchFile(scratch.at("fifo"), [1], [0..<1], 0o644)
        }
        // With a reader the FIFO opens, and fstat refuses it.
        let reader = open(scratch.at("fifo"), O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        #expect(throws: FileSystemError(operation: "open", path: scratch.at("fifo"), code: EINVAL)) {
            try disk.patchFile(scratch.at("fifo"), [1], [0..<1], 0o644)
        }
        for range in [0..<4, 3..<5] {
            #expect(throws: FileSystemError(operation: "pwrite", path: scratch.at("target.txt"), code: EINVAL)) {
                try disk.patchFile(scratch.at("target.txt"), Array("abc".utf8), [range], 0o600)
            }
        }
        #expect(scratch.read("target.txt") == "original")
        #expect(try scratch.permissions("target.txt") != 0o600)
    }

    @Test("updateFile reads through the descriptor it writes with; nil leaves the file exactly as it was")
    func updateFileRanges() throws {
        let scratch = try Scratch("update")
        defer { scratch.remove() }
        let path = scratch.at("a.txt")
        try scratch.write("a.txt", "0123456789")
        #expect(chmod(path, 0o600) == 0)
        var seen: [UInt8] = []
        // nil: nothing written, not even the mode.
        try disk.updateFile(path, Array("abcdefghij".utf8), 0o644) { old in
            seen = old
            return nil
        }
        #expect(seen == Array("0123456789".utf8))
        #expect(scratch.read("a.txt") == "0123456789")
        #expect(try scratch.permissions("a.txt") == 0o600)
        // Ranges: only they land, the mode is set (as patchFile does).
        try disk.updateFile(path, Array("abcdefghij".utf8), 0o644) { _ in [2..<4, 7..<9] }
        #expect(scratch.read("a.txt") == "01cd456hi9")
        #expect(try scratch.permissions("a.txt") == 0o644)
        // Longer and shorter: the size follows the new bytes.
        try disk.updateFile(path, Array("01cd456hi9XYZ".utf8), 0o644) { old in
            #expect(old == Array("01cd456hi9".utf8))
            return [10..<13]
        }
        #expect(scratch.read("a.txt") == "01cd456hi9XYZ")
        try disk.updateFile(path, Array("01cd4".utf8), 0o644) { _ in [] }
        #expect(scratch.read("a.txt") == "01cd4")
        // A range outside the new bytes fails before any write.
        #expect(throws: FileSystemError(operation: "pwrite", path: path, code: EINVAL)) {
            try disk.updateFile(path, Array("abc".utf8), 0o600) { _ in [3..<5] }
        }
        #expect(scratch.read("a.txt") == "01cd4")
        #expect(try scratch.permissions("a.txt") == 0o644)
    }

    @Test("updateFile never creates a file, follows a link, or reads a FIFO or folder; ranges is never asked")
    func updateFileRefusals() throws {
        let scratch = try Scratch("update-refuse")
        defer { scratch.remove() }
        func refuse(_ name: String, _ code: Int32) {
            var asked = false
            #expect(throws: FileSystemError(operation: "open", path: scratch.at(name), code: code)) {
                try disk.updateFile(scratch.at(name), [1], 0o644) { _ in
                    asked = true
                    return [0..<1]
                }
            }
            #expect(!asked, "\(name)")
        }
        refuse("missing", ENOENT)
        #expect(!scratch.exists("missing"))
        try scratch.write("target.txt", "original")
        try scratch.link("link.txt", to: scratch.at("target.txt"))
        refuse("link.txt", ELOOP)
        #expect(scratch.read("target.txt") == "original")
        try scratch.makeFolder("folder")
        refuse("folder", EISDIR)
        // A FIFO opens for reading and writing without a peer; fstat refuses it before any read.
        #expect(mkfifo(scratch.at("fifo"), 0o644) == 0)
        refuse("fifo", EINVAL)
    }

    @Test("A-15: readFile refuses a FIFO at once instead of waiting for a writer")
    func readFileFIFO() throws {
        let scratch = try Scratch("read-fifo")
        defer { scratch.remove() }
        #expect(mkfifo(scratch.at("fifo"), 0o644) == 0)
        #expect(throws: FileSystemError(operation: "open", path: scratch.at("fifo"), code: EINVAL)) {
            try disk.readFile(scratch.at("fifo"))
        }
        try scratch.makeFolder("folder")
        #expect(throws: FileSystemError.self) { try disk.readFile(scratch.at("folder")) }
        try scratch.write("a.txt", "text")
        #expect(try disk.readFile(scratch.at("a.txt")) == Array("text".utf8))
    }

    @Test("the default updateFile of a test double is its readFile then its patchFile")
    func updateFileDefault() throws {
        let scratch = try Scratch("update-default")
        defer { scratch.remove() }
        try scratch.write("a.txt", "0123")
        let calls = Mutex<[String]>([])
        let double = disk.replacing(
            patchFile: { (path: String, bytes: [UInt8], ranges: [Range<Int>], permissions: UInt32) throws(FileSystemError) in
                calls.withLock { $0.append("patch \(ranges)") }
                try disk.patchFile(path, bytes, ranges, permissions)
            },
            readFile: { (path: String) throws(FileSystemError) -> [UInt8] in
                calls.withLock { $0.append("read") }
                return try disk.readFile(path)
            })
        try double.updateFile(scratch.at("a.txt"), Array("01xy".utf8), 0o644) { _ in nil }
        try double.updateFile(scratch.at("a.txt"), Array("01xy".utf8), 0o644) { _ in [2..<4] }
        #expect(calls.withLock { $0 } == ["read", "read", "patch [Range(2..<4)]"])
        #expect(scratch.read("a.txt") == "01xy")
    }

    @Test("info, exists, isDirectory and isSymlink never follow a link")
    func info() throws {
        let scratch = try Scratch("info")
        defer { scratch.remove() }
        try scratch.write("f", "12345")
        try scratch.link("l", to: scratch.at("."))
        try FileManager.default.linkItem(atPath: scratch.at("f"), toPath: scratch.at("g"))
        let permissions = UInt32(try scratch.permissions("f"))
        #expect(try disk.info(scratch.at("f")) == FileInfo(kind: .file, permissions: permissions, size: 5, links: 2))
        #expect(try disk.isSymlink(scratch.at("l")))
        #expect(try !disk.isDirectory(scratch.at("l")))
        #expect(try disk.isDirectory(scratch.path))
        #expect(try !disk.exists(scratch.at("none")))
        #expect(try disk.info(scratch.at("none")) == nil)
    }

    @Test("listDirectory sorts names by UTF-8 bytes; makeDirectory and errors name the path")
    func listAndErrors() throws {
        let scratch = try Scratch("list")
        defer { scratch.remove() }
        for name in ["b", "a-b", "a", "Z", "é"] { try scratch.write(name, "") }
        #expect(try disk.listDirectory(scratch.path) == ["Z", "a", "a-b", "b", "é"])
        // Many names of ASCII and multi-byte characters, prefixes of each other among them: the
        // raw names are sorted before they are decoded, in the order of their UTF-8.
        let many = try Scratch("list-many")
        defer { many.remove() }
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", "Z", "0", "-", ".", "_", "é", "ä", "z", "€", "𝟘", "ß", "~"]
        var names: Set<String> = []
        while names.count < 300 {
            let length = Int.random(in: 1...6, using: &generator)
            let name = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            guard name != ".", name != ".." else { continue }
            names.insert(name)
        }
        for name in names { try many.write(name, "") }
        let listed = try disk.listDirectory(many.path)
        #expect(listed == names.sorted(by: ByteOrder.precedes))
        #expect(Set(listed) == names)
        try disk.makeDirectory(scratch.at("d"), 0o750)
        #expect(try scratch.permissions("d") == 0o750)
        #expect(throws: FileSystemError(operation: "mkdir", path: scratch.at("d"), code: EEXIST)) {
            try disk.makeDirectory(scratch.at("d"), 0o755)
        }
        let error = FileSystemError(operation: "rename", path: "a -> b", code: ENOENT)
        #expect(error.description == "rename a -> b: No such file or directory (errno 2)")
    }

    @Test("renameExchange swaps two folders")
    func exchange() throws {
        let scratch = try Scratch("exchange")
        defer { scratch.remove() }
        try scratch.write("one/x", "1")
        try scratch.write("two/y", "2")
        try disk.renameExchange(scratch.at("one"), scratch.at("two"))
        #expect(scratch.read("one/y") == "2")
        #expect(scratch.read("two/x") == "1")
    }
}
