import WktCore

extension FileImporter {
    /// The format `wkt-site import` would read the file at `path` as, by content alone (what
    /// `--format auto` does), or nil when no supported format claims it.
    ///
    /// - Throws: ``ImportError/unreadable(file:message:)`` when the file cannot be read, or a CSV
    ///   syntax error in its header line.
    public static func detectFormat(path: String, limits: CSVLimits = .standard) throws(ImportError) -> ImportFormat? {
        let options = ImportOptions(limits: limits)
        if isAppleHealthExport(path: path, options: options) { return .appleHealth }
        return try detectFormat(bytes: try FileBytes.read(path: path, maxBytes: limits.maxBytes), limits: limits)
    }

    /// The format of a file's bytes by content alone, or nil when no supported format claims them;
    /// Apple Health zips and streamed XML are recognised by path (``detectFormat(path:limits:)``).
    ///
    /// - Throws: a CSV syntax error in the header line.
    public static func detectFormat(bytes: [UInt8], limits: CSVLimits = .standard) throws(ImportError) -> ImportFormat? {
        let options = ImportOptions(limits: limits)
        if let document = FormatDetector.documentEntry(for: bytes, options: options) { return document.format }
        if FormatDetector.isPlainlyNotCSV(bytes) { return nil }
        let reader = try CSVReader(bytes: bytes, file: "", limits: limits)
        return FormatDetector.entries.first { $0.matches(reader.header) }?.format
    }
}
