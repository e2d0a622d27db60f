import GRDB

/// One schema migration: an identifier and the SQL it runs, in its own transaction.
///
/// Migrations are SQL strings, never record types, so the schema cannot move when a Swift type
/// changes. A released migration is never edited; changes go into a new one appended to
/// ``StoreSchema/migrations``.
struct Migration: Sendable {
    /// The identifier recorded in `grdb_migrations`.
    let identifier: String
    /// The SQL statements, executed in one transaction.
    let sql: String
    /// True when a store without this migration reads exactly as one with it (the migration only
    /// changes how new rows are checked), so the read-only commands (`build`, `stats`, `check`,
    /// `export`, `backup`) read such a store as it is and the next import migrates it.
    var readCompatible = false
}

/// The store's schema: the ordered migration list and the migrator built from it.
///
/// Besides GRDB's `grdb_migrations` table, migration number *k* (1-based) sets
/// `PRAGMA user_version = k` inside its own transaction, so the version is readable by any SQLite
/// tool and moves together with the schema.
enum StoreSchema {
    /// Every migration this binary knows, oldest first. Never edit a released entry.
    static let migrations: [Migration] = [
        Migration(identifier: "v1-workouts", sql: v1),
        Migration(identifier: "v2-body-measurements", sql: v2),
        Migration(identifier: "v3-block-category", sql: v3),
        Migration(identifier: "v4-set-kind-check", sql: v4, readCompatible: true),
    ]

    /// Version 1: workouts, exercises, blocks, sets, check-ins, schedule and the import log.
    ///
    /// Tables are `STRICT`, so a column holds only its declared type. Rows of one workout cascade
    /// from `workout`; an exercise row is deleted only when no block uses it any more.
    static let v1 = """
        CREATE TABLE workout (
            id INTEGER PRIMARY KEY,
            source TEXT NOT NULL CHECK (length(source) > 0),
            source_key TEXT NOT NULL,
            start TEXT NOT NULL CHECK (start GLOB
                '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9]'),
            utc_offset_s INTEGER CHECK (utc_offset_s BETWEEN -86399 AND 86399),
            duration_s INTEGER CHECK (duration_s >= 0),
            name TEXT NOT NULL,
            notes TEXT,
            activity TEXT NOT NULL,
            energy_kcal REAL CHECK (energy_kcal >= 0),
            rating INTEGER CHECK (rating BETWEEN 1 AND 5),
            fingerprint TEXT NOT NULL CHECK (length(fingerprint) = 64),
            UNIQUE (source, source_key)
        ) STRICT;
        CREATE INDEX workout_by_start ON workout(start);

        CREATE TABLE exercise (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE CHECK (length(name) > 0)
        ) STRICT;

        CREATE TABLE workout_block (
            id INTEGER PRIMARY KEY,
            workout_id INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 1),
            exercise_id INTEGER NOT NULL REFERENCES exercise(id) ON DELETE RESTRICT,
            notes TEXT,
            superset_id INTEGER,
            pain_flag INTEGER NOT NULL DEFAULT 0 CHECK (pain_flag IN (0, 1)),
            planned_sets INTEGER CHECK (planned_sets >= 0),
            UNIQUE (workout_id, position)
        ) STRICT;
        CREATE INDEX workout_block_by_exercise ON workout_block(exercise_id);

        CREATE TABLE workout_set (
            id INTEGER PRIMARY KEY,
            block_id INTEGER NOT NULL REFERENCES workout_block(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 1),
            kind TEXT NOT NULL CHECK (kind IN ('normal', 'warmup', 'drop', 'failure')),
            weight_kg REAL,
            reps INTEGER CHECK (reps >= 0),
            seconds REAL CHECK (seconds >= 0),
            distance_m REAL CHECK (distance_m >= 0),
            rpe REAL CHECK (rpe BETWEEN 0 AND 10),
            notes TEXT,
            UNIQUE (block_id, position)
        ) STRICT;

        CREATE TABLE check_in (
            workout_id INTEGER NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) > 0),
            value INTEGER NOT NULL,
            PRIMARY KEY (workout_id, name)
        ) STRICT;

        CREATE TABLE schedule (
            weekday INTEGER PRIMARY KEY CHECK (weekday BETWEEN 1 AND 7),
            routine TEXT NOT NULL,
            source_format TEXT NOT NULL,
            source_file TEXT NOT NULL
        ) STRICT;

        CREATE TABLE import_log (
            id INTEGER PRIMARY KEY,
            file TEXT NOT NULL,
            sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
            format TEXT NOT NULL,
            imported_at TEXT NOT NULL,
            workouts_added INTEGER NOT NULL CHECK (workouts_added >= 0),
            workouts_updated INTEGER NOT NULL CHECK (workouts_updated >= 0),
            workouts_unchanged INTEGER NOT NULL CHECK (workouts_unchanged >= 0),
            sets INTEGER NOT NULL CHECK (sets >= 0),
            rows_skipped INTEGER NOT NULL CHECK (rows_skipped >= 0)
        ) STRICT;
        """

