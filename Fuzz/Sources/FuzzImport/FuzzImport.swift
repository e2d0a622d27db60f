import FuzzSupport
import WktCore
import WktImport

/// The checks the importing fuzz targets (`csv`, `json`, `health`) share.
extension Fuzz {
    /// Imports `bytes` as `wkt-site import` reads a file that is not an Apple Health export
    /// (`FileImporter.read(bytes:file:options:)`) and checks every message against A-09.
    public static func importFile(_ bytes: [UInt8], file: String, options: ImportOptions) {
        do throws(ImportError) {
            checkMessages(of: try FileImporter.read(bytes: bytes, file: file, options: options))
        } catch {
            checkMessage(error.description, "ImportError")
        }
    }

    /// Checks an import's warnings and skipped-row messages against A-09; `source` names the
    /// importer in reports.
    public static func checkMessages(of batch: ImportBatch, source: String = "import") {
        for warning in batch.warnings { checkMessage(warning, "\(source) warning") }
        for issue in batch.skipped { checkMessage(issue.description, "skipped row") }
    }
}
