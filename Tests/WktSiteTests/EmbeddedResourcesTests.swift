import Foundation
import Testing
import WktCore
@testable import WktSite

/// SwiftPM embeds the files of `Sources/WktSite/Resources/` at build time; these tests check
/// that ``EmbeddedResources`` lists every one of them under its path and that the site serves
/// them byte for byte.
@Suite("EmbeddedResources")
struct EmbeddedResourcesTests {
    static let root = packageRoot() + "/" + resourcesFolder

    /// Relative paths of the regular files below `folder`, sorted by UTF-8 bytes.
    static func files(in folder: String) throws -> [String] {
        let base = root + "/" + folder
        return try FileManager.default.subpathsOfDirectory(atPath: base)
            .filter { path in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory)
                return !isDirectory.boolValue
            }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
    }

    @Test("every file in Resources/templates/ is a built-in template with its path and bytes, and nothing else is")
    func templatesMatch() throws {
        let paths = try Self.files(in: "templates")
        #expect(paths.allSatisfy { $0.hasSuffix(LayoutRenderer.templateExtension) })
        #expect(EmbeddedResources.templates.map(\.path) == paths)
        for file in EmbeddedResources.templates {
            #expect(Array(file.contents.utf8) == (try Self.bytes("templates/" + file.path)), "templates/\(file.path) differs from its embedded copy")
        }
    }

    @Test("every file in Resources/assets/ is a built-in asset with its path and bytes, and nothing else is")
    func assetsMatch() throws {
        let paths = try Self.files(in: "assets")
        #expect(EmbeddedResources.assets.map(\.path) == paths)
        #expect(paths.contains("style.css") && paths.contains("favicon.svg"))
        for file in EmbeddedResources.assets {
            #expect(Array(file.contents.utf8) == (try Self.bytes("assets/" + file.path)), "assets/\(file.path) differs from its embedded copy")
        }
    }

    @Test("the site's assets/ folder holds the files of Resources/assets/ byte for byte")
    func servedAssets() throws {
        let files = try SiteBuilderTests.built.get()
        for path in try Self.files(in: "assets") {
            let served = try #require(files.first { $0.path == SitePaths.assetsFolder + path }, "assets/\(path) is not in the site")
            #expect(served.bytes == (try Self.bytes("assets/" + path)), "the site's assets/\(path) differs from Resources/assets/\(path)")
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

    @Test("the style sheet's braces balance outside comments, so no rule block swallows the rules after it")
    func cssBracesBalance() throws {
        let css = try #require(EmbeddedResources.assets.first { $0.path == "style.css" })
        let code = css.contents.replacing(/\/\*[\s\S]*?\*\//, with: "")
        var depth = 0
        for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for character in line where character == "{" || character == "}" {
                depth += character == "{" ? 1 : -1
                #expect(depth >= 0, "a `}` without its `{` on line \(index + 1) (comments removed)")
            }
        }
        #expect(depth == 0, "\(depth) rule block(s) of style.css are never closed")
    }
}
