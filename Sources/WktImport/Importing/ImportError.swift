import WktCore

/// Why an export file could not be imported. Every case says where (file, and the line when one is
/// to blame) and which rule was broken; ``exitCode`` maps it to the process status of
/// docs/reliability.md (65 bad data, 74 I/O).
public enum ImportError: Error, Equatable, CustomStringConvertible {
    /// The file's content breaks a rule: a bad row, a broken quote, an invalid encoding, a missing
    /// column. `line` is the 1-based physical line (the line a quoted multi-line record starts on),
    /// nil when the whole file is to blame.
    case badData(file: String, line: Int?, message: String)
    /// The file could not be read at all (missing, a directory, permission denied, I/O failure).
    case unreadable(file: String, message: String)
    /// The header matches none of the supported formats; `supported` lists their ids.
    case unknownFormat(file: String, supported: [String])

    /// `EX_DATAERR` (65) for bad data and unknown formats, `EX_IOERR` (74) for unreadable files.
    public var exitCode: Int32 {
        switch self {
        case .badData, .unknownFormat: 65
        case .unreadable: 74
        }
    }

    /// The file's path as given by the user.
    public var file: String {
        switch self {
        case .badData(let file, _, _), .unreadable(let file, _), .unknownFormat(let file, _): file
        }
    }

    /// The 1-based line to blame, nil when the error concerns the whole file.
    public var line: Int? {
        switch self {
        case .badData(_, let line, _): line
        case .unreadable, .unknownFormat: nil
        }
    }

    /// The rule that was broken, without the `file:line:` prefix: one line, control characters
    /// escaped, quoted input values cut to 80 characters (docs/reliability.md A-09).
    public var message: String { MessageText.oneLine(rawMessage) }

    private var rawMessage: String {
        switch self {
        case .badData(_, _, let message): message
        case .unreadable(_, let message): "cannot read the file: \(message)"
        case .unknownFormat(_, let supported):
            "unrecognised header: not an export of a supported format (supported: "
                + supported.joined(separator: ", ") + ")"
        }
    }

    /// One line: `FILE:LINE: MESSAGE`, or `FILE: MESSAGE` when no line is to blame.
    public var description: String {
        let place = MessageText.clip(file, limit: 1_000)
        if let line { return "\(place):\(line): \(message)" }
        return "\(place): \(message)"
    }
}
