/// The one error type of `WktMarkdown`.
///
/// Markdown itself never fails to parse: any text is a valid CommonMark document, and the
/// caps of `NoteRenderer` turn hostile notes into escaped text rather than errors. What can fail
/// is the cmark-gfm library: a missing syntax extension (a broken or unexpected installation) or
/// a library call that reports failure. Both are environment faults, so both map to exit code 74.
public enum MarkdownError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The step of a render in which cmark-gfm reported a failure.
    public enum Stage: String, Equatable, Sendable {
        /// `cmark_parser_new` returned no parser.
        case createParser = "create parser"
        /// `cmark_parser_attach_syntax_extension` refused an extension.
        case attachExtension = "attach extension"
        /// `cmark_parser_finish` returned no document.
        case finishDocument = "finish document"
        /// `cmark_iter_new` returned no iterator while applying the link policy.
        case walkDocument = "walk document"
        /// `cmark_node_set_url` failed while emptying a disallowed link destination.
        case rewriteLink = "rewrite link"
        /// Moving an image's alt text out of the image node failed.
        case unwrapImage = "unwrap image"
        /// `cmark_render_html` returned no HTML.
        case renderHTML = "render HTML"
    }

    /// The cmark-gfm library does not know the syntax extension `name`
    /// (`cmark_find_syntax_extension` returned nothing).
    case unknownExtension(name: String)
    /// cmark-gfm reported a failure at `stage` while rendering Markdown of `inputBytes` UTF-8 bytes.
    case renderFailed(stage: Stage, inputBytes: Int)

    /// The process exit code for this error: 74 (`EX_IOERR`), because both cases are faults of
    /// the installed library, not of the user's data.
    public var exitCode: Int32 {
        switch self {
        case .unknownExtension, .renderFailed:
            return 74
        }
    }

    /// A one-line message naming the extension or the failed stage.
    public var description: String {
        switch self {
        case .unknownExtension(let name):
            return "markdown: cmark-gfm has no syntax extension '\(name)' (check libcmark-gfm-extensions)"
        case .renderFailed(let stage, let inputBytes):
            return "markdown: cmark-gfm failed to \(stage.rawValue) (input \(inputBytes) bytes)"
        }
    }
}
