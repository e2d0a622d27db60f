import WktCore

/// A rule broken at a place in a JSON document.
struct JSONProblem: Error, Equatable {
    /// Where, as a ``JSONPath`` text.
    var path: String
    /// What is wrong.
    var message: String

    /// `PATH: MESSAGE`, for ``ImportError/badData(file:line:message:)``.
    var text: String { path + ": " + message }
}

/// The checks `JSONDecoder` does not make (docs/formats.md §5, docs/reliability.md I-28), run before it:
/// the bytes are UTF-8 and the document passes ``JSONScanner`` against a shape, so a duplicate key
/// is an error instead of "first value wins silently", a key the shape does not know is an error,
/// nesting is capped and the syntax is strict RFC 8259, with a path in every message. A UTF-8
/// byte-order mark is skipped.
enum JSONDocumentCheck {
    /// Checks a whole document against `shape`.
    ///
    /// - Throws: the first ``JSONProblem`` in document order.
    static func check(_ bytes: [UInt8], shape: JSONShape) throws(JSONProblem) {
        let problem: JSONProblem? = bytes.withUnsafeBufferPointer { p in
            if let bom = TextEncodingCheck.byteOrderMarkProblem(p) { return JSONProblem(path: "$", message: bom.message) }
            // A NUL byte is named with its JSON path (docs/reliability.md A-03): the scan stops at it at
            // the latest. A NUL among the first two bytes is more likely UTF-16 without a byte
            // order mark, which the encoding check below names.
            if let nul = p.firstIndex(of: 0), nul > 1, let error = scanError(bytes, shape: shape) { return error }
            if let bad = TextEncodingCheck.utf8Problem(p, from: 0) { return JSONProblem(path: "$", message: bad.message) }
            return nil
        }
        if let problem { throw problem }
        if let error = scanError(bytes, shape: shape) { throw error }
    }

    /// The keys of a top-level object, in order, as far as the document is well-formed: enough to
    /// recognise a format by its keys even when the file is damaged further on. Empty when the
    /// document is not an object.
    static func topLevelKeys(_ bytes: [UInt8]) -> [String] {
        // A NUL inside a string is the check's to report (with its path), not a reason to miss
        // the format.
        var scanner = JSONScanner(bytes: bytes, keepsValues: false, allowsNUL: true)
        // The keys seen before a problem are still the document's.
        _ = try? scanner.document()
        return scanner.topLevelKeys
    }

    private static func scanError(_ bytes: [UInt8], shape: JSONShape) -> JSONProblem? {
        var scanner = JSONScanner(bytes: bytes, keepsValues: false)
        do throws(JSONScanError) {
            _ = try scanner.document(shape)
            return nil
        } catch {
            return JSONProblem(path: error.path.description, message: error.message)
        }
    }
}
