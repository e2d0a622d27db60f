import Foundation
import Synchronization
import Testing
import WktCore
@testable import WktIO

#if canImport(Glibc)
import Glibc
#endif

/// docs/reliability.md A-14: a failed build changes nothing, `site.prev/` included. The publisher
/// takes the previous build over as its temporary folder and patches it in place; when the
/// publish fails (disk full, I/O error, an interrupt) it must put every byte, mode, file and
/// folder of `site.prev/` back.
@Suite("SitePublisher: a failed publish puts site.prev back (A-14)")
struct PreviousBuildUndoTests {
    /// One entry of a tree as Foundation sees it (not through the code under test).
    struct Entry: Equatable, CustomStringConvertible {
        let kind: String
        let mode: Int
        let bytes: Data
        var description: String { "\(kind) \(String(mode, radix: 8)) \(bytes.count) bytes" }
    }

    /// Every entry under `root` with kind, permission bits and content (link target for links).
    static func snapshot(_ root: String) throws -> [String: Entry] {
        var result: [String: Entry] = [:]
        let fm = FileManager.default
        guard let enumerator = fm.enumerator(atPath: root) else { return result }
        while let item = enumerator.nextObject() as? String {
            let path = root + "/" + item
            let attributes = try fm.attributesOfItem(atPath: path)
            let type = attributes[.type] as? FileAttributeType
            let mode = attributes[.posixPermissions] as? Int ?? -1
            switch type {
            case .typeDirectory?: result[item] = Entry(kind: "dir", mode: mode, bytes: Data())
            case .typeSymbolicLink?:
                result[item] = Entry(kind: "link", mode: 0, bytes: Data(try fm.destinationOfSymbolicLink(atPath: path).utf8))
            default: result[item] = Entry(kind: "file", mode: mode, bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
        let rootMode = (try fm.attributesOfItem(atPath: root)[.posixPermissions] as? Int) ?? -1
        result["."] = Entry(kind: "dir", mode: rootMode, bytes: Data())
        return result
    }

    /// A page of `count` bytes from a seeded generator, so patches span several 4 KiB blocks.
    static func page(_ count: Int, seed: UInt8) -> String {
        String((0..<count).map { Character(UnicodeScalar(UInt8(97 + (Int(seed) &+ $0 &* 7) % 26))) })
    }

    /// A page of three 4 KiB blocks with `title` near its top, as a site title sits in every page.
    static func titled(_ title: String) -> String {
        page(300, seed: 5) + "<title>\(title)</title>" + page(12000, seed: 6)
    }

    /// The previous build: everything the publisher handles differently when it reuses a tree.
    static let previous = site([
        ("index.html", page(9000, seed: 1)),            // changes in one block: patched
        ("long.html", page(20000, seed: 2)),            // shrinks: patched and truncated
        ("short.html", page(100, seed: 3)),             // grows: patched and extended
        ("titled.html", titled("Lifts")),               // grows in the middle: patched, recorded as pieces
        ("feed.xml", "<feed/>"),                        // same bytes, mode 0600: chmod only
        ("linked.html", "hard-linked elsewhere"),       // changes, has a second link: replaced
        ("weeks", "a file where the new build needs a folder"),
        ("exercises/bench/index.html", "bench"),        // stale folder: moved aside
        ("exercises/squat/index.html", "squat"),        // unchanged
    ])

    /// The build that fails.
    static let next = site([
        ("index.html", String(page(9000, seed: 1).prefix(5000)) + "X" + String(page(9000, seed: 1).dropFirst(5001))),
        ("long.html", page(5000, seed: 2)),
        ("short.html", page(100, seed: 3) + page(9000, seed: 4)),
        ("titled.html", titled("A longer site title")),
        ("feed.xml", "<feed/>"),
        ("linked.html", "new content"),
        ("weeks/2024/index.html", "weeks"),
        ("exercises/squat/index.html", "squat"),
        ("exercises/deadlift/index.html", "deadlift"),
    ])

    /// Builds `site/` and a `site.prev/` holding `previous` with odd modes, an older marker,
    /// a hard link and a stray symbolic link.
    static func prepare(_ scratch: Scratch) throws {
        let output = scratch.at("site")
        _ = try publisher().publish(files: previous, to: output)
        _ = try publisher().publish(files: site([("index.html", "current")]), to: output)
        try scratch.write("site/CNAME", "lifts.example.org")
        #expect(chmod(scratch.at("site.prev/feed.xml"), 0o600) == 0)
        #expect(chmod(scratch.at("site.prev/exercises"), 0o700) == 0)
        #expect(chmod(scratch.at("site.prev"), 0o750) == 0)
        try scratch.write("site.prev/.wkt-site", "an older marker\n")
        try FileManager.default.linkItem(atPath: scratch.at("site.prev/linked.html"), toPath: scratch.at("archive.html"))
        try scratch.link("site.prev/stray", to: "/etc/hostname")
    }

    @available(macOS 15, *)
    @Test("A-14: the Nth call fails once, for every N until a publish succeeds: site.prev/ is restored exactly")
    func everyFailurePointRestoresPrevious() throws {
        var succeeded = false
        var failures = 0
        for failAt in 1...300 where !succeeded {
            let scratch = try Scratch("a14")
            defer { scratch.remove() }
            try Self.prepare(scratch)
            let siteBefore = try TreeHash.listing(of: scratch.at("site"))
            let previousBefore = try Self.snapshot(scratch.at("site.prev"))
            let plan = FaultPlan(failAt: failAt, persistent: false)
            do {
                _ = try publisher(plan.fileSystem).publish(files: Self.next, to: scratch.at("site"))
                succeeded = !plan.hasFired
                #expect(scratch.read("site/index.html") == Self.next[0].text)
                // A fault after the commit (renaming the old site to site.prev) only warns.
                if succeeded { #expect(scratch.read("site.prev/index.html") == "current") }
            } catch {
                failures += 1
                #expect(error.exitCode == 74, "N=\(failAt): \(error)")
                #expect(try TreeHash.listing(of: scratch.at("site")) == siteBefore, "N=\(failAt)")
                let previousAfter = try Self.snapshot(scratch.at("site.prev"))
                for key in Set(previousBefore.keys).union(previousAfter.keys).sorted()
                where previousBefore[key] != previousAfter[key] {
                    Issue.record("N=\(failAt) (\(error)): site.prev/\(key) was \(previousBefore[key].map(String.init(describing:)) ?? "absent"), now \(previousAfter[key].map(String.init(describing:)) ?? "absent")")
                }
                #expect(scratch.read("archive.html") == "hard-linked elsewhere")
            }
            #expect(scratch.siblings(startingWith: "site.tmp-") == [], "N=\(failAt)")
        }
        #expect(succeeded)
        #expect(failures > 15, "the loop reached the patches, moves and writes (\(failures) failure points)")
    }

    @Test("A-14: a stop request (SIGINT/SIGTERM) after the patches also restores site.prev/")
    func interruptRestoresPrevious() throws {
        let scratch = try Scratch("a14-stop")
        defer { scratch.remove() }
        try Self.prepare(scratch)
        let previousBefore = try Self.snapshot(scratch.at("site.prev"))
        let polls = Mutex(0)
        #expect(throws: PublishError.interrupted(leftover: nil)) {
            try publisher().publish(files: Self.next, to: scratch.at("site"), shouldStop: {
                polls.withLock { count in
                    count += 1
                    return count > 4
                }
            })
        }
        #expect(try Self.snapshot(scratch.at("site.prev")) == previousBefore)
        #expect(scratch.siblings(startingWith: "site.") == ["site.prev"])
    }
}

private extension OutputFile {
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// The undo record keeps only the bytes a patch overwrote; writing them back must give the old
/// file exactly, for any pair of files (seeded random edits, equal and different sizes).
@Suite("ReuseUndo: differing spans")
struct DifferingSpansTests {
    @Test("A-14: old = new with the recorded spans of old written back, truncated to old's size")
    func roundTrip() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(max(bound, 1)))
        }
        var smallest = Int.max
        for round in 0..<400 {
            let size = next(20_000)
            let old = (0..<size).map { _ in UInt8(next(4) + 97) }
            var new = old
            for _ in 0..<next(5) where !new.isEmpty { new[next(new.count)] = UInt8(next(26) + 97) }
            switch round % 4 {
            case 1: new += (0..<next(6000)).map { _ in UInt8(next(4) + 97) }
            case 2: new.removeLast(min(new.count, next(6000)))
            case 3 where !new.isEmpty: new.insert(0x21, at: next(new.count))
            default: break
            }
            let spans = ReuseUndo.differingSpans(old: old, new: new)
            var rebuilt = Array(new.prefix(old.count))
            rebuilt += [UInt8](repeating: 0, count: old.count - rebuilt.count)
            for span in spans { rebuilt.replaceSubrange(span, with: old[span]) }
            #expect(rebuilt == old, "round \(round): sizes \(old.count) → \(new.count)")
            if old.count == new.count, old != new { smallest = min(smallest, spans.reduce(0) { $0 + $1.count }) }
            // Each span is narrowed: it starts and ends with a byte that differs (or, after a
            // change of size, runs to the end of old).
            for span in spans where !span.isEmpty {
                let common = min(old.count, new.count)
                #expect(span.lowerBound >= common || old[span.lowerBound] != new[span.lowerBound], "round \(round): \(span)")
                #expect(span.upperBound == old.count && old.count != new.count
                            || old[span.upperBound - 1] != new[span.upperBound - 1], "round \(round): \(span)")
            }
        }
        // A one-byte change of an equal-size file keeps one byte, not a 4 KiB block.
        #expect(smallest == 1)
    }
}

