import FuzzSupport
import WktMarkdown

/// Fuzz target `notes`: `NoteRenderer.render`, the size and depth caps and the cmark-gfm
/// rendering of workout notes (docs/reliability.md P6, P7).
///
/// Properties, on any note (the input decoded as UTF-8, invalid bytes replaced):
/// - no crash, no hang (the caps must keep cmark-gfm fast);
/// - the HTML has no `<script`, `<style`, `<iframe`, `<object`, `<embed` element, no `on…=`
///   attribute, and every `href`/`src` is empty or `http:`, `https:` or `mailto:`;
/// - rendered Markdown is at most 32 × the note's bytes and at most 256 KiB; a fallback `<pre>`
///   is at most the note HTML-escaped (6 bytes per byte) plus the tags.
/// The process entry (see Fuzz/Package.swift): libFuzzer's driver on ``fuzzNotes(_:_:)``.
@_cdecl("fuzz_notes_main")
public func fuzzNotesMain(_ argc: CInt, _ argv: Fuzz.Arguments) -> CInt { Fuzz.runDriver(argc, argv, fuzzNotes) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNotes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { Fuzz.run(data, size, checkNote) }

private func checkNote(_ bytes: [UInt8]) {
    let note = String(decoding: bytes, as: UTF8.self)
    let stored = note.utf8.count
    let rendered: RenderedNote
    do throws(MarkdownError) {
        rendered = try NoteRenderer().render(note)
    } catch {
        Fuzz.fail("cmark-gfm failed on a note: \(error)")
    }
    let html = Array(rendered.html.utf8)
    if rendered.fallback == nil {
        guard html.count <= min(256 * 1024, 32 * max(stored, 1)) else {
            Fuzz.fail("rendered note has \(html.count) bytes for \(stored) bytes of note")
        }
    } else {
        guard html.count <= 6 * stored + 13 else { Fuzz.fail("fallback has \(html.count) bytes for \(stored)") }
    }
    if let problem = HTMLCheck.problem(in: html) {
        Fuzz.fail("\(problem) in \(Fuzz.preview(rendered.html))")
    }
}

/// A small scanner over cmark-gfm's HTML: text never holds a raw `<` (it is `&lt;`), so every
/// `<` opens a tag, whose attribute values are double-quoted.
enum HTMLCheck {
    static let bannedElements: Set<String> = ["script", "style", "iframe", "object", "embed", "frame", "base", "meta", "link", "form"]
    static let allowedSchemes = ["http:", "https:", "mailto:"]

    static func problem(in html: [UInt8]) -> String? {
        var index = 0
        while index < html.count {
            guard html[index] == UInt8(ascii: "<") else { index += 1; continue }
            var end = index + 1
            var quote: UInt8?
            while end < html.count {
                let byte = html[end]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                end += 1
            }
            guard end < html.count else { return "unterminated tag" }
            if let problem = tagProblem(Array(html[(index + 1)..<end])) { return problem }
            index = end + 1
        }
        return nil
    }

    private static func tagProblem(_ tag: [UInt8]) -> String? {
        let text = String(decoding: tag, as: UTF8.self)
        // Safe mode replaces raw HTML by this comment; any other `<!`/`<?` would be raw markup.
        if text == "!-- raw HTML omitted --" { return nil }
        if text.hasPrefix("!") || text.hasPrefix("?") { return "markup declaration <\(text)>" }
        var body = Substring(text)
        if body.hasPrefix("/") { body = body.dropFirst() }
        let name = body.prefix { $0.isLetter || $0.isNumber }.lowercased()
        if bannedElements.contains(name) { return "element <\(name)>" }
        var rest = body.dropFirst(name.count)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "/" }
            if rest.isEmpty { return nil }
            let attribute = rest.prefix { $0 != "=" && $0 != " " && $0 != ">" && $0 != "/" }.lowercased()
            guard !attribute.isEmpty else { return "odd tag syntax <\(text)>" }
            rest = rest.dropFirst(attribute.count)
            if attribute.hasPrefix("on") { return "event attribute \(attribute)" }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst()
                guard rest.first == "\"" else { return "unquoted attribute \(attribute)" }
                rest = rest.dropFirst()
                value = String(rest.prefix { $0 != "\"" })
                rest = rest.dropFirst(value.count + 1)
            }
            if attribute == "href" || attribute == "src" {
                let lowered = value.lowercased()
                if !value.isEmpty && !allowedSchemes.contains(where: { lowered.hasPrefix($0) }) {
                    return "\(attribute)=\"\(value)\""
                }
            }
            if attribute == "style" { return "style attribute" }
        }
    }
}
