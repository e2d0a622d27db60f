import Foundation
import Testing
@testable import WktSite

/// The built-in templates and assets are copies of `Templates/` and `Assets/`; these tests keep
/// them from drifting and regenerate `EmbeddedResources.swift` on request
/// (`WKT_UPDATE_EMBEDDED=1 swift test --filter WktSiteTests.EmbeddedResourcesTests`).
@Suite("EmbeddedResources")
struct EmbeddedResourcesTests {
    static let root = packageRoot()
    static let generatedFile = "Sources/WktSite/Layout/EmbeddedResources.swift"
    static let updating = ProcessInfo.processInfo.environment["WKT_UPDATE_EMBEDDED"] == "1"

    /// Relative paths of the regular files below `folder`, sorted by UTF-8 bytes.
    static func files(in folder: String, suffix: String?) throws -> [String] {
        let base = root + "/" + folder
        return try FileManager.default.subpathsOfDirectory(atPath: base)
            .filter { path in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory)
                return !isDirectory.boolValue && (suffix.map { path.hasSuffix($0) } ?? true)
            }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    @Test("every embedded template equals its file in Templates/, and none is missing")
    func templatesMatch() throws {
        let paths = try Self.files(in: "Templates", suffix: ".mustache")
        #expect(EmbeddedResources.templates.map(\.path) == paths)
        for file in EmbeddedResources.templates {
            #expect(file.contents == (try Self.read("Templates/" + file.path)), "Templates/\(file.path) differs from its embedded copy")
        }
    }

    @Test("every embedded asset equals its file in Assets/, and none is missing")
    func assetsMatch() throws {
        let paths = try Self.files(in: "Assets", suffix: nil)
        #expect(EmbeddedResources.assets.map(\.path) == paths)
        #expect(paths.contains("style.css") && paths.contains("favicon.svg"))
        for file in EmbeddedResources.assets {
            #expect(file.contents == (try Self.read("Assets/" + file.path)), "Assets/\(file.path) differs from its embedded copy")
        }
    }

    @Test("the favicon is well-formed SVG and the CSS loads nothing from outside")
    func assetContents() throws {
        let favicon = try #require(EmbeddedResources.assets.first { $0.path == "favicon.svg" })
        #expect(parseXML(favicon.contents).error == nil)
        let css = try #require(EmbeddedResources.assets.first { $0.path == "style.css" })
        #expect(!css.contents.contains("@import") && !css.contents.contains("url(") && !css.contents.contains("http"))
        #expect(css.contents.contains("@media (prefers-color-scheme: dark)") && css.contents.contains("@media print"))
    }

    @Test("EmbeddedResources.swift is exactly what the generator makes from the files")
    func generatedSource() throws {
        let expected = try Self.generate()
        if Self.updating {
            try expected.write(toFile: Self.root + "/" + Self.generatedFile, atomically: true, encoding: .utf8)
        }
        #expect(try Self.read(Self.generatedFile) == expected, "run WKT_UPDATE_EMBEDDED=1 swift test --filter WktSiteTests.EmbeddedResourcesTests")
    }

    /// The source text of `EmbeddedResources.swift`.
    static func generate() throws -> String {
        var out = """
            // Generated from Templates/ and Assets/ by EmbeddedResourcesTests; do not edit by hand.
            // After changing a template or asset, run:
            //   WKT_UPDATE_EMBEDDED=1 swift test --filter WktSiteTests.EmbeddedResourcesTests

            /// The default templates and assets, compiled into the binary so `wkt-site` works from any
            /// directory. Each is a byte-identical copy of a file in the repository's `Templates/` or
            /// `Assets/` folder (a test compares them).
            public enum EmbeddedResources {
                /// One embedded file.
                public struct File: Sendable, Hashable {
                    /// The path relative to `Templates/` or `Assets/` (`partials/header.mustache`).
                    public let path: String
                    /// The file's text.
                    public let contents: String
                }


            """
        out += try section("templates", doc: "The Mustache templates of `Templates/`, sorted by path.", folder: "Templates", suffix: ".mustache")
        out += "\n"
        out += try section("assets", doc: "The files of `Assets/` (CSS, favicon), sorted by path.", folder: "Assets", suffix: nil)
        return out + "}\n"
    }

    static func section(_ name: String, doc: String, folder: String, suffix: String?) throws -> String {
        var out = "    /// \(doc)\n    public static let \(name): [File] = [\n"
        for path in try files(in: folder, suffix: suffix) {
            let contents = try read(folder + "/" + path)
            var hashes = "#"
            while contents.contains("\"" + hashes) || contents.contains("\\" + hashes) { hashes += "#" }
            out += "        File(\n            path: \"\(path)\",\n            contents: \(hashes)\"\"\"\n\(contents)\n\"\"\"\(hashes)\n        ),\n"
        }
        return out + "    ]\n"
    }
}
