import Dispatch
import Foundation
import Synchronization
import Testing
import WktCore
import WktTestSupport
@testable import WktSite

/// The parts of page reuse: the digests cover every field, the manifest round-trips and rejects
/// what it cannot trust, the content hash sees every byte, and splicing checks its slots.
@Suite("Page reuse parts")
struct PageReusePartsTests {
    @Test("the page-key digests cover every stored property of the types they encode")
    func digestsCoverEveryField() throws {
        let day = try #require(CivilDate(year: 2026, month: 1, day: 5))
        let time = try #require(WallTime.parse("2026-01-05 07:00:00"))
        let set = WorkoutSet(weightKg: 100, reps: 5)
        let block = ExerciseBlock(name: "Squat", sets: [set])
        let workout = Workout(source: .wkt, sourceKey: "k", start: time, name: "Legs", exercises: [block])
        let event = PREvent(
            day: day, workoutID: 1, workoutName: "Legs", workoutStart: time, exercise: "Squat", metric: .heaviest,
            valueKg: 100, previousKg: 90, formula: .epley)
        let samples: [Any] = [
            WorkoutInfo(id: 1, name: "Legs", start: time, trainingDay: day, weekStart: day, workingSets: 1, reps: 5, volumeKg: 500,
                        exercises: [], prEvents: []),
            WorkoutExerciseInfo(name: "Squat", workingSets: 1, reps: 5, volumeKg: 500), event,
            ExerciseStats(name: "Squat"), ExerciseRecords(),
            ExerciseSession(workoutID: 1, day: day, workingSets: 1, reps: 5, volumeKg: 500, heaviestKg: 100, e1rmKg: 116.7),
            RecordValue(100, day: day, workoutID: 1), RepsRecord(5, day: day, workoutID: 1),
            workout, block, set, CheckIn(name: "energy", value: 3),
        ]
        var seen: Set<String> = []
        for sample in samples {
            let name = String(describing: type(of: sample))
            seen.insert(name)
            #expect(Mirror(reflecting: sample).children.count == InputDigest.fieldCounts[name],
                    "\(name) has a stored property its digest does not cover: add it to StatsDigest.swift (or BuildID.swift)")
        }
        #expect(seen == Set(InputDigest.fieldCounts.keys))
    }

    @Test("the manifest round-trips, skips lines it cannot read and needs its header")
    func manifestText() throws {
        var manifest = PageManifest(renderer: "0123456789abcdef")
        manifest.entries["workouts/a.html"] = .init(key: 1, slotHash: .max, size: 10, slots: [0..<2, 2..<2, 5..<10])
        manifest.entries["exercises/café.html"] = .init(key: 0xABCDEF, slotHash: 7, size: 0, slots: [])
        manifest.entries["years/2026.html"] = .init(key: 0x0123_4567_89AB_CDEF, slotHash: 0x10, size: 1_234_567, slots: [98_765..<141_975])
        let text = manifest.text
        #expect(text.hasPrefix("wkt-pages 1 0123456789abcdef\n"))
        // The line format, byte for byte: hex key, hex slot hash, size, slots, path.
        #expect(text.contains("\n0000000000000001\tffffffffffffffff\t10\t0+2,2+0,5+5\tworkouts/a.html\n"))
        #expect(text.contains("\n0123456789abcdef\t0000000000000010\t1234567\t98765+43210\tyears/2026.html\n"))
        #expect(text.contains("\t0\t\texercises/café.html\n"))
        #expect(PageManifest(parsing: text[...]) == manifest)
        #expect(PageManifest(parsing: ("marker line\nstamp: x\n" + text)[...]) == manifest)
        let damaged = text + "zz\t1\t2\t0+1\tx.html\n1\t1\t-3\t0+1\ty.html\n1\t1\t3\t0+1+2\tz.html\n1\t1\t3\t0+1\t\n"
        #expect(PageManifest(parsing: damaged[...]) == manifest)
        #expect(PageManifest(parsing: "wkt-pages 2 x\n"[...]) == nil)
        #expect(PageManifest(parsing: ""[...]) == nil)
    }

    @Test("the header records the page keys' global digest after the renderer's; a manifest without it reads as unknown")
    func manifestGlobal() throws {
        var manifest = PageManifest(renderer: "0123456789abcdef", global: 0x00FE_DCBA_9876_5432)
        manifest.entries["workouts/a.html"] = .init(key: 1, slotHash: 2, size: 3, slots: [0..<1])
        let text = manifest.text
        #expect(text.hasPrefix("wkt-pages 1 0123456789abcdef 00fedcba98765432\n"))
        let parsed = try #require(PageManifest(parsing: text[...]))
        #expect(parsed == manifest)
        #expect(parsed.global == 0x00FE_DCBA_9876_5432)
        // Written before the global digest was recorded: the same renderer, no global digest.
        let older = try #require(PageManifest(parsing: "wkt-pages 1 0123456789abcdef\n"[...]))
        #expect(older.renderer == "0123456789abcdef")
        #expect(older.global == nil)
        // A malformed global digest is no digest (the renderer still reads).
        for header in ["wkt-pages 1 0123456789abcdef 12345", "wkt-pages 1 0123456789abcdef 00fedcba9876543g", "wkt-pages 1 r 00fedcba98765432 x"] {
            let read = try #require(PageManifest(parsing: (header + "\n")[...]))
            #expect(read.global == nil, "\(header)")
        }
    }

    @Test("the content hash changes with any byte, at any position, and with the length")
    func slotHash() {
        let base = (0..<37).map { UInt8($0 * 7 % 256) }
        func whole(_ bytes: [UInt8]) -> UInt64 { InputDigest.of(bytes, ranges: [bytes.indices]) }
        let hash = whole(base)
        #expect(whole(base) == hash)
        for index in base.indices {
            var changed = base
            changed[index] ^= 0x01
            #expect(whole(changed) != hash, "byte \(index)")
        }
        #expect(whole(base + [0]) != hash)
        #expect(whole(Array(base.dropLast())) != hash)
        #expect(whole([]) != whole([0]))
        // Over ranges: only the bytes in them count, and where a range ends does too.
        let bytes = Array("head TITLE mid BODY tail".utf8)
        let slots = [5..<10, 15..<19]
        var outside = bytes
        outside.replaceSubrange(0..<4, with: Array("HEAD".utf8))
        #expect(InputDigest.of(outside, ranges: slots) == InputDigest.of(bytes, ranges: slots))
        var inside = bytes
        inside[16] = UInt8(ascii: "X")
        #expect(InputDigest.of(inside, ranges: slots) != InputDigest.of(bytes, ranges: slots))
        #expect(InputDigest.of(bytes, ranges: [5..<11, 16..<19]) != InputDigest.of(bytes, ranges: [5..<10, 15..<19]))
        #expect(InputDigest.of(bytes, ranges: [5..<9, 9..<19]) != InputDigest.of(bytes, ranges: [5..<10, 10..<19]))
        // Long enough for the four lanes of 32-byte rounds, with a tail: any bit of any byte,
        // swapping two words (two lanes), and the length all count.
        let long = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        let longHash = whole(long)
        for index in long.indices {
            for bit in [0, 7] {
                var changed = long
                changed[index] ^= UInt8(1 << bit)
                #expect(whole(changed) != longHash, "byte \(index) bit \(bit)")
            }
        }
        var swapped = long
        swapped.replaceSubrange(64..<80, with: Array(long[72..<80] + long[64..<72]))
        #expect(whole(swapped) != longHash)
        for count in [31, 32, 33, 63, 64, 65, 999] { #expect(whole(Array(long.prefix(count))) != longHash, "\(count) bytes") }
        #expect(Set((0...70).map { whole([UInt8](repeating: 0, count: $0)) }).count == 71, "zeros of every length differ")
    }

    @Test("a previous page is intact only with its recorded size and slot hash, its slots inside it")
    func intactPage() {
        let bytes = Array("head TITLE mid BODY tail".utf8)
        let slots = [5..<10, 15..<19]
        let entry = PageManifest.Entry(key: 1, slotHash: InputDigest.of(bytes, ranges: slots), size: bytes.count, slots: slots)
        #expect(entry.isIntact(bytes))
        var outside = bytes
        outside[0] = UInt8(ascii: "H")
        #expect(entry.isIntact(outside))  // bytes outside the slots are this build's layout anyway
        var inside = bytes
        inside[6] = UInt8(ascii: "x")
        #expect(!entry.isIntact(inside))
        #expect(!entry.isIntact(bytes + [0]))
        #expect(!entry.isIntact(Array(bytes.dropLast())))
        let beyond = PageManifest.Entry(key: 1, slotHash: entry.slotHash, size: bytes.count, slots: [5..<10, 15..<40])
        #expect(!beyond.isIntact(bytes))
    }

    @Test("the manifest parser agrees with a plain reference parser on 3,000 damaged manifests")
    func manifestParserAgreesWithReference() {
        var random = SplitMix64(seed: 0x5EED_2026)
        let pieces = [
            "wkt-pages 1 ", "wkt-pages 2 ", "wkt-pages 1", "0123456789abcdef", "ffffffffffffffff", "\t", "\t\t", "\n", "\n\n",
            "12", "0", "-3", "1234567890123456", "12345678901234567", "0+1", "5+5,", ",", "0+1+2", "3+", "+4", "10+20,30+40",
            "workouts/a.html", "exercises/café.html", "years/2026.html", " ", "ABCDEF", "x\ty", "\u{E000}", "é\u{301}",
        ]
        // Valid manifests (entries with and without slots, a global digest or not, lines before
        // the header), then one to three edits: a character deleted, a piece inserted, a
        // character replaced by one of the separators.
        var texts: [String] = []
        for _ in 0..<3_000 {
            var text = random.next() % 4 == 0 ? "" : "stamp: x\n"
            text += "wkt-pages 1 abcdef0123456789" + (random.next() % 2 == 0 ? " 00000000000000ff" : "") + "\n"
            for _ in 0..<(1 + random.next() % 6) {
                let slots = (0..<(random.next() % 3)).map { _ in "\(random.next() % 1_000)+\(random.next() % 100)" }
                text += String(random.next(), radix: 16) + "\t" + String(random.next() % 65_536, radix: 16) + "\t"
                text += "\(random.next() % 100_000)\t" + slots.joined(separator: ",") + "\t" + pieces[21 + Int(random.next() % 3)] + "\n"
            }
            var scalars = Array(text.unicodeScalars)
            for _ in 0..<(1 + random.next() % 3) where !scalars.isEmpty {
                let at = Int(random.next() % UInt64(scalars.count))
                switch random.next() % 3 {
                case 0: scalars.remove(at: at)
                case 1: scalars.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))].unicodeScalars, at: at)
                default: scalars[at] = ["\t", "\n", ",", "+", " ", "g", "0"][Int(random.next() % 7)]
                }
            }
            texts.append(String(String.UnicodeScalarView(scalars)))
        }
        for text in texts {
            // A substring in the middle of a larger string too (its UTF-8 is not at the start).
            let padded = "prefix\n" + text + "\nsuffix"
            let middle = padded.dropFirst(7).dropLast(7)
            #expect(PageManifest(parsing: text[...]) == Self.referenceParse(text[...]), "\(text.debugDescription)")
            #expect(PageManifest(parsing: middle) == Self.referenceParse(middle), "\(text.debugDescription)")
        }
    }

    /// The manifest parser as first written (slices and arrays, one line at a time): the
    /// reference ``PageManifest/init(parsing:)`` must agree with.
    private static func referenceParse(_ text: Substring) -> PageManifest? {
        func hex(_ digits: ArraySlice<UInt8>) -> UInt64? {
            guard (1...16).contains(digits.count) else { return nil }
            var value: UInt64 = 0
            for digit in digits {
                guard let nibble = "0123456789abcdef".utf8.firstIndex(of: digit) else { return nil }
                value = value << 4 | UInt64("0123456789abcdef".utf8.distance(from: "0123456789abcdef".utf8.startIndex, to: nibble))
            }
            return value
        }
        func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
            guard (1...15).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
            return Int(String(decoding: digits, as: UTF8.self))
        }
        var utf8 = Array(text.utf8)[...]
        let header = Array("wkt-pages 1 ".utf8)
        var renderer: String?
        var global: UInt64?
        var entries: [String: PageManifest.Entry] = [:]
        while !utf8.isEmpty {
            let end = utf8.firstIndex(of: 10) ?? utf8.endIndex
            let line = utf8[utf8.startIndex..<end]
            utf8 = end < utf8.endIndex ? utf8[(end + 1)...] : utf8[end...]
            if renderer == nil {
                if line.starts(with: header) {
                    let fields = line.dropFirst(header.count)
                    let space = fields.firstIndex(of: 32)
                    renderer = String(decoding: fields[fields.startIndex..<(space ?? fields.endIndex)], as: UTF8.self)
                    if let space, fields.endIndex - space == 17 { global = hex(fields[(space + 1)...]) }
                }
                continue
            }
            var fields: [ArraySlice<UInt8>] = []
            var rest = line
            while fields.count < 4, let tab = rest.firstIndex(of: 9) {
                fields.append(rest[rest.startIndex..<tab])
                rest = rest[(tab + 1)...]
            }
            guard fields.count == 4, !rest.isEmpty, let key = hex(fields[0]), let hash = hex(fields[1]), let size = decimal(fields[2])
            else { continue }
            var slots: [Range<Int>]? = []
            if !fields[3].isEmpty {
                for part in fields[3].split(separator: 44, omittingEmptySubsequences: false) {
                    guard let plus = part.firstIndex(of: 43), let offset = decimal(part[part.startIndex..<plus]),
                          let length = decimal(part[(plus + 1)...])
                    else {
                        slots = nil
                        break
                    }
                    slots?.append(offset..<offset + length)
                }
            }
            guard let slots else { continue }
            entries[String(decoding: rest, as: UTF8.self)] = .init(key: key, slotHash: hash, size: size, slots: slots)
        }
        guard let renderer else { return nil }
        return PageManifest(renderer: renderer, global: global, entries: entries)
    }

    @Test("the prefetch keeps only pages whose bytes match their entry; a page it rejected is not handed over")
    func prefetchChecksPages() {
        let good = Array("head TITLE mid BODY tail".utf8)
        let slots = [5..<10, 15..<19]
        var manifest = PageManifest(renderer: "r")
        for path in ["workouts/a.html", "workouts/b.html", "workouts/c.html"] {
            manifest.entries[path] = .init(key: 1, slotHash: InputDigest.of(good, ranges: slots), size: good.count, slots: slots)
        }
        var edited = good
        edited[16] = UInt8(ascii: "X")
        let files = ["workouts/a.html": good, "workouts/b.html": edited]  // c.html is missing
        let parsed = manifest
        let prefetch = PagePrefetch(read: { files[$0] }) { (parsed, ["workouts/a.html", "workouts/b.html", "workouts/c.html", "x.html"]) }
        #expect(prefetch.take("workouts/a.html") == good)
        #expect(prefetch.take("workouts/a.html") == nil)  // handed over once
        #expect(prefetch.take("workouts/b.html") == nil)
        #expect(prefetch.take("workouts/c.html") == nil)
        #expect(prefetch.take("x.html") == nil)  // no entry: nothing to check it against
    }

    /// Counts a prefetch's reads (``prefetchOfSamePages(_:reads:during:)``).
    private final class Reads: Sendable {
        private let count = Mutex(0)
        /// Counts one more read and returns its number (1 for the first).
        func next() -> Int {
            count.withLock { count in
                count += 1
                return count
            }
        }
        /// The reads so far.
        var total: Int { count.withLock { $0 } }
    }

    /// The page every path of ``prefetchOfSamePages(_:reads:during:)`` holds.
    private static let samePage = Array("head TITLE mid BODY tail".utf8)

    /// A prefetch of `count` workout pages, all ``samePage`` and all accepted by their manifest
    /// entries; each read is counted in `reads` and calls `during` with its number first (it
    /// may block).
    private static func prefetchOfSamePages(
        _ count: Int, reads: Reads, during: @escaping @Sendable (Int) -> Void
    ) -> (prefetch: PagePrefetch, paths: [String]) {
        let paths = (0..<count).map { "workouts/\($0).html" }
        var manifest = PageManifest(renderer: "r")
        for path in paths {
            manifest.entries[path] = .init(key: 1, slotHash: InputDigest.of(samePage, ranges: []), size: samePage.count, slots: [])
        }
        let parsed = manifest
        let prefetch = PagePrefetch(read: { _ in
            during(reads.next())
            return samePage
        }) { (parsed, paths) }
        return (prefetch, paths)
    }

    @Test("a discarded prefetch stops reading, lets go of what it read and hands nothing over")
    func prefetchDiscard() {
        let reads = Reads()
        let started = Mutex<PagePrefetch?>(nil)
        let firstRead = DispatchSemaphore(value: 0)
        let (prefetch, paths) = Self.prefetchOfSamePages(50, reads: reads) { count in
            guard count == 1 else { return }
            firstRead.signal()
            // This read lasts until the discard has been asked for (at most 10 s).
            for _ in 0..<10_000 where started.withLock({ $0?.isDiscarded }) != true { usleep(1_000) }
        }
        firstRead.wait()
        started.withLock { $0 = prefetch }
        prefetch.discard()
        #expect(reads.total == 1, "no read starts after the discard")
        #expect(prefetch.take(paths[0]) == nil)
        #expect(paths.allSatisfy { prefetch.take($0) == nil })
    }

    @Test("work queued after the reads runs on their thread once every page is read, or at once when they are done")
    func prefetchFollowUp() {
        let reads = Reads()
        let release = DispatchSemaphore(value: 0)
        // The first read lasts until the work is queued.
        let (prefetch, paths) = Self.prefetchOfSamePages(20, reads: reads) { count in if count == 1 { release.wait() } }
        let readsWhenRun = Mutex<Int?>(nil)
        let ran = DispatchSemaphore(value: 0)
        prefetch.afterReads {
            readsWhenRun.withLock { $0 = reads.total }
            ran.signal()
        }
        #expect(readsWhenRun.withLock { $0 } == nil)
        release.signal()
        ran.wait()
        #expect(readsWhenRun.withLock { $0 } == paths.count)
        // Queued once the reads are over: it still runs.
        let late = DispatchSemaphore(value: 0)
        prefetch.afterReads { late.signal() }
        #expect(late.wait(timeout: .now() + 10) == .success)
        // No reads started at all: the work runs all the same.
        let none = DispatchSemaphore(value: 0)
        PreviousSite.none.afterPageReads { none.signal() }
        #expect(none.wait(timeout: .now() + 10) == .success)
    }

    @Test("splicing takes the slot bytes into the new layout and refuses slots that do not fit")
    func splice() throws {
        let layout = try LayoutRenderer(templatesDirectory: nil)
        func skeleton(_ buildID: String, _ footer: String) throws -> LayoutSkeleton {
            try #require(LayoutSkeleton(layout: layout, root: "../", section: .workouts, siteTitle: "Log", buildID: buildID, footer: footer))
        }
        let old = try skeleton("aaaaaaaaaaaaaaaa", "Built from 1 workout")
        let new = try skeleton("bbbbbbbbbbbbbbbb", "Built from 12 workouts")
        func context(_ buildID: String, _ footer: String) -> PageContext {
            PageContext(title: "Bench <5×5>", description: "a \"day\"", root: "../", current: .workouts, body: "<p>body é</p>",
                        siteTitle: "Log", buildID: buildID, footer: footer)
        }
        var slots: [Range<Int>] = []
        let oldPage = old.render(context("aaaaaaaaaaaaaaaa", "Built from 1 workout"), slots: &slots)
        #expect(slots.count == old.slotCount)
        let spliced = try #require(new.splice(oldPage, slots: slots))
        #expect(spliced.bytes == new.render(context("bbbbbbbbbbbbbbbb", "Built from 12 workouts")))
        #expect(new.splice(oldPage, slots: Array(slots.dropLast())) == nil)
        #expect(new.splice(oldPage, slots: slots.dropLast() + [0..<(oldPage.count + 1)]) == nil)
    }

    @Test("splicing in place writes only the layout when it fits, else gives the copy; the bytes are splice's either way")
    func spliceInPlace() throws {
        let layout = try LayoutRenderer(templatesDirectory: nil)
        func skeleton(_ buildID: String, _ footer: String) throws -> LayoutSkeleton {
            try #require(LayoutSkeleton(layout: layout, root: "../", section: .workouts, siteTitle: "Log", buildID: buildID, footer: footer))
        }
        func context(_ buildID: String, _ footer: String) -> PageContext {
            PageContext(title: "Bench <5×5>", description: "a \"day\"", root: "../", current: .workouts, body: "<p>body é</p>",
                        siteTitle: "Log", buildID: buildID, footer: footer)
        }
        let old = try skeleton("aaaaaaaaaaaaaaaa", "Built from 10 workouts")
        var slots: [Range<Int>] = []
        let oldPage = old.render(context("aaaaaaaaaaaaaaaa", "Built from 10 workouts"), slots: &slots)

        // A new build ID and a footer of the same length: written over where the page lies.
        let same = try skeleton("bbbbbbbbbbbbbbbb", "Built from 11 workouts")
        var page = oldPage
        page.append(0)
        page.removeLast()  // now uniquely this test's array
        let before = page.withUnsafeBytes { $0.baseAddress }
        let sameSlots = try #require(same.spliceInPlace(&page, slots: slots))
        #expect(page.withUnsafeBytes { $0.baseAddress } == before)
        #expect(page == same.render(context("bbbbbbbbbbbbbbbb", "Built from 11 workouts")))
        #expect(sameSlots == slots)

        // A longer footer: the copy, with the slots moved.
        let longer = try skeleton("bbbbbbbbbbbbbbbb", "Built from 100 workouts")
        var grown = oldPage
        let grownSlots = try #require(longer.spliceInPlace(&grown, slots: slots))
        let copy = try #require(longer.splice(oldPage, slots: slots))
        #expect(grown == copy.bytes && grownSlots == copy.slots)
        #expect(grown == longer.render(context("bbbbbbbbbbbbbbbb", "Built from 100 workouts")))

        // Slots from a manifest that lies (swapped, overlapping): never written in place; the
        // result is splice's, which the slot hash check keeps from being used.
        let swapped = [slots[1], slots[0]] + slots.dropFirst(2)
        let overlapping = [slots[0].lowerBound..<slots[1].upperBound] + slots.dropFirst()
        for lie in [swapped, overlapping] {
            var lied = oldPage
            let liedSlots = try #require(same.spliceInPlace(&lied, slots: lie))
            let expected = try #require(same.splice(oldPage, slots: lie))
            #expect(lied == expected.bytes && liedSlots == expected.slots)
        }

        // What splice refuses, this refuses, leaving the page as it was.
        for refused in [Array(slots.dropLast()), slots.dropLast() + [0..<(oldPage.count + 1)]] {
            var untouched = oldPage
            #expect(same.spliceInPlace(&untouched, slots: refused) == nil)
            #expect(untouched == oldPage)
        }
    }
}

