/// Everything that can go wrong while laying out pages and charts.
///
/// Each case says where (template name, file and line, chart ID, week) so the one-line message
/// on stderr is enough to fix the problem, and maps to an exit code of docs/reliability.md.
public enum SiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A template was asked for by name but is neither embedded nor in the templates directory.
    case missingTemplate(name: String)
    /// A template file does not parse as Mustache.
    case templateSyntax(file: String, line: Int, column: Int, message: String)
    /// A template file or the templates directory could not be read.
    case templateUnreadable(path: String, reason: String)
    /// A chart ID is not `[a-z][a-z0-9-]*` of at most 64 bytes.
    case invalidChartID(String)
    /// A calendar week row was not given exactly seven consecutive days.
    case invalidWeek(label: String, rule: String)
    /// Two sources would write the same output file (docs/reliability.md F-07): never last-writer-wins.
    case duplicateOutputPath(path: String, first: String, second: String)
    /// An output path is not a safe relative path below the site root (F-01, F-02).
    case unsafeOutputPath(path: String, source: String, rule: String)
    /// The configured or given base URL cannot be used in links (`base_url`, `--base-url`).
    case invalidBaseURL(String, rule: String)
    /// cmark-gfm failed while rendering the Markdown of one page (a library fault).
    case markdownFailed(path: String, message: String)
    /// `noindex = true`, but the layout writes no `</head>` to put the robots tag before.
    case noHeadForRobots(template: String)

    /// The process exit code for this error: 65 for bad data, 74 for I/O.
    public var exitCode: Int32 {
        switch self {
        case .templateUnreadable, .markdownFailed: 74
        case .missingTemplate, .templateSyntax, .invalidChartID, .invalidWeek, .duplicateOutputPath,
            .unsafeOutputPath, .invalidBaseURL, .noHeadForRobots:
            65
        }
    }

    /// A one-line message naming the template, file, chart or week and the rule broken.
    public var description: String {
        switch self {
        case .missingTemplate(let name):
            "template '\(name)' not found (neither built in nor in the templates directory)"
        case .templateSyntax(let file, let line, let column, let message):
            "\(file):\(line):\(column): Mustache syntax error: \(message)"
        case .templateUnreadable(let path, let reason):
            "\(path): cannot read template: \(reason)"
        case .invalidChartID(let id):
            "chart id '\(id)' is invalid: use [a-z][a-z0-9-]*, at most 64 characters"
        case .invalidWeek(let label, let rule):
            "week '\(label)': \(rule)"
        case .duplicateOutputPath(let path, let first, let second):
            "site: two sources write '\(path)': \(first) and \(second); rename one of them"
        case .unsafeOutputPath(let path, let source, let rule):
            "site: \(source) would write '\(path)', which \(rule)"
        case .invalidBaseURL(let url, let rule):
            "base_url '\(url)': \(rule)"
        case .markdownFailed(let path, let message):
            "site: rendering '\(path)' failed: \(message)"
        case .noHeadForRobots(let template):
            "template '\(template)': noindex = true in [publish] needs a </head> in every page to put the robots tag before"
        }
    }
}
