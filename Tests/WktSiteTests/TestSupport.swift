import Foundation
import Testing
import WktCore
@testable import WktSite

#if canImport(FoundationXML)
import FoundationXML
#endif

/// What an XML parse of a markup string saw.
struct ParsedXML {
    /// The parser error, if the markup is not well-formed.
    var error: String?
    /// Every element name in document order.
    var elements: [String] = []
    /// Every attribute of every element, as (element, name, value), in document order.
    var attributes: [(element: String, name: String, value: String)] = []
    /// The text content of each element named `title`, `desc` or `text`, in order.
    var texts: [(element: String, text: String)] = []
}

/// Parses `markup` with Foundation's `XMLParser` (fine for the small strings of one chart).
func parseXML(_ markup: String) -> ParsedXML {
    final class Collector: NSObject, XMLParserDelegate {
        var result = ParsedXML()
        var openText: [(element: String, text: String)] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            result.elements.append(elementName)
            for key in attributeDict.keys.sorted() {
                result.attributes.append((elementName, key, attributeDict[key] ?? ""))
            }
            openText.append((elementName, ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !openText.isEmpty { openText[openText.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard let last = openText.popLast() else { return }
            if ["title", "desc", "text", "th", "td", "caption", "span", "li"].contains(last.element) {
                result.texts.append(last)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            result.error = "\(parseError) line \(parser.lineNumber) column \(parser.columnNumber)"
        }
    }
    let collector = Collector()
    let parser = XMLParser(data: Data(markup.utf8))
    parser.delegate = collector
    if !parser.parse(), collector.result.error == nil {
        collector.result.error = String(describing: parser.parserError)
    }
    return collector.result
}

/// Whether any tag in `markup` has an `on…=` attribute (escaped text cannot open a tag, so
/// `&lt;svg onload=` in element content does not count).
func hasEventHandler(_ markup: String) -> Bool {
    markup.firstMatch(of: /<[^>]*\son[a-z]+\s*=/) != nil
}

/// Every `id="…"` value in `markup`, in order.
func idValues(in markup: String) -> [String] {
    markup.matches(of: /\bid="([^"]*)"/).map { String($0.output.1) }
}

/// The R-13 style checks every chart must pass: well-formed, finite numbers only, no inline
/// style, no script, no event handler, `role="img"` (`group` with links) with a title and description, unique ids,
/// and every coordinate inside the viewBox.
func expectSafeChart(_ chart: RenderedChart, width: Double, height: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let svg = chart.svg
    let parsed = parseXML(svg)
    #expect(parsed.error == nil, "not well-formed: \(parsed.error ?? "")", sourceLocation: sourceLocation)
    for bad in ["NaN", "nan", "inf", "style=", "<script", "javascript:"] {
        #expect(!chart.html.contains(bad), "contains \(bad)", sourceLocation: sourceLocation)
    }
    #expect(!hasEventHandler(chart.html), "event handler attribute", sourceLocation: sourceLocation)
    #expect(!parsed.attributes.contains { $0.name.lowercased().hasPrefix("on") }, sourceLocation: sourceLocation)
    #expect(svg.hasPrefix("<svg "), sourceLocation: sourceLocation)
    // A drawing with links (the heatmap's days) is a named group; any other is an image.
    let hasLinks = parsed.elements.contains("a")
    #expect(svg.contains(hasLinks ? "role=\"group\"" : "role=\"img\""), sourceLocation: sourceLocation)
    #expect(svg.contains("<title id=\"\(chart.id.value)-title\">"), sourceLocation: sourceLocation)
    #expect(svg.contains("<desc id=\"\(chart.id.value)-desc\">"), sourceLocation: sourceLocation)
    #expect(svg.contains("viewBox=\"0 0 \(Int(width)) \(Int(height))\""), sourceLocation: sourceLocation)
    #expect(parsed.elements.filter { $0 == "svg" }.count == 1, sourceLocation: sourceLocation)
    let ids = idValues(in: chart.html)
    #expect(Set(ids).count == ids.count, "duplicate ids \(ids)", sourceLocation: sourceLocation)
    #expect(ids.allSatisfy { $0.hasPrefix(chart.id.value) }, sourceLocation: sourceLocation)
    for attribute in parsed.attributes {
        let limit: Double? = switch attribute.name {
        case "x", "x1", "x2", "cx": width
        case "y", "y1", "y2", "cy": height
        case "width" where attribute.element != "svg": width
        case "height" where attribute.element != "svg": height
        default: nil
        }
        guard let limit else { continue }
        let value = Double(attribute.value) ?? -1
        #expect(value.isFinite && value >= 0 && value <= limit,
                "\(attribute.element) \(attribute.name)=\(attribute.value) outside 0…\(limit)", sourceLocation: sourceLocation)
    }
    for attribute in parsed.attributes where attribute.name == "points" {
        for pair in attribute.value.split(separator: " ") {
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            #expect(xy.count == 2 && xy[0] >= 0 && xy[0] <= width && xy[1] >= 0 && xy[1] <= height,
                    "point \(pair) outside the viewBox", sourceLocation: sourceLocation)
        }
    }
    let table = parseXML(chart.table.html)
    #expect(table.error == nil, "table not well-formed: \(table.error ?? "")", sourceLocation: sourceLocation)
}

/// The hostile name of R-04.
let hostile = "\"><svg onload=alert(1)>'"
/// `hostile` escaped once.
let hostileEscaped = "&quot;&gt;&lt;svg onload=alert(1)&gt;&#39;"

/// A date from literal parts used by the tests.
func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) throws -> CivilDate {
    try #require(CivilDate(year: year, month: month, day: dayOfMonth))
}

/// Where the built-in templates and assets live, relative to the package root.
let resourcesFolder = "Sources/WktSite/Resources"

/// The package root: the current directory when it holds `Package.swift` (as under
/// `swift test`), else derived from this file's location.
func packageRoot(filePath: String = #filePath) -> String {
    let manager = FileManager()
    let cwd = manager.currentDirectoryPath
    if manager.fileExists(atPath: cwd + "/Package.swift"), manager.fileExists(atPath: cwd + "/" + resourcesFolder) {
        return cwd
    }
    var url = URL(fileURLWithPath: filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}