/// A patch that changed a file's size and was written completely is recorded as old made of
/// pieces of the new file and old's own bytes between them; undoing it from the new file must
/// give the old file exactly.
@Suite("ReuseUndo: records rebuilt from the written file")
struct RebuiltRecordTests {
    /// A seeded generator of bytes that do not repeat in any short period, as a page's text.
    struct Bytes {
        var seed: UInt64
        mutating func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(max(bound, 1)))
        }
        mutating func text(_ count: Int, letters: Int = 26) -> [UInt8] { (0..<count).map { _ in UInt8(next(letters) + 97) } }
    }

    @Test("A-14: old is rebuilt exactly from the written file, for random edits of every shape and size")
    func roundTrip() {
        var random = Bytes(seed: 0x2545_F491_4F6C_DD1D)
        var rebuilt = 0
        for round in 0..<800 {
            // A small alphabet in some rounds, so short runs repeat and resuming can go wrong.
            let letters = round % 3 == 0 ? 3 : 26
            let old = random.text(random.next(round % 10 == 0 ? 40 : 20_000), letters: letters)
            var new = old
            // One to four edits that insert, delete or replace a run anywhere, some longer than
            // the walk looks ahead.
            for _ in 0...random.next(4) {
                let at = random.next(new.count + 1)
                let longest = round % 5 == 0 ? 400 : 40
                let removed = min(random.next(longest), new.count - at)
                new.replaceSubrange(at..<(at + removed), with: random.text(random.next(longest), letters: letters))
            }
            var log = ReuseUndo.PatchLog()
            log.record(path: "p", old: old, new: new, permissions: 0o600, written: true)
            let patch = log.patches[0]
            #expect(ReuseUndo.oldBytes(of: patch, current: new, store: log.store) == old, "round \(round): \(old.count) → \(new.count)")
            guard old.count != new.count else {
                #expect(patch.rebuild == nil)
                continue
            }
            rebuilt += 1
            #expect(log.store.count <= old.count)
            // Undoing writes old from its first differing byte on.
            let first = zip(old, new).prefix { $0 == $1 }.count
            #expect(patch.ranges == [first..<old.count], "round \(round)")
            // A file of another size than the patch left is refused, not guessed at.
            #expect(ReuseUndo.oldBytes(of: patch, current: new + [0x21], store: log.store) == nil)
        }
        #expect(rebuilt > 500)
    }

    /// The walk of ``ReuseUndo/pieces(old:new:keeping:)`` stated plainly, a byte at a time: the
    /// reference its word-at-a-time comparisons must agree with.
    static func plainPieces(old: [UInt8], new: [UInt8], keeping kept: inout [UInt8]) -> [ReuseUndo.Rebuild.Piece] {
        var pieces: [ReuseUndo.Rebuild.Piece] = []
        let (reach, window) = (ReuseUndo.reach, ReuseUndo.window)
        var (i, j) = (0, 0)
        while i < old.count {
            var run = 0
            while i + run < old.count, j + run < new.count, old[i + run] == new[j + run] { run += 1 }
            if run > 0 {
                pieces.append(.current(j..<(j + run)))
                (i, j) = (i + run, j + run)
            }
            guard i < old.count else { break }
            var found: (a: Int, b: Int)?
            search: for total in 1...(2 * reach) {
                for a in max(0, total - reach)...min(total, reach) {
                    let b = total - a
                    guard i + a <= old.count, j + b <= new.count else { continue }
                    let count = min(window, old.count - i - a, new.count - j - b)
                    guard count == window || (count > 0 && i + a + count == old.count && j + b + count == new.count) else { continue }
                    if old[(i + a)..<(i + a + count)].elementsEqual(new[(j + b)..<(j + b + count)]) {
                        found = (a, b)
                        break search
                    }
                }
            }
            guard let (a, b) = found else {
                var end = 0
                while end < min(old.count - i, new.count - j), old[old.count - end - 1] == new[new.count - end - 1] { end += 1 }
                kept += old[i..<(old.count - end)]
                pieces.append(.recorded(old.count - end - i))
                if end > 0 { pieces.append(.current((new.count - end)..<new.count)) }
                break
            }
            if a > 0 {
                kept += old[i..<(i + a)]
                pieces.append(.recorded(a))
            }
            (i, j) = (i + a, j + b)
        }
        return pieces
    }

    @Test("A-14: the walk compares a word at a time but finds exactly the pieces a byte-at-a-time walk finds")
    func piecesMatchThePlainWalk() {
        var random = Bytes(seed: 0x9E37_79B9_7F4A_7C15)
        // Table rows repeat, so a window of a page often recurs within reach: text made of a few
        // such tokens, where the nearest of several equal windows must win.
        let tokens = ["<tr>\n", "<td align=\"right\">", "</td>\n", "12.5", "kg", "</tr>\n"].map { Array($0.utf8) }
        func text(_ round: Int, _ count: Int, letters: Int) -> [UInt8] {
            guard round % 4 == 3 else { return random.text(count, letters: letters) }
            var bytes: [UInt8] = []
            while bytes.count < count { bytes += tokens[random.next(tokens.count)] }
            return Array(bytes.prefix(count))
        }
        for round in 0..<600 {
            let letters = round % 4 == 0 ? 2 : (round % 4 == 1 ? 5 : 26)
            let old = text(round, random.next(round % 8 == 0 ? 30 : 3_000), letters: letters)
            var new = old
            for _ in 0...random.next(6) {
                let at = random.next(new.count + 1)
                let longest = round % 3 == 0 ? 150 : 20
                let removed = min(random.next(longest), new.count - at)
                new.replaceSubrange(at..<(at + removed), with: text(round, random.next(longest), letters: letters))
            }
            var kept: [UInt8] = []
            var plainKept: [UInt8] = []
            let pieces = ReuseUndo.pieces(old: old, new: new, keeping: &kept)
            #expect(pieces == Self.plainPieces(old: old, new: new, keeping: &plainKept), "round \(round)")
            #expect(kept == plainKept, "round \(round)")
        }
    }

    @Test("A-14: a page with a new build ID, a longer title and a new footer is recorded by those bytes only")
    func pageChanges() {
        var random = Bytes(seed: 7)
        func page(buildID: String, title: String, footer: String, body: [UInt8]) -> [UInt8] {
            Array("<meta name=\"wkt-build\" content=\"\(buildID)\">\n<title>Pull Day · \(title)</title>\n".utf8) + body
                + Array("<footer>Built by wkt-site from \(footer) workouts</footer>\n</body></html>\n".utf8)
        }
        let body = random.text(11_000)
        let old = page(buildID: "f10294a2a67569ed", title: "Lifts", footer: "2,118", body: body)
        let new = page(buildID: "715bc9ac8ce58218", title: "A longer site title", footer: "2,119", body: body)
        var log = ReuseUndo.PatchLog()
        log.record(path: "p", old: old, new: new, permissions: 0o644, written: true)
        #expect(ReuseUndo.oldBytes(of: log.patches[0], current: new, store: log.store) == old)
        // The differing hex digits, "Lifts" and the footer's last digit, give or take a few.
        #expect(log.store.count <= 24, "\(log.store.count) bytes kept")
        // Where the patch may have stopped part way, all of old after the first difference.
        var partial = ReuseUndo.PatchLog()
        partial.record(path: "p", old: old, new: new, permissions: 0o644, written: false)
        #expect(partial.store.count > 11_000)
    }

    @Test("A-14: a patch that may have stopped part way keeps all of old after the first difference")
    func partialPatchKeepsTheTail() {
        // Text whose bytes differ from their neighbours', so that content moved by one byte
        // differs at every offset, as a page's does.
        let (head, tail) = (PreviousBuildUndoTests.page(5000, seed: 7), PreviousBuildUndoTests.page(9000, seed: 8))
        let old = Array((head + "<title>Lifts</title>" + tail).utf8)
        let new = Array((head + "<title>Longer</title>" + tail).utf8)
        var partial = ReuseUndo.PatchLog()
        partial.record(path: "p", old: old, new: new, permissions: 0o644, written: false)
        #expect(partial.patches[0].rebuild == nil)
        #expect(partial.store.count == old.count - 5008)
        // A file holding the start of the patch only, as a failed write leaves it.
        let halfWritten = Array(new.prefix(8192)) + Array(old.dropFirst(8192))
        #expect(ReuseUndo.oldBytes(of: partial.patches[0], current: halfWritten, store: partial.store) == old)
        var complete = ReuseUndo.PatchLog()
        complete.record(path: "p", old: old, new: new, permissions: 0o644, written: true)
        #expect(complete.store == Array("ifts".utf8))
        #expect(ReuseUndo.oldBytes(of: complete.patches[0], current: new, store: complete.store) == old)
    }
}
