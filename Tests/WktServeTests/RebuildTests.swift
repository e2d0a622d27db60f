import Foundation
import Testing
import WktApp
@testable import WktServe

@Suite("serve: watching and rebuilding", .enabled(if: ServeBinary.available))
struct RebuildTests {
    @Test("an import in another 'terminal' while serving is seen by the next request (the run lock is free between builds)")
    func rebuildAfterImport() async throws {
        try await ServeSandbox.servingFirstExport(liveReload: true) { sandbox, server in
            let before = try await HTTPTestClient.fetch(port: server.port, "/")
            let firstID = try #require(before.buildID)
            #expect(try await HTTPTestClient.fetch(port: server.port, "/workouts/2026-11-16-1830.html").status == 404)
            let imported = try sandbox.importCSV("second.csv", Exports.second)
            #expect(imported.exitCode == 0, "the import got the run lock while serve runs: \(imported.stderr)")
            let seen = await eventually { try await HTTPTestClient.fetch(port: server.port, "/").buildID != firstID }
            #expect(seen, "the rebuild after the import is served")
            #expect(try await HTTPTestClient.fetch(port: server.port, "/workouts/2026-11-16-1830.html").status == 200)
            #expect(server.builds == 2)
            #expect(try await HTTPTestClient.fetch(port: server.port, "/__wkt/build").text == "{\"build\": 2}\n")
            let lines = server.lines
            #expect(lines.contains { $0.hasPrefix("site: ") && $0.contains(" (rebuilt in ") && $0.hasSuffix(" ms)") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("Serving site/ at http://127.0.0.1:\(server.port)/") })
        }
    }

    @Test("a broken configuration written while serving: its one-line error, and the last good site stays served")
    func failedRebuild() async throws {
        try await ServeSandbox.servingFirstExport(prepare: { try $0.write("wkt-site.toml", "title = \"Good Lifts\"\n") }) {
            sandbox, server in
            let good = try await HTTPTestClient.fetch(port: server.port, "/")
            #expect(good.title?.contains("Good Lifts") == true)
            try sandbox.write("wkt-site.toml", "title = \"Broken\nweekly_target = 99\n")
            let failed = await eventually { server.lines.contains { $0.hasPrefix("err: wkt-site: ") } }
            #expect(failed, "the failed rebuild printed its error")
            let errors = server.lines.filter { $0.hasPrefix("err: ") }
            #expect(errors.count == 1, "one line: \(errors)")
            #expect(errors.first?.contains("wkt-site.toml") == true, "\(errors)")
            let still = try await HTTPTestClient.fetch(port: server.port, "/")
            #expect(still.status == 200)
            #expect(still.body == good.body, "the last good site is still served")
            #expect(server.builds == 1)

            try sandbox.write("wkt-site.toml", "title = \"Fixed Lifts\"\n")
            let fixed = await eventually { try await HTTPTestClient.fetch(port: server.port, "/").title?.contains("Fixed Lifts") == true }
            #expect(fixed, "fixing the file rebuilds")
        }
    }

    @Test("templates: an edit in the templates folder rebuilds; a broken template keeps the last good site")
    func templates() async throws {
        let copied = { (sandbox: ServeSandbox) in
            let result = InitRunner.run(InitRequest(templates: "templates"), env: sandbox.env)
            guard result.exitCode == 0 else { throw ServeTestError(description: "init: \(result.stderr)") }
        }
        try await ServeSandbox.servingFirstExport(templates: "templates", prepare: copied) { sandbox, server in
            let original = try String(contentsOfFile: sandbox.directory + "/templates/layout.mustache", encoding: .utf8)
            let edited = original.replacingOccurrences(of: "<main", with: "<!-- edited -->\n<main")
            try sandbox.write("templates/layout.mustache", edited)
            let seen = await eventually { try await HTTPTestClient.fetch(port: server.port, "/").text.contains("<!-- edited -->") }
            #expect(seen)
            let good = try await HTTPTestClient.fetch(port: server.port, "/")
            try sandbox.write("templates/layout.mustache", original + "{{#unclosed}}\n")
            let failed = await eventually { server.lines.contains { $0.hasPrefix("err: wkt-site: ") } }
            #expect(failed)
            #expect(try await HTTPTestClient.fetch(port: server.port, "/").body == good.body)
        }
    }
}

@Suite("serve: what the watcher sees and when it rebuilds")
struct WatcherTests {
    @Test("debounce: one rebuild once the inputs have been quiet for the quiet period")
    func debounce() {
        func snapshot(_ size: Int64) -> InputWatcher.Snapshot {
            InputWatcher.Snapshot(stamps: ["store": InputWatcher.Stamp(size: size, modified: size, changed: size, inode: 1)])
        }
        var debouncer = RebuildDebouncer(built: snapshot(1), quiet: .milliseconds(300))
        let steps: [(size: Int64, at: Int, due: Bool, why: String)] = [
            (1, 0, false, "unchanged"), (2, 100, false, "a change starts the quiet period"),
            (3, 300, false, "another change restarts it"), (3, 500, false, "quiet for 200 ms only"),
            (3, 600, true, "quiet for 300 ms"), (3, 900, false, "built: nothing to do"), (1, 1000, false, "changed again"),
            (3, 1400, false, "changed back before the period ended: no rebuild"),
        ]
        for step in steps {
            let due = debouncer.observe(snapshot(step.size), at: .milliseconds(step.at))
            #expect(due == step.due, "\(step.at) ms: \(step.why)")
        }
    }

    @Test("the watcher sees an edit, a replacement, a deletion and a new file in the templates folder")
    func watcherStamps() throws {
        let sandbox = try ServeSandbox()
        defer { sandbox.remove() }
        try sandbox.write("templates/a.mustache", "a")
        let watcher = InputWatcher(
            store: sandbox.directory + "/workouts.sqlite", config: sandbox.directory + "/wkt-site.toml",
            templates: sandbox.directory + "/templates")
        var last = watcher.snapshot()
        #expect(last.stamps[sandbox.directory + "/workouts.sqlite"] == .some(nil), "a missing file is an entry")
        for change in [{ try sandbox.write("templates/a.mustache", "bb") }, { try sandbox.write("templates/sub/b.mustache", "b") },
                       { try FileManager.default.removeItem(atPath: sandbox.directory + "/templates/sub/b.mustache") },
                       { try sandbox.write("wkt-site.toml", "") }] {
            try change()
            let now = watcher.snapshot()
            #expect(now != last)
            last = now
        }
    }
}