/// The page keys' per-workout parts: made in runs of workouts side by side, from each workout's
/// digest made beside the statistics.
@Suite("Page keys in runs")
struct PageKeyRunsTests {
    /// The paths whose keys differ between two sets of keys (or that only one has), sorted.
    static func differing(_ lhs: [String: UInt64], _ rhs: [String: UInt64]) -> [String] {
        Set(lhs.keys).union(rhs.keys).filter { lhs[$0] != rhs[$0] }.sorted()
    }

    /// Every reusable page's key of `composer`'s site.
    static func keys(_ keys: PageKeys) -> [String: UInt64] {
        var all: [String: UInt64] = [:]
        for job in keys.composer.jobs {
            if let keyed = keys.key(for: job) { all[keyed.path] = keyed.key }
        }
        return all
    }

    @Test("the keys are the same whatever the length of the runs, with or without the digests made beside the statistics")
    func runLengthDoesNotMatter() throws {
        // A demo year with an assisted exercise (its blocks add the day's bodyweight).
        var input = DemoSiteTests.input(years: 1)
        input.settings.body.bodyweightKg = 80
        input.settings.muscles = MuscleOverrides([("Pull Up", MuscleOverride(assisted: true))])
        let site = SiteModel(history: input.history, settings: input.settings, today: input.today)
        let composer = PageComposer(site: site)
        let stored = StoredWorkoutDigests(input.history)
        let reference = Self.keys(PageKeys(composer: composer, configuration: "c", identity: "i", storedDigests: stored))
        #expect(reference.count > 200)
        for runLength in [1, 7, 64, 100_000] {
            let keys = PageKeys(composer: composer, configuration: "c", identity: "i", storedDigests: stored, runLength: runLength)
            #expect(Self.differing(Self.keys(keys), reference).isEmpty, "runs of \(runLength)")
        }
        // Digests of another history (other IDs and names at each position) are not taken: each
        // workout is hashed again.
        var other = input.history
        other.workouts = other.workouts.map {
            var workout = $0.workout
            workout.name += " (other)"
            return StoredWorkout(id: $0.id + 1_000_000, workout: workout)
        }
        let foreign = PageKeys(composer: composer, configuration: "c", identity: "i", storedDigests: StoredWorkoutDigests(other))
        #expect(Self.differing(Self.keys(foreign), reference).isEmpty)
        for entry in site.workouts {
            #expect(stored.digest(of: entry) == StoredWorkoutDigests.digest(of: input.history.workouts[entry.storedIndex].workout))
            #expect(input.history.workouts[entry.storedIndex].id == entry.info.id)
        }
    }

