import Foundation
import Testing
import WktCore
import WktDemo
@testable import WktSite

/// The site of a realistic synthetic history (`WktDemo`): the page rules hold on every page,
/// and with `WKT_DEMO_DIR` set the site is written there for a look in a browser
/// (`WKT_DEMO_YEARS` picks another length than 2 years). With
/// `WKT_SITE_TIMING=1` the 10-year demo is built and timed (a measurement, never an assertion
/// on speed; run it in release: `swift test -c release -Xswiftc -enable-testing --filter
/// WktSiteTests.DemoSiteTests`).
@Suite("Demo site", .serialized)
struct DemoSiteTests {
    /// The demo's last day and "today".
    static let endDay = CivilDate(year: 2026, month: 11, day: 21)!

    /// The build input for a demo history of `years` years (seed 42), store ids 1…n.
    static func input(years: Int) -> SiteBuildInput {
        let batch = DemoHistory.generate(DemoOptions(years: years, seed: 42, endDay: endDay))
        let workouts = batch.workouts.enumerated().map { StoredWorkout(id: Int64($0.offset + 1), workout: $0.element) }
        let settings = Settings(timezone: "Europe/Berlin", weeklyTarget: 3, title: "Alex's Lifting Log", author: "Alex")
        return SiteBuildInput(history: WorkoutHistory(workouts: workouts), settings: settings, today: endDay)
    }

    @Test("a demo site (2 years, or WKT_DEMO_YEARS) passes the invariant scan, the link check and the number format scan; written to WKT_DEMO_DIR when set")
    func twoYears() throws {
        let years = ProcessInfo.processInfo.environment["WKT_DEMO_YEARS"].flatMap { Int($0) } ?? 2
        let files = try SiteBuilder.build(Self.input(years: years))
        let texts = SiteFixture.textFiles(files)
        let paths = Set(texts.keys)
        var problems: [String] = []
        for (path, html) in texts where path.hasSuffix(".html") {
            problems += invariantProblems(path: path, html: html) + brokenLinks(path: path, html: html, paths: paths)
        }
        problems += numberFormatProblems(in: texts)
        #expect(problems.isEmpty, "\(problems.prefix(20))")
        #expect(files.count > 400)
        if years == 2 {
            // 389 workouts and thousands of PRs: both lists are split into one page per year.
            #expect(paths.isSuperset(of: ["workouts/2024.html", "workouts/2025.html", "workouts/2026.html", "records/2025.html"]))
            #expect(texts["workouts/index.html"]?.contains("href=\"../workouts/2025.html\"") == true)
        }
        guard let directory = ProcessInfo.processInfo.environment["WKT_DEMO_DIR"] else { return }
        for file in files {
            let target = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: target)
        }
        print("demo site written to \(directory)/index.html")
    }

    @Test("the 10-year demo builds; timed when WKT_SITE_TIMING=1",
          .enabled(if: ProcessInfo.processInfo.environment["WKT_SITE_TIMING"] == "1"))
    func tenYearTiming() throws {
        let input = Self.input(years: 10)
        let clock = ContinuousClock()
        var best = Duration.seconds(3600)
        var files: [OutputFile] = []
        for _ in 0..<3 {
            let start = clock.now
            files = try SiteBuilder.build(input)
            best = min(best, clock.now - start)
        }
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        print("10-year demo: \(input.history.workouts.count) workouts, \(files.count) files, \(bytes) bytes, best of 3 builds: \(best)")
        #expect(files.count > 2000)
        let largest = files.filter { $0.path.hasSuffix(".html") }.max { $0.bytes.count < $1.bytes.count }
        #expect((largest?.bytes.count ?? 0) < 1 << 20, "\(largest?.path ?? "") is 1 MiB or more")
    }
}
