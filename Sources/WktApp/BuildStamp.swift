import Foundation
import WktCore

/// The digest of everything a build's output depends on; recorded in the site's marker so that a
/// build with unchanged inputs can stop early (PRODUCT.md: "rebuild with nothing changed").
///
/// Inputs: the store's content digest, every setting, today, the base URL, the templates folder's
/// files, and the executable's identity (path, size, modification time — a new binary may render
/// differently). Anything else that changes the output must be added here.
enum BuildStamp {
    /// Bumped whenever the output format changes in a way the other inputs do not capture.
    static let formatVersion = "1"

    static func make(
        storeDigest: String?, settings: Settings, today: CivilDate, baseURL: String?, templatesDirectory: String?,
        executable: String?
    ) throws -> String {
        var lines = [
            "format \(formatVersion)",
            "store \(storeDigest ?? "none")",
            "today \(today)",
            "base-url \(baseURL ?? "")",
            "executable \(identity(ofFile: executable))",
        ]
        lines += settingsLines(settings)
        if let templatesDirectory { lines += try templateLines(templatesDirectory) }
        return SHA256.hex(lines.joined(separator: "\n"))
    }

    /// Every setting, one line each, in a fixed order (the schedule sorted by weekday).
    static func settingsLines(_ s: Settings) -> [String] {
        var lines = [
            "timezone \(s.timezone)", "week-start \(s.weekStart.name)", "cutoff \(s.dayCutoffHour)",
            "target \(s.weeklyTarget)", "unit \(s.unit.rawValue)", "e1rm \(s.e1rmFormula)",
            "title \(s.title ?? "\u{0}")", "author \(s.author ?? "\u{0}")", "settings-base-url \(s.baseURL ?? "\u{0}")",
        ]
        if let schedule = s.schedule {
            lines.append("schedule \(schedule.days.count)")
            lines += schedule.sortedEntries.map { "plan \($0.weekday.name) \($0.routine)" }
        } else {
            lines.append("schedule none")
        }
        return lines
    }

    /// Path and SHA-256 of every file below the templates folder, sorted.
    static func templateLines(_ directory: String) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw AppFailure(message: "\(directory): the templates folder cannot be read", exitCode: ExitStatus.ioError)
        }
        var lines: [String] = []
        while let entry = enumerator.nextObject() as? String {
            let path = directory + "/" + entry
            if let data = FileManager.default.contents(atPath: path) {
                lines.append("template \(entry) \(SHA256.hex(data))")
            }
        }
        return lines.sorted()
    }

    /// `path size mtime` of a file, or `in-process` when there is none.
    static func identity(ofFile path: String?) -> String {
        guard let path, let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return "in-process"
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(modified)"
    }
}