    @Test("a workout's block part changes with an exercise's assisted status and the day's bodyweight")
    func blockPartCoversItsInputs() throws {
        var input = DemoSiteTests.input(years: 1)
        input.settings.body.bodyweightKg = 80
        func blockDigests(_ input: SiteBuildInput) -> [UInt64] {
            let site = SiteModel(history: input.history, settings: input.settings, today: input.today)
            return PageKeys(
                composer: PageComposer(site: site), configuration: "c", identity: "i",
                storedDigests: StoredWorkoutDigests(input.history)
            ).blockDigests
        }
        // The first workout's first exercise, made assisted by `[muscles]`.
        let name = try #require(input.history.workouts.first?.workout.exercises.first?.name)
        let base = blockDigests(input)
        var assisted = input
        assisted.settings.muscles = MuscleOverrides([(name, MuscleOverride(assisted: true))])
        let withAssisted = blockDigests(assisted)
        let using = Set(
            SiteModel(history: input.history, settings: input.settings, today: input.today).workouts
                .filter { $0.workout.exercises.contains { $0.name == name } }.map(\.index))
        #expect(!using.isEmpty && using.count < base.count)
        for index in base.indices {
            #expect((base[index] != withAssisted[index]) == using.contains(index), "workout \(index)")
        }
        // Another bodyweight: the workouts with that exercise or one assisted by its name.
        var heavier = assisted
        heavier.settings.body.bodyweightKg = 81
        let withHeavier = blockDigests(heavier)
        let weighed = Set(
            SiteModel(history: input.history, settings: input.settings, today: input.today).workouts
                .filter { $0.workout.exercises.contains { $0.name == name || $0.name.lowercased().contains("assisted") } }.map(\.index))
        #expect(weighed.count > using.count)
        for index in base.indices {
            #expect((withAssisted[index] != withHeavier[index]) == weighed.contains(index), "workout \(index)")
        }
    }
}
