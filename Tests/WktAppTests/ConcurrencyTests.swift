import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// docs/reliability.md "Concurrency (C)" cases that need several real processes at once.
@Suite("Concurrency (C): overlapping runs and readers during swaps", .serialized, .enabled(if: Binary.available))
struct ConcurrencyTests {
    /// A small store (60 daily workouts of three exercises) imported into `store` in `dir`.
    static func smallStore(_ store: String, in dir: String, hour: Int = 7, lastDay: String = "2026-11-20") throws {
        let csv = LoadInputs.strongCSV(workouts: 60, exercises: 3, sets: 3, lastDay: lastDay, hour: hour).text
        try LoadInputs.write(csv, to: dir + "/\(store).csv")
        let imported = try Binary.run(["import", "\(store).csv", "--store", "\(store).sqlite", "--quiet"], in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    // MARK: C-06

    @Test("C-06: cron every minute, each build 90 s: runs overlapping a long build exit 75 within their lock wait + 1 s (2 s default, and 0), all at once, no waiting chain; site/ stays complete")
    func cronOverlap() throws {
        let dir = try temporaryFolder("c06")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.smallStore("s", in: dir)
        func build(_ day: String, output: String = "site") -> [String] {
            ["build", "--store", "s.sqlite", "--today", day, "--output", output, "--quiet"]
        }
        #expect(try Binary.run(build("2026-11-21"), in: dir).status == 0)
        // What the long build will publish, made beforehand in another folder.
        #expect(try Binary.run(build("2026-11-22", output: "expected"), in: dir).status == 0)
        let before = try SiteTree.listing(dir + "/site")
        let expected = try SiteTree.listing(dir + "/expected").filter { !$0.hasPrefix(".wkt-site ") }
        #expect(before.filter { !$0.hasPrefix(".wkt-site ") } != expected)

        // The "90 s" build: a real build that holds the run lock, paused before it publishes.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: Binary.path ?? "")
        holder.arguments = build("2026-11-22")
        holder.currentDirectoryURL = URL(fileURLWithPath: dir)
        holder.environment = ProcessInfo.processInfo.environment.merging(
            ["TZ": "UTC", "WKT_TEST_PAUSE_BEFORE_PUBLISH_MS": "12000"]) { $1 }
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        // It holds the lock once its pid is in the lock file.
        let holderNote = "pid \(holder.processIdentifier)"
        let waitStart = Date()
        while (try? String(contentsOfFile: dir + "/s.sqlite.lock", encoding: .utf8))?.contains(holderNote) != true {
            try #require(Date().timeIntervalSince(waitStart) < 20 && holder.isRunning, "the long build never took the lock")
            Thread.sleep(forTimeInterval: 0.02)
        }

        // The next cron ticks, all at once: four with the default wait (2 s), four with none.
        struct Attempt: Sendable {
            var wait: Double
            var status: Int32 = -1
            var seconds = 0.0
            var stderr = ""
        }
        let attempts = Locked((0..<8).map { Attempt(wait: $0 < 4 ? 2 : 0) })
        let done = DispatchGroup()
        let contender = build("2026-11-23")
        for index in 0..<8 {
            let wait = attempts.value[index].wait
            done.enter()
            Thread.detachNewThread {
                let start = Date()
                let environment = wait == 0 ? ["WKT_LOCK_WAIT": "0"] : [:]
                let run = try? Binary.run(contender, in: dir, environment: environment)
                let seconds = Date().timeIntervalSince(start)
                attempts.update { $0[index].status = run?.status ?? -1; $0[index].seconds = seconds; $0[index].stderr = run?.stderr ?? "" }
                done.leave()
            }
        }
        done.wait()
        #expect(holder.isRunning, "the long build held the lock through every attempt")
        for attempt in attempts.value {
            print("C-06: WKT_LOCK_WAIT \(attempt.wait == 0 ? "0" : "default (2 s)"): exit \(attempt.status) after \(formatted(attempt.seconds)) s")
            #expect(attempt.status == 75, "\(attempt.stderr)")
            #expect(attempt.seconds < attempt.wait + 1, "waited \(formatted(attempt.seconds)) s with a \(attempt.wait) s lock wait")
            #expect(attempt.stderr.contains("held by \(holderNote)"), "\(attempt.stderr)")
        }
        let during = try SiteTree.listing(dir + "/site")
        #expect(during == before, "site/ unchanged while the long build runs: \(SiteTree.difference(during, before))")

        // The long build finishes and publishes; nothing is left behind, and the lock is free.
        holder.waitUntilExit()
        #expect(holder.terminationStatus == 0)
        let after = try SiteTree.listing(dir + "/site").filter { !$0.hasPrefix(".wkt-site ") }
        #expect(after == expected, "site/ is the long build's complete output: \(SiteTree.difference(after, expected))")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("site.tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        let next = try Binary.run(build("2026-11-23"), in: dir, environment: ["WKT_LOCK_WAIT": "0"])
        #expect(next.status == 0, "\(next.stderr)")
    }

    // MARK: C-07

    /// What the reader saw.
    struct ReaderLog: Sendable {
        var loads = 0
        var buildIDs: Set<String> = []
        /// Failures of the reader that resolves `site/` once per page load (asserted empty).
        var failures: [String] = []
        /// Path-by-path reads (a web server's view): counted and printed, not asserted.
        var pathMixed = 0
        var pathMissing = 0
    }

    @Test("C-07: a reader loading index.html then a linked page during 100 swaps never sees two build IDs or a missing page, resolving site/ once per load; site/index.html is never missing")
    func readerDuringSwaps() throws {
        let dir = try temporaryFolder("c07")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Two stores whose sites differ in build ID and in their pages (other days and times).
        try Self.smallStore("a", in: dir, hour: 7, lastDay: "2026-11-20")
        try Self.smallStore("b", in: dir, hour: 18, lastDay: "2026-11-18")
        func build(_ store: String) -> [String] {
            ["build", "--store", "\(store).sqlite", "--today", "2026-11-21", "--quiet"]
        }
        #expect(try Binary.run(build("a"), in: dir).status == 0)

        // Why the reader resolves site/ once per page load: wkt-site swaps the whole folder with
        // renameat2(RENAME_EXCHANGE), so each *path lookup* sees one complete build, the old or
        // the new — but two lookups (index.html, then a page it links) may straddle a swap, and
        // no publisher can prevent that for path lookups: the second one sees the next build,
        // whose pages and IDs differ. That is what a static web server sees per request. The
        // promise holds for a reader that opens site/ once (a directory descriptor) and reads
        // the page and its link relative to it: the descriptor stays on one build even when the
        // folder is renamed to site.prev/ by the swap. (The build after that reuses site.prev/
        // as its temporary folder; here it rebuilds the same input into it, so nothing in it
        // changes; a reader would have to stall for a whole build to see it reused anyway.)
        let stop = Locked(false)
        let log = Locked(ReaderLog())
        let site = dir + "/site"
        let readerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var local = ReaderLog()
            while !stop.value {
                Self.loadOnce(site: site, pick: local.loads, into: &local)
                local.loads += 1
                usleep(200)
            }
            log.update { $0 = local }
            readerDone.signal()
        }
        let started = Date()
        var statuses: [Int32] = []
        for swap in 0..<100 {
            let run = try Binary.run(build(swap % 2 == 0 ? "b" : "a"), in: dir)
            statuses.append(run.status)
            if run.status != 0 { Issue.record("build \(swap): exit \(run.status): \(run.stderr)") }
        }
        stop.update { $0 = true }
        readerDone.wait()
        let seen = log.value
        print("C-07: 100 swaps in \(formatted(Date().timeIntervalSince(started), digits: 1)) s; \(seen.loads) page loads, "
            + "build IDs seen: \(seen.buildIDs.sorted()); path-by-path reads: \(seen.pathMixed) mixed, \(seen.pathMissing) missing")
        #expect(statuses.allSatisfy { $0 == 0 })
        #expect(seen.failures.isEmpty, "\(seen.failures.count) bad loads, e.g. \(seen.failures.prefix(5))")
        #expect(seen.buildIDs.count == 2, "the reader saw both builds: \(seen.buildIDs)")
        #expect(seen.loads >= 100, "the reader ran during the swaps (\(seen.loads) loads)")
    }

    /// One page load: open site/ once, read index.html and one page it links (the
    /// `pick`-th link) relative to that descriptor; both must exist, be complete and carry the
    /// same build ID. Then the same by path (site/index.html must exist; mixing is counted).
    static func loadOnce(site: String, pick: Int, into log: inout ReaderLog) {
        let folder = open(site, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            log.failures.append("site/ missing (errno \(errno))")
            return
        }
        defer { close(folder) }
        guard let index = readFile(at: folder, "index.html") else {
            log.failures.append("index.html missing (errno \(errno))")
            return
        }
        let indexID = buildID(index)
        let links = pageLinks(index)
        guard let indexID, !links.isEmpty, index.hasSuffix("</html>\n") else {
            log.failures.append("index.html incomplete (\(index.utf8.count) bytes)")
            return
        }
        log.buildIDs.insert(indexID)
        let link = links[pick % links.count]
        guard let page = readFile(at: folder, link) else {
            log.failures.append("\(link), linked from index.html of build \(indexID), missing (errno \(errno))")
            return
        }
        let pageID = buildID(page)
        if pageID != indexID || !page.hasSuffix("</html>\n") {
            log.failures.append("\(link): build \(pageID ?? "none") under index.html of build \(indexID)")
        }

        // By path, as a web server would look each request up.
        guard let pathIndex = readFile(at: AT_FDCWD, site + "/index.html") else {
            log.failures.append("site/index.html missing by path (errno \(errno))")
            return
        }
        let pathLinks = pageLinks(pathIndex)
        guard !pathLinks.isEmpty else { return }
        if let pathPage = readFile(at: AT_FDCWD, site + "/" + pathLinks[pick % pathLinks.count]) {
            if buildID(pathPage) != buildID(pathIndex) { log.pathMixed += 1 }
        } else {
            log.pathMissing += 1
        }
    }

    /// The whole file `name` relative to the folder descriptor (or a path with `AT_FDCWD`).
    static func readFile(at folder: Int32, _ name: String) -> String? {
        let descriptor = openat(folder, name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `<meta name="wkt-build" content="…">` value.
    static func buildID(_ html: String) -> String? {
        let marker = "<meta name=\"wkt-build\" content=\""
        guard let start = html.range(of: marker)?.upperBound,
              let end = html[start...].firstIndex(of: "\"") else { return nil }
        return String(html[start..<end])
    }

    /// Relative links to pages of the site (`…html`, without fragment).
    static func pageLinks(_ html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().compactMap { rest -> String? in
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            let target = String(rest[..<end]).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard target.hasSuffix(".html"), !target.hasPrefix("/"), !target.contains(":"), !target.contains("..") else { return nil }
            return String(target)
        }
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
