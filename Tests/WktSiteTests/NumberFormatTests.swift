import Foundation
import Testing
import WktCore
@testable import WktSite

/// The one number format (docs/statistics.md "Display") on every page, card and feed of a built
/// site: numbers of four or more digits carry thousands separators, and no number ends in a
/// stray `.0`.
@Suite("Number format on every page")
struct NumberFormatTests {
    @Test("the scan finds missing separators and stray .0, and passes years, dates, weeks, times and attributes")
    func scanner() {
        let bad = [
            "<p>most 51438 kg in 2026-W46</p>": "51438",
            "<td class=\"num\">28481.0 kg</td>": "28481.0",
            "<p>average 23699.6 kg</p>": "23699.6",
            "<td>100.0 kg</td>": "100.0",
            "<p>2026 kg</p>": "2026",
            "<meta name=\"description\" content=\"12345 workouts\">": "12345",
            "<svg><title>Day: 1234 sets</title></svg>": "1234",
            "<a aria-label=\"2026-03-04: 1500 working sets\">": "1500",
            "<p>1,23,456 kg</p>": "1,23,456",
        ]
        for (html, number) in bad {
            let problems = numberFormatProblems(path: "x.html", text: html)
            #expect(problems.count == 1 && problems.first?.contains(number) == true, "\(html): \(problems)")
        }
        let good = """
            <h1>2026</h1><p>2026-11-25 · 2026-W46 · 06:00 · 1:05:30 · 28,481 kg · 23,700 kg · 1,234.5 lb · 116.7 kg · 100 kg</p>
            <a href="workouts/2026-11-18-0600.html" id="y2026">Pages of 2026</a><rect x="1234.0" y="20.0"/>
            <p>12.5k · 1.5M · 999 · 0.5 · November 2026 · 2026–2027 · #1234abc · v2026a</p>
            """
        #expect(numberFormatProblems(path: "x.html", text: good) == [])
    }

    /// The fixture site in lb (the demo site, in kg, is scanned by `DemoSiteTests`).
    @Test("the fixture site in lb writes every number of pages, cards and feed in the one format")
    func site() throws {
        let texts = SiteFixture.textFiles(try SiteBuilder.build(SiteFixture.input(unit: .lb)))
        #expect(texts.values.filter { $0.contains(",") && $0.contains(" lb") }.count > 10)
        #expect(texts["index.html"]?.contains(" lb</td>") == true)
        let problems = numberFormatProblems(in: texts)
        #expect(problems.isEmpty, "\(problems.prefix(20))")
    }
}

/// ``numberFormatProblems(path:text:)`` of every page, card and feed (`.html`, `.svg`, `.xml`).
func numberFormatProblems(in texts: [String: String]) -> [String] {
    texts.filter { [".html", ".svg", ".xml"].contains(where: $0.key.hasSuffix) }.sorted { $0.key < $1.key }
        .flatMap { numberFormatProblems(path: $0.key, text: $0.value) }
}

/// Problems with the numbers in the text of an HTML, SVG or Atom file: its text nodes and the
/// human-readable attributes (`aria-label`, `alt`, `title`, a `<meta>`'s `content`), never
/// other attributes (paths, ids, coordinates). A number of four or more digits before the point
/// needs `,` separators in groups of three, except a year (1900…2100 not followed by a unit);
/// ISO dates, week labels, times and numbers glued to letters (`W46`, `12k`, hashes) are not
/// numbers of this rule. A number whose decimals are all zeros (`28481.0`) is a stray `.0`.
func numberFormatProblems(path: String, text: String) -> [String] {
    let readable = readableText(text)
    let scalars = Array(readable.unicodeScalars)
    var problems: [String] = []
    var index = 0
    let isDigit = { (i: Int) in i >= 0 && i < scalars.count && ("0"..."9").contains(scalars[i]) }
    let isWordish = { (i: Int) in
        i >= 0 && i < scalars.count && (scalars[i].properties.isAlphabetic || "-_/:#.,".unicodeScalars.contains(scalars[i]))
    }
    while index < scalars.count {
        guard isDigit(index), !isDigit(index - 1) else { index += 1; continue }
        let start = index
        while index < scalars.count, isDigit(index) || ((scalars[index] == "," || scalars[index] == ".") && isDigit(index + 1)) {
            index += 1
        }
        let token = String(String.UnicodeScalarView(scalars[start..<index]))
        // Glued to a word, a date, a week label, a time or a path: not a quantity.
        if isWordish(start - 1) && !(scalars[start - 1] == "-" && !isWordish(start - 2) && !isDigit(start - 2)) { continue }
        if index < scalars.count, scalars[index].properties.isAlphabetic || ":-/_#".unicodeScalars.contains(scalars[index]) { continue }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let after = String(String.UnicodeScalarView(scalars[index..<min(scalars.count, index + 8)]))
        let unitFollows = [" kg", " lb", " km", " m", " s", " kcal", " min", " set", " work", " day", " week", " PR", " rep"]
            .contains { after.hasPrefix($0) && ($0 != " s" || !(after.dropFirst(2).first?.isLetter ?? false)) }  // `2026 so far` is a year
        let context = String(String.UnicodeScalarView(scalars[max(0, start - 25)..<min(scalars.count, index + 12)]))
        if whole.contains(",") {
            let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
            if !(1...3).contains(groups[0].count) || groups.dropFirst().contains(where: { $0.count != 3 }) {
                problems.append("\(path): badly grouped \(token) in “\(context)”")
            }
        } else if whole.count >= 4, !(whole.count == 4 && (1900...2100).contains(Int(whole) ?? 0) && parts.count == 1 && !unitFollows) {
            problems.append("\(path): \(token) has no thousands separator in “\(context)”")
            continue
        }
        if parts.count == 2, parts[1].allSatisfy({ $0 == "0" }) {
            problems.append("\(path): stray decimals in \(token) in “\(context)”")
        }
    }
    return problems
}

/// The text a reader meets in `markup`: text nodes plus `aria-label`, `alt` and `title`
/// attributes and `<meta content>`, with the common entities decoded.
private func readableText(_ markup: String) -> String {
    var out = ""
    var rest = Substring(markup)
    while let open = rest.firstIndex(of: "<") {
        out += rest[..<open]
        guard let close = rest[open...].firstIndex(of: ">") else { break }
        let tag = rest[rest.index(after: open)..<close]
        let isMeta = tag.hasPrefix("meta")
        for name in ["aria-label", "alt", "title"] + (isMeta ? ["content"] : []) {
            guard let range = tag.range(of: " \(name)=\"") else { continue }
            let value = tag[range.upperBound...].prefix { $0 != "\"" }
            out += " \(value) "
        }
        out += " "
        rest = rest[rest.index(after: close)...]
    }
    out += rest
    for (entity, character) in [("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", " "), ("&amp;", "&")] {
        out = out.replacingOccurrences(of: entity, with: character)
    }
    return out
}
