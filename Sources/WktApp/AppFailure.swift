import WktConfig
import WktCore
import WktDemo
import WktIO
import WktImport
import WktMarkdown
import WktSite
import WktStore

/// An error every module's error type can be reported as: one line and an exit code.
protocol ReportableError: Error, CustomStringConvertible {
    /// The exit code of docs/reliability.md (64, 65, 74, 75).
    var exitCode: Int32 { get }
}

extension ImportError: ReportableError {}
extension StoreError: ReportableError {}
extension ConfigError: ReportableError {}
extension LockError: ReportableError {}
extension PublishError: ReportableError {}
extension MarkdownError: ReportableError {}
extension SiteError: ReportableError {}
extension DemoError: ReportableError {}

/// Any failure of a command, reduced to what the user sees: one line and an exit code.
struct AppFailure: Error {
    /// The full one-line message (`file:line: rule`).
    var message: String
    /// The exit code.
    var exitCode: Int32
    /// The line in the input file, when the failure concerns one.
    var line: Int?
    /// The message without the `file:line:` prefix (for `--json` error objects).
    var detail: String

    init(message: String, exitCode: Int32, line: Int? = nil, detail: String? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.line = line
        self.detail = detail ?? message
    }

    /// Wraps any error; unknown error types are reported as I/O errors (74), never swallowed.
    init(_ error: any Error) {
        switch error {
        case let failure as AppFailure:
            self = failure
        case let importError as ImportError:
            self.init(
                message: importError.description, exitCode: importError.exitCode, line: importError.line,
                detail: importError.message)
        case let reportable as any ReportableError:
            self.init(message: reportable.description, exitCode: reportable.exitCode)
        default:
            self.init(message: String(describing: error), exitCode: ExitStatus.ioError)
        }
    }

    /// As a command result.
    var result: CommandResult { .failure(message, exitCode: exitCode) }
}

extension Error {
    /// This error as a failed command result.
    var result: CommandResult { AppFailure(self).result }
}
