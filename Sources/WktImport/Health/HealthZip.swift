/// Reading the main XML of an `export.zip` without writing anything to disk (docs/formats.md §4.1,
/// docs/reliability.md I-27, A-07, A-08).
///
/// The zip's directory is read here, by hand, and only the inflating is ZIPFoundation's (its
/// public `Data.decompress`, zlib underneath). ZIPFoundation's own `Archive` reader (0.9.20)
/// treats a ZIP64 extra-field value of 0 as "absent": in a ZIP64 archive whose first entry sits at
/// offset 0 (what large exports look like), it then seeks to offset 0xFFFFFFFF, stops listing
/// the entries, and the import failed with "no apple_health_export/*.xml". Reading the
/// directory ourselves also lets the inflation be capped by what we count, not by the sizes
/// the archive claims.
enum HealthZip {
    /// The folder Apple puts the export in.
    static let folder = "apple_health_export"

    /// Zip-bomb guard (docs/reliability.md A-08): an entry may inflate to at most `maxRatio` times the
    /// compressed bytes read so far. Real Apple Health exports compress about 10–20×, so 100×
    /// leaves a 5× margin; a deflate bomb reaches ~1,000×. Checked as the data streams, so a bomb
    /// is refused after a few megabytes, not after the gigabytes it claims.
    static let maxRatio: UInt64 = 100
    /// Every entry may inflate to this much whatever its ratio, so small, very repetitive exports
    /// (test fixtures, a fresh phone) are never refused.
    static let ratioFreeBytes: UInt64 = 16 << 20
    /// And no entry may inflate past this, whatever its compressed size: 32 GiB of XML is about
    /// 20 times the largest export reported (1.5 GiB must import, docs/reliability.md L-02).
    static let maxInflatedBytes: UInt64 = 32 << 30

    /// One entry of the zip's central directory.
    struct Member: Sendable, Equatable {
        /// The path inside the zip.
        var path: String
        /// 0 stored, 8 deflated; anything else cannot be read.
        var method: UInt16
        /// General-purpose flags (bit 0: encrypted).
        var flags: UInt16
        /// CRC-32 of the inflated bytes.
        var crc32: UInt32
        /// Size of the stored data (after ZIP64 extra fields are applied).
        var compressedSize: UInt64
        /// Size the archive claims for the inflated data.
        var uncompressedSize: UInt64
        /// Where the entry's local header starts.
        var localHeaderOffset: UInt64
        /// A regular file (not a directory or a symbolic link).
        var isFile: Bool
    }

    /// The most an entry may have inflated to after `compressedRead` compressed bytes:
    /// ``maxRatio`` × those bytes, at least ``ratioFreeBytes``, at most ``maxInflatedBytes``.
    static func inflationCap(compressedRead compressed: UInt64) -> UInt64 {
        let byRatio = compressed.multipliedReportingOverflow(by: maxRatio)
        return min(max(byRatio.overflow ? .max : byRatio.partialValue, ratioFreeBytes), maxInflatedBytes)
    }

    /// "64 MiB", "1.5 GiB" for messages.
    static func byteText(_ count: UInt64) -> String {
        let units: [(UInt64, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where count >= size {
            let tenths = (count * 10 + size / 2) / size
            return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
        }
        return "\(count) bytes"
    }

    /// The entry to read: the largest regular file `apple_health_export/<name>.xml` whose name
    /// does not contain `cda` (the localized main document: `export.xml`, `exportar.xml`,
    /// `dati esportati.xml`). Entries in `__MACOSX/`, in sub-folders, with `..` components,
    /// symbolic links and directories are never chosen, so nothing but that one file is read.
    /// Ties go to the first entry in the archive.
    static func mainEntry(in members: [Member]) -> Member? {
        var best: Member?
        for member in members where member.isFile {
            let parts = member.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == folder else { continue }
            let name = parts[1].lowercased()
            guard name.hasSuffix(".xml"), name.count > 4, !name.contains("cda") else { continue }
            if let current = best, member.uncompressedSize <= current.uncompressedSize { continue }
            best = member
        }
        return best
    }

    /// The central directory of the zip at `path` (classic or ZIP64).
    static func members(of path: String) throws(HealthImportError) -> [Member] {
        let file = try ZipFile(path: path)
        return try file.members()
    }
}
