import Foundation
import Testing
import WktImport

/// The real exports in `../shared/formats-samples/` (or `$WKT_SAMPLES`).
enum SharedSamples {
    static let root: String = {
        if let override = ProcessInfo.processInfo.environment["WKT_SAMPLES"], !override.isEmpty { return override }
        return FileManager.default.currentDirectoryPath + "/../shared/formats-samples"
    }()

    static var available: Bool {
        let present = FileManager.default.fileExists(atPath: root)
        if !present { print("note: \(root) is absent; the real-sample tests are skipped") }
        return present
    }

    /// Every sample file (README excluded), sorted.
    static func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var out: [String] = []
        while let entry = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + entry, isDirectory: &isDirectory),
               !isDirectory.boolValue, !entry.hasSuffix("README.md")
            {
                out.append(entry)
            }
        }
        return out.sorted()
    }
}

@Suite("format detection over every real sample", .enabled(if: SharedSamples.available))
struct SampleDetectionTests {
    @Test("each sample is recognised as the format of its folder")
    func everySample() throws {
        let expected: [String: ImportFormat?] = [
            "strong": .strong, "hevy": .hevy, "fitnotes": .fitnotes, "fitbod": .fitbod, "apple-health": .appleHealth,
            "stronglifts": .stronglifts,
        ]
        let files = SharedSamples.files()
        #expect(files.count >= 25, "found \(files.count) samples")
        for file in files {
            let folder = String(file.split(separator: "/")[0])
            let path = SharedSamples.root + "/" + file
            let want: ImportFormat? = file.hasSuffix(".gpx") ? nil : (expected[folder] ?? nil)
            #expect(try FileImporter.detectFormat(path: path) == want, "\(file)")
        }
    }
}
