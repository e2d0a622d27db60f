import WktCore

/// What applying one ``WktCore/ImportBatch`` did (or, in a dry run, would do) to the store.
public struct ImportOutcome: Sendable, Equatable {
    /// Workouts whose identity was new.
    public var added: Int
    /// Workouts whose identity was known but whose content changed (edited in the app).
    public var updated: Int
    /// Workouts already stored with the same content (duplicates).
    public var unchanged: Int
    /// Sets of the added and updated workouts.
    public var sets: Int
    /// Bodyweight measurements whose day and source were new.
    public var measurementsAdded = 0
    /// Bodyweight measurements that replaced a stored one of the same day and source with
    /// another weight (the last one read wins).
    public var measurementsUpdated = 0

    /// Creates an outcome.
    public init(
        added: Int = 0, updated: Int = 0, unchanged: Int = 0, sets: Int = 0, measurementsAdded: Int = 0,
        measurementsUpdated: Int = 0
    ) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.sets = sets
        self.measurementsAdded = measurementsAdded
        self.measurementsUpdated = measurementsUpdated
    }
}

/// What applying one batch did, with the workouts it touched: ``WorkoutStore/applyTracking(_:dryRun:)``.
public struct AppliedBatch: Sendable, Equatable {
    /// The counts.
    public var outcome: ImportOutcome
    /// The identities of the workouts the batch added or updated (in a dry run: would add or
    /// update); `wkt-site import` prints a workout's warnings only when it is here
    /// (docs/formats.md §6.3).
    public var changed: Set<WorkoutIdentity>

    /// Creates a result.
    public init(outcome: ImportOutcome, changed: Set<WorkoutIdentity> = []) {
        self.outcome = outcome
        self.changed = changed
    }
}

/// One row of the store's import log: which file was imported, when, and what it held.
public struct ImportLogEntry: Sendable, Equatable {
    /// The file's path as the user gave it.
    public var file: String
    /// Lower-case hex SHA-256 of the file's bytes (64 characters).
    public var sha256: String
    /// Format id with dialect (`strong/C`).
    public var format: String
    /// When the import ran, as text supplied by the caller (injected clock; e.g. RFC 3339).
    public var importedAt: String
    /// Rows skipped under `--skip-bad-rows`.
    public var rowsSkipped: Int

    /// Creates a log entry.
    public init(file: String, sha256: String, format: String, importedAt: String, rowsSkipped: Int) {
        self.file = file
        self.sha256 = sha256
        self.format = format
        self.importedAt = importedAt
        self.rowsSkipped = rowsSkipped
    }
}
