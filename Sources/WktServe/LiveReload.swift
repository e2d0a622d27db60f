import Foundation

/// `serve --live-reload` (docs/product.md "Local preview"): served HTML responses, and only they,
/// load a small script that asks `/__wkt/build` every second for the build counter and reloads
/// the page when it differs from the one the page was served with. Files on disk stay
/// script-free (the R-13 scan of the output folder still passes).
///
/// The pages' Content-Security-Policy (`default-src 'none'`, docs/reliability.md P7) blocks
/// every script and every `fetch`, inline or not. So the script is served from
/// `/__wkt/live.js`, and in the served response only, the policy of each CSP `<meta>` is widened
/// by exactly what the script needs: `script-src 'self'` and `connect-src 'self'` (added when
/// missing; `'self'` added to them when present, replacing `'none'`). Nothing else changes, so
/// the preview still shows a template breaking the policy (an inline style, say) as the
/// published site would.
enum LiveReload {
    /// The script's path.
    static let scriptPath = "/__wkt/live.js"
    /// The build counter's path.
    static let buildPath = "/__wkt/build"

    /// The script: polls the counter, reloads on a change, keeps quiet while the server is away.
    static let script = """
        (() => {
          "use strict";
          const served = document.currentScript ? document.currentScript.dataset.build : null;
          const poll = async () => {
            try {
              const response = await fetch("\(buildPath)", { cache: "no-store" });
              const state = await response.json();
              if (served !== null && String(state.build) !== served) {
                location.reload();
                return;
              }
            } catch (error) {
              // The server is restarting or gone: try again.
            }
            setTimeout(poll, 1000);
          };
          setTimeout(poll, 1000);
        })();

        """

    /// The body of `/__wkt/build`.
    static func buildJSON(counter: Int) -> String { "{\"build\": \(counter)}\n" }

    /// `html` as served with live reload: the CSP widened and the script tag inserted before
    /// the last `</body>` (or at the end). Bytes that are not UTF-8 are served unchanged.
    static func inject(into html: [UInt8], counter: Int) -> [UInt8] {
        guard var text = String(validating: html, as: UTF8.self) else { return html }
        text = widenPolicies(in: text)
        let tag = "<script src=\"\(scriptPath)\" data-build=\"\(counter)\"></script>\n"
        if let body = text.range(of: "</body>", options: [.caseInsensitive, .backwards]) {
            text.insert(contentsOf: tag, at: body.lowerBound)
        } else {
            text += tag
        }
        return Array(text.utf8)
    }

    /// Every `<meta http-equiv="Content-Security-Policy" content="…">` with its policy widened.
    static func widenPolicies(in html: String) -> String {
        var result = ""
        var rest = html[...]
        while let open = rest.range(of: "<meta", options: .caseInsensitive) {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { break }
            result += rest[..<open.lowerBound]
            let tag = rest[open.lowerBound...close]
            result += isPolicyMeta(tag) ? widenContent(of: tag) : String(tag)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Whether a `<meta …>` tag is a CSP declaration.
    private static func isPolicyMeta(_ tag: Substring) -> Bool {
        guard let value = attribute("http-equiv", in: tag) else { return false }
        return value.value.trimmingCharacters(in: .whitespaces).lowercased() == "content-security-policy"
    }

    /// The tag with its `content` policy widened.
    private static func widenContent(of tag: Substring) -> String {
        guard let content = attribute("content", in: tag) else { return String(tag) }
        var widened = widen(policy: content.value)
        if content.quote == "'" { widened = widened.replacingOccurrences(of: "'", with: "&#39;") }
        return String(tag[..<content.range.lowerBound]) + widened + String(tag[content.range.upperBound...])
    }

    /// An attribute's value (its range inside `tag`, without quotes) and quote character.
    private static func attribute(_ name: String, in tag: Substring) -> (value: String, range: Range<String.Index>, quote: Character?)? {
        var search = tag[...]
        while let found = search.range(of: name, options: .caseInsensitive) {
            search = tag[found.upperBound...]
            let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            guard before.isWhitespace else { continue }
            var index = found.upperBound
            while index < tag.endIndex, tag[index].isWhitespace { index = tag.index(after: index) }
            guard index < tag.endIndex, tag[index] == "=" else { continue }
            index = tag.index(after: index)
            while index < tag.endIndex, tag[index].isWhitespace { index = tag.index(after: index) }
            guard index < tag.endIndex else { return nil }
            let quote = tag[index] == "\"" || tag[index] == "'" ? tag[index] : nil
            let start = quote == nil ? index : tag.index(after: index)
            let end = tag[start...].firstIndex { character in
                if let quote { return character == quote }
                return character.isWhitespace || character == ">"
            } ?? tag.endIndex
            let raw = String(tag[start..<end])
            return (raw.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\""),
                    start..<end, quote)
        }
        return nil
    }

    /// `policy` with `script-src` and `connect-src` allowing `'self'`.
    static func widen(policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for name in ["script-src", "connect-src"] {
            if let index = directives.firstIndex(where: { $0.lowercased().split(separator: " ").first.map(String.init) == name }) {
                var parts = directives[index].split(separator: " ").map(String.init)
                let sources = parts.dropFirst().filter { $0.lowercased() != "'none'" }
                if !sources.contains(where: { $0.lowercased() == "'self'" }) {
                    parts = [parts[0]] + sources + ["'self'"]
                    directives[index] = parts.joined(separator: " ")
                }
            } else {
                directives.append("\(name) 'self'")
            }
        }
        return directives.joined(separator: "; ")
    }
}
