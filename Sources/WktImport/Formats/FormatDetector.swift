import WktCore

/// The registry of formats and their detection: documents (JSON backups) by their content,
/// CSV formats by their header (docs/formats.md §1.7, §2, §3, §5, §8, §9).
///
/// Detection is data-driven: each entry says which files it claims and which importer reads them,
/// so a format (Apple Health, wkt JSON) is added by adding an entry, and the unknown-format error
/// lists whatever is registered.
enum FormatDetector {
    /// One supported CSV format.
    struct Entry: Sendable {
        /// The `--format` value.
        let format: ImportFormat
        /// Whether a header belongs to this format.
        let matches: @Sendable ([String]) -> Bool
        /// Whether rows wider than the header reach the importer (in ``CSVTable/wideRows``) instead
        /// of being ragged: only for an importer that repairs or rejects each one (FitNotes).
        var keepsWideRows = false
        /// Reads a table of this format.
        let read: @Sendable (CSVTable, ImportOptions) throws(ImportError) -> ImportBatch
    }

    /// One supported non-CSV format, recognised from the file's bytes before the CSV path.
    struct DocumentEntry: Sendable {
        /// The `--format` value.
        let format: ImportFormat
        /// Whether the bytes belong to this format (cheap; never throws).
        let matches: @Sendable ([UInt8]) -> Bool
        /// Reads the whole file: its bytes and the path to name in messages.
        let read: @Sendable ([UInt8], String, ImportOptions) throws(ImportError) -> ImportBatch
    }

    /// The supported CSV formats, in detection order.
    static let entries: [Entry] = [
        Entry(
            format: .strong, matches: { StrongImporter.matches(header: $0) },
            read: { table, options throws(ImportError) in try StrongImporter.read(table, options: options) }),
        Entry(
            format: .hevy, matches: { HevyImporter.matches(header: $0) },
            read: { table, options throws(ImportError) in try HevyImporter.read(table, options: options) }),
        Entry(
            format: .fitbod, matches: { FitbodImporter.matches(header: $0) },
            read: { table, options throws(ImportError) in try FitbodImporter.read(table, options: options) }),
        Entry(
            format: .fitnotes, matches: { FitNotesImporter.matches(header: $0) }, keepsWideRows: true,
            read: { table, options throws(ImportError) in try FitNotesImporter.read(table, options: options) }),
        Entry(
            format: .stronglifts, matches: { StrongLiftsImporter.matches(header: $0) },
            read: { table, options throws(ImportError) in try StrongLiftsImporter.read(table, options: options) }),
    ]

    /// The supported document formats, in detection order (tried before any CSV format).
    static let documentEntries: [DocumentEntry] = [
        DocumentEntry(
            format: .wkt, matches: { WktJSON.looksLikeWktJSON(prefix: Array($0.prefix(4096))) },
            read: { bytes, file, options throws(ImportError) in
                do throws(WktJSONError) {
                    // Starts without an offset are wall times in the configured zone (T-07).
                    var batch = try WktJSON.decode(bytes: bytes, file: file)
                    let (workouts, moved) = NaiveTimes.resolveGaps(batch.workouts, zoneName: options.timeZone)
                    batch.workouts = workouts
                    batch.workoutWarnings += moved
                    return batch
                } catch {
                    throw ImportError.badData(
                        file: file, line: error.line, message: (error.path.map { $0 + ": " } ?? "") + error.message)
                }
            }),
        DocumentEntry(
            format: .gymBaazi, matches: { GymBaaziImporter.matches(bytes: $0) },
            read: { bytes, file, options throws(ImportError) in
                try GymBaaziImporter.read(bytes: bytes, file: file, options: options)
            }),
    ]

    /// The ids of the supported formats in ``ImportFormat`` order, for messages and `--format` help.
    static var supportedIDs: [String] {
        let registered = entries.map(\.format) + documentEntries.map(\.format) + [.appleHealth]
        return ImportFormat.allCases.filter(registered.contains).map(\.rawValue)
    }

    /// The document entry that reads `bytes`: the forced one, or the first that claims them; nil
    /// when the file goes down the CSV path.
    static func documentEntry(for bytes: [UInt8], options: ImportOptions) -> DocumentEntry? {
        if options.format != .auto { return documentEntries.first { $0.format == options.format } }
        return documentEntries.first { $0.matches(bytes) }
    }

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
