import Foundation
import Synchronization
import Testing
import WktTestSupport
import WktCore
@testable import WktSite

/// ``SiteBuilder/streamSite(_:to:)``: every file handed to a sink as it is made must be the file
/// ``SiteBuilder/buildSite(_:)`` collects, with the same record, reuse count and warnings; and a
/// failure (a page, a path, the sink) must stop the stream with the error a collected build gives.
@Suite("Streamed site build")
struct StreamedSiteTests {
    /// What a sink saw, from any thread.
    final class Collected: Sendable {
        private let files = Mutex<[OutputFile]>([])
        /// Counts the file and keeps it.
        func add(_ file: OutputFile) { files.withLock { $0.append(file) } }
        /// How many files arrived.
        var count: Int { files.withLock { $0.count } }
        /// The files sorted by path bytes.
        var sorted: [OutputFile] { files.withLock { $0 }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) } }
    }

    /// A sink that fails the Nth file.
    struct SinkFailure: Error, Equatable {
        let path: String
    }

    /// A streamed build of `input` whose sink collects the files; they come back sorted by path.
    static func stream(_ input: SiteBuildInput) throws -> (files: [OutputFile], stream: SiteStream) {
        let collected = Collected()
        do throws(SiteStreamError<Never>) {
            let stream = try SiteBuilder.streamSite(input) { file in collected.add(file) }
            return (collected.sorted, stream)
        } catch {
            guard case .site(let failure) = error else { throw error }
            throw failure
        }
    }

    /// Checks a streamed build of `input` against the collected one, byte for byte.
    static func expectSameAsCollected(_ input: SiteBuildInput, _ label: String) throws {
        let collected = try SiteBuilder.buildSite(input)
        let (files, stream) = try stream(input)
        #expect(PageReuseTests.firstDifference(files, collected.files) == nil, "\(label)")
        #expect(stream.paths == collected.files.map(\.path), "\(label)")
        #expect(stream.record == collected.record, "\(label)")
        #expect(stream.reusedPages == collected.reusedPages, "\(label)")
        #expect(stream.warnings == collected.warnings, "\(label)")
    }

    /// `input` set up to reuse the pages of `previous` (as ``PageReuseTests/build(_:after:identity:edit:)``).
    static func reusing(_ input: SiteBuildInput, after previous: SiteBuild?) -> SiteBuildInput {
        var files: [String: [UInt8]] = [:]
        for file in previous?.files ?? [] { files[file.path] = file.bytes }
        let snapshot = files
        var input = input
        input.renderer = "test-renderer"
        input.previousSite = PreviousSite(stamp: nil, record: previous?.record, hasHomePage: true) { snapshot[$0] }
        return input
    }

    @Test("the fixture site streamed is the golden listing")
    func golden() async throws {
        try await offCooperativePool {
            let expected = GoldenSiteTests.lines(GoldenSiteListing.text)
            let streamed = GoldenSiteTests.lines(SiteFixture.listing(try Self.stream(SiteFixture.input()).files))
            #expect(!expected.isEmpty)
            #expect(streamed == expected)
        }
    }

    @Test("streamed equals collected: base URL (sitemap), noindex (robots.txt), a hidden profile, page reuse, a demo year")
    func sameAsCollected() async throws {
        try await offCooperativePool {
            try Self.expectSameAsCollected(SiteFixture.input(), "plain")
            try Self.expectSameAsCollected(SiteFixture.input(baseURL: "https://example.org/lifts/"), "base URL")
            var noindex = SiteFixture.input(baseURL: "https://example.org/")
            noindex.settings.publish = PublishProfile(hide: [.notes, .times], noindex: true)
            try Self.expectSameAsCollected(noindex, "noindex")
            let first = try SiteBuilder.buildSite(Self.reusing(SiteFixture.input(), after: nil))
            try Self.expectSameAsCollected(Self.reusing(SiteFixture.input(), after: first), "reusing every page")
            try Self.expectSameAsCollected(DemoSiteTests.input(years: 1), "demo year")
        }
    }

    @Test("after every kind of change, a streamed reusing build equals the collected one", arguments: PageReuseTests.Change.allCases)
    func reuseDifferential(change: PageReuseTests.Change) async throws {
        try await offCooperativePool {
            let base = SiteFixture.input()
            let first = try SiteBuilder.buildSite(Self.reusing(base, after: nil))
            let changed = Self.reusing(change.apply(base), after: first)
            try Self.expectSameAsCollected(changed, change.rawValue)
            #expect(try Self.stream(changed).files == (try SiteBuilder.build(change.apply(base))), "reusing = fresh")
        }
    }

    @Test("a page that fails to render stops the stream with its error, after the files before it")
    func renderFailureMidStream() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/wkt-stream-templates-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // noindex needs a </head> to put the robots tag before: every page fails, the jobs before
        // the pages (stats.json, the feed, the share cards) do not.
        try Data("<html><body>{{{body}}}</body></html>\n".utf8).write(to: URL(fileURLWithPath: folder + "/layout.mustache"))
        var input = SiteFixture.input()
        input.settings.publish = PublishProfile(noindex: true)
        input.templatesDirectory = folder
        let collected = Collected()
        #expect(throws: SiteStreamError<Never>.site(.noHeadForRobots(template: "layout"))) {
            _ = try SiteBuilder.streamSite(input) { file in collected.add(file) }
        }
        #expect(throws: SiteError.noHeadForRobots(template: "layout")) { try SiteBuilder.buildSite(input) }
        let paths = collected.sorted.map(\.path)
        #expect(paths.contains(SitePaths.statsJSON) && paths.contains(SitePaths.feed), "\(paths)")
        #expect(paths.count == 2 + ShareCard.allCases.count, "only the jobs before the pages: \(paths)")
    }

    @Test("a sink that fails stops the stream: its error, and no new job is started")
    func sinkFailure() throws {
        let input = SiteFixture.input()
        let total = try SiteBuilder.build(input).count
        let calls = Mutex(0)
        let outcome = Result { () throws(SiteStreamError<SinkFailure>) in
            try SiteBuilder.streamSite(input) { (file: OutputFile) throws(SinkFailure) in
                let call = calls.withLock { count in
                    count += 1
                    return count
                }
                if call == 5 { throw SinkFailure(path: file.path) }
            }
        }
        guard case .failure(.sink(let failure)) = outcome else {
            Issue.record("expected the sink's failure, got \(outcome)")
            return
        }
        #expect(!failure.path.isEmpty)
        // The files in hand of the other workers may still arrive (a few on a loaded machine);
        // without the stop every job's file would.
        #expect(total > 40)
        #expect(calls.withLock { $0 } < total / 2, "of \(total) files")
    }

    @Test("F-07: a path claimed twice names both sources in job order, whichever claims first; the sink never sees it twice",
          arguments: [false, true])
    func duplicatePath(laterFirst: Bool) throws {
        let claims = OutputClaims()
        let early = SiteBuilder.JobOutput(file: OutputFile(path: "exercises/x.html", text: "a"), source: "exercise \"X\"")
        let late = SiteBuilder.JobOutput(file: OutputFile(path: "exercises/x.html", text: "b"), source: "exercise \"x\"")
        let collected = Collected()
        let sink: @Sendable (OutputFile) -> Void = { collected.add($0) }
        let order = laterFirst ? [(late, 9), (early, 3)] : [(early, 3), (late, 9)]
        let results = order.map { SiteBuilder.deliver($0.0, index: $0.1, claims: claims, sink: sink) }
        let expected = SiteError.duplicateOutputPath(path: "exercises/x.html", first: "exercise \"X\"", second: "exercise \"x\"")
        guard case .success = results[0], case .failure(.site(let error)) = results[1] else {
            Issue.record("\(results)")
            return
        }
        #expect(error == expected)
        #expect(collected.count == 1)
    }

    @Test("an unsafe path is refused before the sink sees it")
    func unsafePath() {
        let collected = Collected()
        let output = SiteBuilder.JobOutput(file: OutputFile(path: "../escape.html", text: "x"), source: "test")
        let result = SiteBuilder.deliver(output, index: 0, claims: OutputClaims()) { (file: OutputFile) in collected.add(file) }
        guard case .failure(.site(.unsafeOutputPath(let path, let source, _))) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(path == "../escape.html" && source == "test")
        #expect(collected.count == 0)
    }

    @Test("ParallelMap.mapUntilFailure: outputs in order, or the earliest failure with every item before it run")
    func mapUntilFailure() throws {
        let items = Array(0..<400)
        #expect(try ParallelMap.mapUntilFailure(items) { _, item -> Result<Int, SinkFailure> in .success(item * 2) }.get()
            == items.map { $0 * 2 })
        for _ in 0..<10 {
            let ran = Mutex(Set<Int>())
            let result = ParallelMap.mapUntilFailure(items) { index, _ -> Result<Int, SinkFailure> in
                ran.withLock { _ = $0.insert(index) }
                if index % 100 == 37 || index == 390 { return .failure(SinkFailure(path: "\(index)")) }
                usleep(1000)  // a job takes a while; failing is quick
                return .success(index)
            }
            #expect(throws: SinkFailure(path: "37")) { try result.get() }
            let started = ran.withLock { $0 }
            #expect(started.isSuperset(of: 0...37))
            #expect(started.count < 200, "stopped early, not at \(started.count)")
        }
    }
}
