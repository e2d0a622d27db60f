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
        let bytes = try FileBytes.read(path: path, maxBytes: limits.maxBytes)
        if let document = FormatDetector.documentEntry(for: bytes, options: options) { return document.format }
        if FormatDetector.isPlainlyNotCSV(bytes) { return nil }
        let reader = try CSVReader(bytes: bytes, file: path, limits: limits)
        return FormatDetector.entries.first { $0.matches(reader.header) }?.format
    }
}
