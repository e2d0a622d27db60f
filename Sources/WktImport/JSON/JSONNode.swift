/// A parsed JSON value and the line it starts on (``JSONScanner``).
struct JSONNode: Sendable {
    /// The value.
    enum Value: Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A finite number.
        case number(Double)
        /// A string, unescaped.
        case string(String)
        /// An array's elements.
        case array([JSONNode])
        /// Members in document order; keys are unique (duplicates are a scan error).
        case object([JSONMember])
    }

    /// The value.
    let value: Value
    /// 1-based line where the value starts.
    let line: Int

    /// "a string", "null", … for messages.
    var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "true/false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` of an object.
struct JSONMember: Sendable {
    /// The key.
    let key: String
    /// The value.
    let node: JSONNode
}
