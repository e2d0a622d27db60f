import WktCore

/// Why an Apple Health export could not be imported (docs/reliability.md P5, I-21 … I-27).
///
/// Every case names the file and, where the fault has one, the 1-based line and/or the 0-based
/// byte offset in the original (unfiltered) XML, so the message is one actionable line.
public struct HealthImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers and tests that branch on the kind of failure.
    public enum Kind: String, Sendable, Equatable {
        /// The file could not be opened or read (exit 74).
        case io
        /// Neither a `<HealthData>` document nor a zip holding `apple_health_export/*.xml`.
        case notHealthExport
        /// A byte sequence that is not UTF-8 (caught before `XMLParser` can trap on it).
        case invalidUTF8
        /// The XML is not well formed (the pre-pass or `XMLParser` says where).
        case malformedXML
        /// The document ends before `</HealthData>`.
        case truncated
        /// The zip container is damaged (bad header, CRC mismatch, unsupported compression).
        case zip
        /// A `<Workout>` attribute is missing or has a value that cannot be read.
        case badValue
    }

    /// The kind of failure.
    public let kind: Kind
    /// The path as given by the user (for a zip: the zip's path).
    public let file: String
    /// 1-based line in the XML document, when known.
    public let line: Int?
    /// 0-based byte offset in the XML document, when known.
    public let byteOffset: Int?
    /// What rule was broken, in words a user can act on.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, file: String, line: Int? = nil, byteOffset: Int? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.byteOffset = byteOffset
        // One line, control characters escaped, quoted values cut (docs/reliability.md A-09).
        self.message = MessageText.oneLine(message)
    }

    /// The process exit status for this error: 74 for I/O failures, 65 for bad data.
    public var exitCode: Int32 { kind == .io ? 74 : 65 }

    /// `file:line: message`, `file: byte offset N (line L): message` or `file: message`.
    public var description: String {
        var location = MessageText.clip(file, limit: 1_000)
        if let byteOffset {
            location += ": byte offset \(byteOffset)"
            if let line { location += " (line \(line))" }
        } else if let line {
            location += ":\(line)"
        }
        return "\(location): \(message)"
    }
}
