import Foundation
import Testing

/// One start tag found in an HTML page.
struct HTMLTag {
    /// The lower-cased tag name.
    var name: String
    /// Lower-cased attribute names with their raw (still escaped) values, in order.
    var attributes: [(name: String, value: String)]
}

/// A small HTML tokenizer for the invariant scans: every start tag with its attributes, comments
/// and end tags skipped. Escaped text never holds `<`, so every `<` starts markup.
func htmlTags(in html: String) -> [HTMLTag] {
    let bytes = Array(html.utf8)
    var tags: [HTMLTag] = []
    var index = 0
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
        index += 1
        guard index < bytes.count else { break }
        if bytes[index...].starts(with: Array("!--".utf8)) {
            while index < bytes.count, !bytes[index...].starts(with: Array("-->".utf8)) { index += 1 }
            index += 3
            continue
        }
        if bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?") {
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
            continue
        }
        let nameStart = index
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") { index += 1 }
        var tag = HTMLTag(name: text(nameStart..<index).lowercased(), attributes: [])
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { break }
            let attributeStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">") { index += 1 }
            let name = text(attributeStart..<index).lowercased()
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    value = text(valueStart..<min(index, bytes.count))
                    index += 1
                } else {
                    let valueStart = index
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = text(valueStart..<index)
                }
            }
            tag.attributes.append((name, value))
        }
        tags.append(tag)
        index += 1
    }
    return tags
}

/// Decodes the five entities our escaping writes, and numeric ones.
func decodeEntities(_ text: String) -> String {
    var out = text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    out = out.replacingOccurrences(of: "&amp;", with: "&")
    return out
}

/// The R-13 invariant scan of one HTML page: problems found, empty when clean.
func invariantProblems(path: String, html: String) -> [String] {
    var problems: [String] = []
    let csp = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'none'\">"
    if !html.contains(csp) { problems.append("\(path): no CSP meta") }
    if html.range(of: "<script", options: .caseInsensitive) != nil { problems.append("\(path): <script") }
    for tag in htmlTags(in: html) {
        if tag.name == "script" || tag.name == "iframe" || tag.name == "object" || tag.name == "embed" {
            problems.append("\(path): <\(tag.name)>")
        }
        for attribute in tag.attributes {
            if attribute.name.firstMatch(of: /^on[a-z]+$/) != nil { problems.append("\(path): \(tag.name) \(attribute.name)=") }
            if attribute.name == "style" { problems.append("\(path): style attribute on \(tag.name)") }
            if ["href", "src", "xlink:href", "action", "formaction", "srcset"].contains(attribute.name) {
                let value = decodeEntities(attribute.value).lowercased().filter { !$0.isWhitespace }
                for scheme in ["javascript:", "vbscript:", "data:text/html"] where value.hasPrefix(scheme) {
                    problems.append("\(path): \(scheme) in \(tag.name) \(attribute.name)")
                }
            }
        }
    }
    return problems
}

/// The R-13 scan of one SVG file of the site (share cards, the favicon): problems found, empty
/// when clean. Nothing may run or load anything: no script, no `on…=` attribute, no `style`
/// attribute, no link attribute at all, no foreign content, images or CSS imports and URLs.
func svgProblems(path: String, svg: String) -> [String] {
    var problems: [String] = []
    let lower = svg.lowercased()
    for bad in ["<script", "<foreignobject", "<image", "<a ", "<use", "url(", "@import", "javascript:", "data:"] where lower.contains(bad) {
        problems.append("\(path): \(bad)")
    }
    for tag in htmlTags(in: svg) {
        for attribute in tag.attributes {
            if attribute.name.firstMatch(of: /^on[a-z]+$/) != nil { problems.append("\(path): \(tag.name) \(attribute.name)=") }
            if attribute.name == "style" { problems.append("\(path): style attribute on \(tag.name)") }
            if ["href", "src", "xlink:href"].contains(attribute.name) { problems.append("\(path): \(tag.name) \(attribute.name)=") }
        }
    }
    return problems
}

/// Resolves a relative reference from the page at `path` (both `/`-separated); nil when it
/// leaves the root.
func resolve(_ reference: String, from path: String) -> String? {
    var parts = path.split(separator: "/").map(String.init)
    parts.removeLast()
    for component in reference.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
        switch component {
        case ".", "": continue
        case "..":
            guard !parts.isEmpty else { return nil }
            parts.removeLast()
        default: parts.append(component)
        }
    }
    return parts.joined(separator: "/")
}

/// Every relative `href`/`src` of an HTML page or feed that does not resolve to a file in
/// `paths`.
func brokenLinks(path: String, html: String, paths: Set<String>) -> [String] {
    var broken: [String] = []
    for tag in htmlTags(in: html) {
        for attribute in tag.attributes where ["href", "src", "xlink:href"].contains(attribute.name) {
            let value = decodeEntities(attribute.value)
            let lower = value.lowercased()
            if value.isEmpty || value.hasPrefix("#") || lower.hasPrefix("http://") || lower.hasPrefix("https://")
                || lower.hasPrefix("mailto:") {
                continue
            }
            let withoutFragment = String(value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
            let decoded = withoutFragment.removingPercentEncoding ?? withoutFragment
            guard let target = resolve(decoded, from: path), paths.contains(target) else {
                broken.append("\(path): \(tag.name) \(attribute.name)=\(value)")
                continue
            }
        }
    }
    return broken
}

/// Every inline `<svg>…</svg>` of a page.
func inlineSVGs(in html: String) -> [String] {
    html.matches(of: /<svg[\s\S]*?<\/svg>/).map { String($0.output) }
}