    /// Version 2: bodyweight measurements (docs/formats.md §10), at most one
    /// per day and source. Workouts are untouched: a version-1 store keeps every row.
    ///
    /// The weight bounds are ``WktCore/BodyMeasurement/plausibleKg``; the importers check them
    /// first and name the file and line, so the CHECK is the last line of defence.
    static let v2 = """
        CREATE TABLE body_measurement (
            day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
            source TEXT NOT NULL CHECK (length(source) > 0),
            weight_kg REAL NOT NULL CHECK (weight_kg BETWEEN 20 AND 400),
            PRIMARY KEY (day, source)
        ) STRICT;
        """

    /// Version 3: FitNotes' `Category` per exercise block (``WktCore/ExerciseBlock/category``,
    /// docs/statistics.md "Sets per muscle"). A nullable column: every stored block keeps its row
    /// and has no category until its FitNotes workout is imported again.
    static let v3 = """
        ALTER TABLE workout_block ADD COLUMN category TEXT CHECK (category IS NULL OR length(category) > 0);
        """

    /// Version 4: the same `workout_set` table, rebuilt with the set-kind rule written as equalities
    /// (`kind = 'normal' OR …`) instead of `kind IN (…)`.
    ///
    /// The rule and every row are unchanged. SQLite evaluates an `IN` list of more than two constants
    /// through a temporary b-tree that it builds again for every inserted row; with 40,000 sets that
    /// was a fifth of a first import's time (docs/product.md "What the measurements taught us").
    /// The table is rebuilt the way SQLite documents for changing a constraint (new table, copy,
    /// drop, rename), inside the migration's transaction with foreign keys checked before commit.
    /// Nothing refers to `workout_set`, so no other table changes. A version-3 store reads exactly
    /// as a version-4 one, so `build` keeps working on it until the next import migrates it.
    static let v4 = """
        CREATE TABLE workout_set_v4 (
            id INTEGER PRIMARY KEY,
            block_id INTEGER NOT NULL REFERENCES workout_block(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 1),
            kind TEXT NOT NULL CHECK (kind = 'normal' OR kind = 'warmup' OR kind = 'drop' OR kind = 'failure'),
            weight_kg REAL,
            reps INTEGER CHECK (reps >= 0),
            seconds REAL CHECK (seconds >= 0),
            distance_m REAL CHECK (distance_m >= 0),
            rpe REAL CHECK (rpe BETWEEN 0 AND 10),
            notes TEXT,
            UNIQUE (block_id, position)
        ) STRICT;
        INSERT INTO workout_set_v4 (id, block_id, position, kind, weight_kg, reps, seconds, distance_m, rpe, notes)
            SELECT id, block_id, position, kind, weight_kg, reps, seconds, distance_m, rpe, notes FROM workout_set;
        DROP TABLE workout_set;
        ALTER TABLE workout_set_v4 RENAME TO workout_set;
        """

    /// A migrator running `migrations` in order, each in its own transaction, each also setting
    /// `PRAGMA user_version` to its 1-based number.
    ///
    /// A failing migration throws ``MigrationFailure`` naming it; GRDB has then rolled it back and
    /// kept the earlier ones.
    static func migrator(_ migrations: [Migration]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (index, migration) in migrations.enumerated() {
            let version = index + 1
            migrator.registerMigration(migration.identifier) { db in
                do {
                    try db.execute(sql: migration.sql)
                    try db.execute(sql: "PRAGMA user_version = \(version)")
                } catch {
                    throw MigrationFailure(identifier: migration.identifier, underlying: error)
                }
            }
        }
        return migrator
    }
}

/// The error a failing migration throws, so the store can name it.
struct MigrationFailure: Error {
    /// The migration's identifier.
    let identifier: String
    /// What SQLite said.
    let underlying: any Error
}
