import Testing
@testable import WktIO

/// ``OutputPlan``: the files of one publish sorted by bytes, and every folder they need.
@Suite("The publish plan: files, folders, clashes")
struct OutputPlanTests {
    @Test("every folder on every path, once, sorted by bytes, also where neighbours share only part of it")
    func folders() throws {
        let plan = try OutputPlan(
            files: site([
                ("é/ü/y.html", ""), ("a/f/g/h.html", ""), ("b.html", ""), ("a/b/c.html", ""), ("a/b/d.html", ""),
                ("a/e.html", ""), ("é/x.html", ""), ("a/f/i.html", ""), ("z/z/z/z.html", ""), ("a/c/k.html", ""),
            ]),
            keep: [])
        #expect(plan.directories == ["a", "a/b", "a/c", "a/f", "a/f/g", "z", "z/z", "z/z/z", "é", "é/ü"])
        #expect(plan.directorySet == Set(plan.directories.map { Array($0.utf8) }))
        #expect(plan.files.map(\.path) == [
            "a/b/c.html", "a/b/d.html", "a/c/k.html", "a/e.html", "a/f/g/h.html", "a/f/i.html", "b.html", "z/z/z/z.html", "é/x.html",
            "é/ü/y.html",
        ])
        for (position, file) in plan.files.enumerated() { #expect(plan.fileIndex[Array(file.path.utf8)] == position) }
    }

    @Test("NFC and NFD spellings of a name are two folders, as on disk")
    func bytesNotCharacters() throws {
        let plan = try OutputPlan(files: site([("caf\u{E9}/a.html", ""), ("cafe\u{301}/b.html", "")]), keep: [])
        #expect(plan.directories.count == 2)
        #expect(plan.files.count == 2)
    }

    @Test("of several paths that are files and folders at once, the first in byte order is named")
    func firstClash() {
        #expect(throws: PublishError.invalidFile(path: "b", rule: "it is a file and also the folder of 'b/y.html'")) {
            try OutputPlan(files: site([("m", ""), ("m/x.html", ""), ("b/y.html", ""), ("b", ""), ("a/b/c", "")]), keep: [])
        }
        #expect(throws: PublishError.invalidFile(path: "a/b", rule: "it is a file and also the folder of 'a/b/c.html'")) {
            try OutputPlan(files: site([("a/b/c.html", ""), ("a/b", "")]), keep: [])
        }
    }

    @Test("paths are split at every '/' byte, as the file system reads them, also next to a combining mark")
    func componentsAreBytes() {
        #expect(OutputPlan.components(of: "a/b.html") == ["a", "b.html"])
        #expect(OutputPlan.components(of: "a//b/") == ["a", "", "b", ""])
        #expect(OutputPlan.components(of: "x") == ["x"])
        // "/" + U+0301 is one Character, but two names for the file system.
        #expect(OutputPlan.components(of: "a/\u{301}b").map { Array($0.utf8) } == [Array("a".utf8), Array("\u{301}b".utf8)])
        #expect(throws: PublishError.invalidFile(path: "/\u{301}x.html", rule: "the path is absolute")) {
            try OutputPlan(files: site([("/\u{301}x.html", "")]), keep: [])
        }
        // A '.' that starts a name is a dot-file on disk, whatever follows it.
        #expect(throws: PublishError.invalidFile(path: "a/.\u{301}x", rule: "'.\u{301}x' is a dot-file outside the keep-list")) {
            try OutputPlan(files: site([("a/.\u{301}x", "")]), keep: [])
        }
        #expect(throws: PublishError.invalidKeepEntry(entry: "/\u{301}etc", rule: "must be a relative path")) {
            try OutputPlan(files: site([("a.html", "")]), keep: ["/\u{301}etc"])
        }
    }

    @Test("a path given twice is refused, whatever else is wrong later")
    func duplicate() {
        #expect(throws: PublishError.duplicateFile(path: "a/b.html")) {
            try OutputPlan(files: site([("a/b.html", "1"), ("x", ""), ("a/b.html", "2"), ("x/y", "")]), keep: [])
        }
    }

    @Test("the one-pass check of a path gives validatedComponents' verdict, error included, on random and edge-case paths")
    func quickCheckAgreesWithComponents() throws {
        let keep = [OutputPlan.components(of: ".well-known"), OutputPlan.components(of: "kept/x")]
        var paths = [
            "", "/", "/a", "a/", "a//b", ".", "..", "a/./b", "a/../b", ".a", "a/.b", ".well-known/x", ".well-known/.y",
            "kept/x/.z", "kept/.z", "a\u{0}b", String(repeating: "x", count: 255), String(repeating: "x", count: 256),
            "a/" + String(repeating: "é", count: 128), "a/" + String(repeating: "é", count: 127), "workouts/2026-11-21-0600.html",
            "/\u{301}etc", "a/\u{301}/b", "a/.\u{301}",
        ]
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "/", ".", "..", "é", "\u{0}", "\u{301}", ".well-known", "kept", "x", "-"]
        for _ in 0..<3_000 {
            paths.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for path in paths {
            let reference = Result { () throws(PublishError) in _ = try OutputPlan.validatedComponents(of: path, keep: keep) }
            let quick = Result { () throws(PublishError) in try OutputPlan.validate(path, keep: keep) }
            switch (reference, quick) {
            case (.success, .success): continue
            case (.failure(let expected), .failure(let found)): #expect(expected == found, "\(path.debugDescription)")
            default: Issue.record("\(path.debugDescription): \(reference) vs \(quick)")
            }
        }
    }
}
