import WktCore

/// Which importer reads a file: detected from the header, or forced by `--format`.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// Detect the format from the file's header (docs/formats.md §1.7, §2).
    case auto
    /// Strong (strong.app) CSV, every dialect of docs/formats.md §1.1.
    case strong
    /// Hevy `workout_data.csv` (docs/formats.md §2).
    case hevy
    /// FitNotes (Android) `FitNotes_Export.csv`, 8-, 9- and 10-column headers (docs/formats.md §3).
    case fitnotes
    /// Fitbod `WorkoutExport.csv` (docs/formats.md §8).
    case fitbod
    /// StrongLifts 5×5 CSV export, kg or lb (docs/formats.md §9).
    case stronglifts
    /// Gym-Baazi `BackupData` JSON backup (docs/formats.md §5).
    case gymBaazi = "gym-baazi"
    /// wkt JSON version 1, our own interchange format (docs/formats.md §5), as `wkt-site export` writes it.
    case wkt
    /// Apple Health `export.xml` or `export.zip` (docs/formats.md §4). Streamed from the file, never
    /// read whole; see ``AppleHealthImporter``.
    case appleHealth = "apple-health"
}

/// Size caps that stop a huge or hostile file before it exhausts memory (docs/reliability.md I-20).
public struct CSVLimits: Sendable, Hashable {
    /// The largest file accepted, in bytes.
    public var maxBytes: Int
    /// The largest number of data records accepted (the header not counted).
    public var maxRecords: Int

    /// Creates limits.
    public init(maxBytes: Int, maxRecords: Int) {
        self.maxBytes = maxBytes
        self.maxRecords = maxRecords
    }

    /// 64 MiB and one million records: thirty times the largest real export seen (2 MB,
    /// 23k rows), far below what would strain memory.
    public static let standard = CSVLimits(maxBytes: 64 << 20, maxRecords: 1_000_000)
}

/// How to read an export file.
public struct ImportOptions: Sendable {
    /// The format to read, or ``ImportFormat/auto`` to detect it.
    public var format: ImportFormat
    /// The weight unit of files that carry none (Strong A, A′, A-de, L1, L2); nil assumes kg and
    /// says so in ``ImportBatch/unitAssumed``. Files that name their unit ignore it.
    public var unit: WeightUnit?
    /// Import the good rows of a file and list the bad ones in ``ImportBatch/skipped`` instead of
    /// rejecting the whole file. Structural damage (broken quoting, encoding, unknown header) still
    /// rejects the file.
    public var skipBadRows: Bool
    /// The user's today; workouts starting on a later date are imported with a warning. Nil skips
    /// the check.
    public var today: CivilDate?
    /// Size caps for the file.
    public var limits: CSVLimits
    /// IANA name of the zone in which instants (Gym-Baazi's reference-date seconds, Fitbod's UTC
    /// timestamps) become wall times. The app passes the configured `timezone` (docs/statistics.md); the default `UTC`
    /// is for callers without one. Naive wall-time formats (Strong, Hevy, FitNotes, StrongLifts)
    /// keep their wall times, except one that does not exist in this zone (a DST gap), which moves forward by
    /// the gap with a warning (docs/reliability.md T-07).
    public var timeZone: String

    /// Creates options; the defaults detect the format, assume nothing, reject any bad row and read
    /// instants in UTC.
    public init(
        format: ImportFormat = .auto, unit: WeightUnit? = nil, skipBadRows: Bool = false,
        today: CivilDate? = nil, limits: CSVLimits = .standard, timeZone: String = "UTC"
    ) {
        self.format = format
        self.unit = unit
        self.skipBadRows = skipBadRows
        self.today = today
        self.limits = limits
        self.timeZone = timeZone
    }
}

extension ImportFormat {
    /// The app (or file) a user knows the format by, for help texts and messages; nil for
    /// ``auto``. Every format has one, so `--help` names every format that can be imported.
    public var appName: String? {
        switch self {
        case .auto: nil
        case .strong: "Strong"
        case .hevy: "Hevy"
        case .fitnotes: "FitNotes"
        case .fitbod: "Fitbod"
        case .stronglifts: "StrongLifts 5×5"
        case .gymBaazi: "Gym-Baazi"
        case .wkt: "wkt JSON"
        case .appleHealth: "Apple Health"
        }
    }

    /// The file the app exports, as the help lists it (`Strong CSV, every dialect`).
    public var exportFile: String? {
        switch self {
        case .auto: nil
        case .strong: "Strong CSV, every dialect"
        case .hevy: "Hevy workout_data.csv"
        case .fitnotes: "FitNotes (Android) CSV"
        case .fitbod: "Fitbod WorkoutExport.csv"
        case .stronglifts: "StrongLifts 5×5 CSV"
        case .gymBaazi: "Gym-Baazi backup JSON"
        case .wkt: "wkt JSON (wkt-site export)"
        case .appleHealth: "Apple Health export.zip or export.xml"
        }
    }

    /// Every format but ``auto``, in `--format` order.
    public static var importable: [ImportFormat] { allCases.filter { $0 != .auto } }
}
