/// The members of one JSON object of a wkt file, with typed, path-naming accessors.
///
/// Absent keys and `null` both read as "not given" (nil) for optional fields; a required field
/// that is absent is a ``WktJSONError/Kind/missingKey`` error, one that is `null` or of another
/// type a ``WktJSONError/Kind/typeMismatch``.
struct WktJSONFields {
    /// The file name for messages.
    let file: String
    /// Where the object is.
    let path: JSONPath
    /// The object's line.
    let line: Int
    private let members: [String: JSONNode]

    /// The keys in document order.
    let keys: [String]

    /// Reads `node` as an object whose keys must all be in `allowed` (nil: any key; see
    /// ``checkKeys(_:)``).
    init(_ node: JSONNode, at path: JSONPath, file: String, allowed: [String]?) throws(WktJSONError) {
        guard case .object(let list) = node.value else {
            throw WktJSONError(
                kind: .typeMismatch, file: file, line: node.line, path: path.description,
                message: "expected an object, found \(node.typeName)")
        }
        self.file = file
        self.path = path
        self.line = node.line
        self.keys = list.map(\.key)
        self.members = Dictionary(uniqueKeysWithValues: list.map { ($0.key, $0.node) })
        if let allowed { try checkKeys(allowed) }
    }

    /// Fails with an ``WktJSONError/Kind/unknownKey`` error naming the first key, in document
    /// order, that is not in `allowed`.
    func checkKeys(_ allowed: [String]) throws(WktJSONError) {
        for key in keys where !allowed.contains(key) {
            throw error(.unknownKey, key, "unknown key \"\(key)\" (allowed: \(allowed.joined(separator: ", ")))")
        }
    }

    /// The node under `key`, nil when absent or `null`.
    func node(_ key: String) -> JSONNode? {
        guard let node = members[key] else { return nil }
        if case .null = node.value { return nil }
        return node
    }

    /// An error about the value under `key` (or the object itself when the key is absent).
    func error(_ kind: WktJSONError.Kind, _ key: String, _ message: String) -> WktJSONError {
        WktJSONError(
            kind: kind, file: file, line: members[key]?.line ?? line, path: path.appending(key).description,
            message: message)
    }

    private func mismatch(_ key: String, expected: String) -> WktJSONError {
        let found = members[key]?.typeName ?? "nothing"
        return error(.typeMismatch, key, "expected \(expected), found \(found)")
    }

    /// Fails unless `key` is present and not `null`.
    func require(_ key: String, expected: String) throws(WktJSONError) -> JSONNode {
        guard members[key] != nil else { throw error(.missingKey, key, "missing required key \"\(key)\"") }
        guard let node = node(key) else { throw mismatch(key, expected: expected) }
        return node
    }

    /// An optional string.
    func string(_ key: String) throws(WktJSONError) -> String? {
        guard let node = node(key) else { return nil }
        guard case .string(let text) = node.value else { throw mismatch(key, expected: "a string or null") }
        return text
    }

    /// A required, non-empty string.
    func requiredString(_ key: String) throws(WktJSONError) -> String {
        guard case .string(let text) = try require(key, expected: "a string").value else {
            throw mismatch(key, expected: "a string")
        }
        guard !text.isEmpty else { throw error(.invalidValue, key, "must not be empty") }
        return text
    }

    /// An optional number within `range`.
    func number(_ key: String, in range: ClosedRange<Double>) throws(WktJSONError) -> Double? {
        guard let node = node(key) else { return nil }
        guard case .number(let value) = node.value else { throw mismatch(key, expected: "a number or null") }
        guard range.contains(value) else {
            throw error(.invalidValue, key, "\(value) is outside \(NumberText.plain(range.lowerBound))…\(NumberText.plain(range.upperBound))")
        }
        return value
    }

    /// An optional whole number within `range` (`5` and `5.0` are both 5; `5.5` is an error).
    func integer(_ key: String, in range: ClosedRange<Int>) throws(WktJSONError) -> Int? {
        guard let value = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard value.rounded() == value else { throw error(.invalidValue, key, "\(value) is not a whole number") }
        return Int(value)
    }

    /// An optional `true`/`false`.
    func bool(_ key: String) throws(WktJSONError) -> Bool? {
        guard let node = node(key) else { return nil }
        guard case .bool(let value) = node.value else { throw mismatch(key, expected: "true, false or null") }
        return value
    }

    /// An optional array's elements.
    func array(_ key: String) throws(WktJSONError) -> [JSONNode]? {
        guard let node = node(key) else { return nil }
        guard case .array(let elements) = node.value else { throw mismatch(key, expected: "an array or null") }
        return elements
    }

    /// An optional object's members, in document order.
    func object(_ key: String) throws(WktJSONError) -> [JSONMember]? {
        guard let node = node(key) else { return nil }
        guard case .object(let members) = node.value else { throw mismatch(key, expected: "an object or null") }
        return members
    }
}
