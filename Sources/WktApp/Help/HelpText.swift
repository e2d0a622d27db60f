import WktImport

/// The help texts that name the supported formats, built from ``ImportFormat`` so that a format
/// added to the importer appears in `wkt-site --help` and `wkt-site import --help` at once.
public enum HelpText {
    /// The apps, joined for a sentence: `Strong, Hevy, …, Apple Health` (wkt JSON, our own format,
    /// is not an app and is named separately).
    static var appList: String {
        let apps = ImportFormat.importable.filter { $0 != .wkt }.compactMap(\.appName)
        guard let last = apps.last else { return "" }
        return apps.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The top-level command's discussion.
    public static var overview: String {
        """
        Import your \(appList) export (or a wkt JSON file) into a local store, then build the site:

          wkt-site import strong_workouts.csv
          wkt-site build
          wkt-site stats

        Exit codes: 0 ok, 64 usage, 65 bad input data, 74 I/O error, 75 busy.
        """
    }

    /// The help of `import`'s files argument.
    public static var importFiles: String {
        "Export files: " + ImportFormat.importable.compactMap(\.exportFile).joined(separator: "; ") + "."
    }

    /// The help of `import --format`.
    public static var formatOption: String {
        "The file format: auto (detect it from the content), "
            + ImportFormat.importable.map { "\($0.rawValue) (\($0.appName ?? $0.rawValue))" }.joined(separator: ", ")
            + "."
    }
}
