import WktCore

/// Why a wkt JSON file could not be read (docs/reliability.md I-28).
///
/// Every error names the file, the 1-based line and the JSON path of the value at fault
/// (`$.workouts[3].exercises[0].sets[1].weight_kg`), so the message is one actionable line.
public struct WktJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers and tests that branch on the kind of failure.
    public enum Kind: String, Sendable, Equatable {
        /// The bytes are not UTF-8.
        case invalidUTF8
        /// Not JSON (RFC 8259): a stray character, a lone surrogate `\ud800`, `NaN`, a number
        /// out of range such as `1e400`, an unterminated string, …
        case syntax
        /// Arrays and objects nested deeper than ``JSONScanner/maxDepth``.
        case tooDeep
        /// The same key twice in one object (JSON parsers disagree on which wins; we refuse).
        case duplicateKey
        /// A key the format does not define.
        case unknownKey
        /// A required key is absent.
        case missingKey
        /// A value of the wrong JSON type (a weight given as a string).
        case typeMismatch
        /// A value of the right type outside its allowed range or form.
        case invalidValue
        /// A `version` newer than this build understands.
        case unsupportedVersion
    }

    /// The kind of failure.
    public let kind: Kind
    /// The path as given by the user.
    public let file: String
    /// 1-based line of the value at fault, when known.
    public let line: Int?
    /// JSON path of the value at fault (`$` is the document), when known.
    public let path: String?
    /// What rule was broken, in words a user can act on.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, file: String, line: Int? = nil, path: String? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.path = path.map { MessageText.clip($0, limit: 200) }
        // One line, control characters escaped, quoted values cut (docs/reliability.md A-09).
        self.message = MessageText.oneLine(message)
    }

    /// The error for a document ``JSONScanner`` refuses: its kind, line, path and message.
    init(_ error: JSONScanError, file: String) {
        let kind: Kind = switch error.kind {
        case .syntax: .syntax
        case .duplicateKey: .duplicateKey
        case .unknownKey: .unknownKey
        case .tooDeep: .tooDeep
        }
        self.init(kind: kind, file: file, line: error.line, path: error.path.description, message: error.message)
    }

    /// The process exit status: 65 (bad input data) for every kind.
    public var exitCode: Int32 { 65 }

    /// `file:line: path: message`.
    public var description: String {
        var text = MessageText.clip(file, limit: 1_000)
        if let line { text += ":\(line)" }
        if let path { text += ": \(path)" }
        return text + ": " + message
    }
}
