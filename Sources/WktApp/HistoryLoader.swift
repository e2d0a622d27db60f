import Foundation
import WktCore
import WktStore

/// Loads the history a read-only command works on.
enum HistoryLoader {
    /// The store's history in one read transaction; a store that does not exist yet is an empty
    /// history (a new user's first `build` shows the "how to import" page, not an error).
    /// - Returns: the history and, when the store is missing, a hint line for stderr.
    static func load(storePath: String) throws -> (WorkoutHistory, String?) {
        guard FileManager.default.fileExists(atPath: storePath) else {
            return (WorkoutHistory(workouts: []),
                    "wkt-site: no store at \(storePath) yet — run `wkt-site import FILE` first")
        }
        let store = try WorkoutStore.open(path: storePath, mode: .readOnly)
        return (try store.loadHistory(), nil)
    }
}
