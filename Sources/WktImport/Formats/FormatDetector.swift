import WktCore

/// The registry of CSV formats and the detection by header (FORMATS.md §1.7, §2).
///
/// Detection is data-driven: each entry says which header it claims and which importer reads it,
/// so a format (FitNotes, Apple Health, wkt JSON) is added by adding an entry, and the
/// unknown-format error lists whatever is registered.
enum FormatDetector {
    /// One supported CSV format.
    struct Entry: Sendable {
        /// The `--format` value.
        let format: ImportFormat
        /// Whether a header belongs to this format.
        let matches: @Sendable ([String]) -> Bool
        /// Reads a table of this format.
        let read: @Sendable (CSVTable, ImportOptions) throws(ImportError) -> ImportBatch
    }

    /// The supported formats, in detection order.
    static let entries: [Entry] = [
        Entry(
            format: .strong, matches: { StrongImporter.matches(header: $0) },
            read: { table, options throws(ImportError) in try StrongImporter.read(table, options: options) }),
        Entry(
            format: .hevy, matches: { HevyImporter.matches(header: $0) },
            read: { table, options throws(ImportError) in try HevyImporter.read(table, options: options) }),
    ]

    /// The ids of the supported formats, for messages and `--format` help.
    static var supportedIDs: [String] { entries.map(\.format.rawValue) }

    /// Whether the bytes are plainly not CSV: a ZIP archive (Apple Health's `export.zip`), or text
    /// that starts like XML or JSON. Such files get the unknown-format error, not a CSV syntax error.
    static func isPlainlyNotCSV(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return true }
        let body = bytes.starts(with: TextEncodingCheck.utf8BOM) ? bytes.dropFirst(3) : bytes[...]
        guard let first = body.first(where: { ![ASCII.space, ASCII.lf, ASCII.cr, UInt8(ascii: "\t")].contains($0) })
        else { return false }
        return [UInt8(ascii: "<"), UInt8(ascii: "{"), UInt8(ascii: "[")].contains(first)
    }

    /// The entry for a header: the forced one, or the first whose detector claims the header.
    ///
    /// - Throws: ``ImportError/unknownFormat(file:supported:)`` when no entry claims the header.
    static func entry(for header: [String], options: ImportOptions, file: String) throws(ImportError) -> Entry {
        if options.format != .auto, let forced = entries.first(where: { $0.format == options.format }) {
            return forced
        }
        guard let detected = entries.first(where: { $0.matches(header) }) else {
            throw .unknownFormat(file: file, supported: supportedIDs)
        }
        return detected
    }
}
