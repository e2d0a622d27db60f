/// A top-level JSON object written member by member into bytes, exactly as ``JSONValue/pretty()``
/// writes `.object(members)`, but without the whole tree in memory: an array member's elements
/// are made one at a time (``JSONMember/elements(count:_:)``), written and let go.
///
/// `stats.json` of the 10-year demo is 3 MB of text from 11,660 PR events; as one tree of
/// ``JSONValue`` boxes plus its text, a `String` copy and a byte copy it was the largest part of a
/// build's peak memory (README "Where the memory goes"). ``JSONValue/object(_:)`` of the
/// same members, through ``JSONMember/value``, gives the same bytes (a test holds them equal).
public enum JSONObjectWriter {
    /// The pretty-printed object of `members`, as bytes, with `trailer` appended (`"\n"` for a
    /// file's final newline).
    /// - Parameters:
    ///   - members: the object's keys and values, in order.
    ///   - reserve: bytes to reserve up front (an estimate of the result's size; 0 for none).
    ///   - trailer: text appended after the closing brace.
    public static func pretty(_ members: [(String, JSONMember)], reserve: Int = 0, trailer: String = "") -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(max(reserve, 4096))
        guard !members.isEmpty else {
            JSONValue.appendLiteral("{}", to: &out)
            out.append(contentsOf: trailer.utf8)
            return out
        }
        out.append(UInt8(ascii: "{"))
        for (offset, member) in members.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.newline(&out, indent: 1)
            JSONValue.appendQuoted(member.0, to: &out)
            JSONValue.appendLiteral(": ", to: &out)
            switch member.1 {
            case .value(let value):
                value.write(to: &out, indent: 1)
            case .elements(let count, let element):
                writeArray(count: count, to: &out) { index, out in element(index).write(to: &out, indent: 2) }
            case .objects(let count, let fields):
                // Each object names the same keys in the same order: the bytes before a value (line
                // break, indent, quoted key, `: `) are made once per position and copied after.
                var prefixes: [(key: String, bytes: [UInt8])] = []
                writeArray(count: count, to: &out) { index, out in
                    // As `.object(fields).write(to:indent: 2)` writes it: `{}` when empty, else
                    // each member on its own line, a comma after all but the last.
                    var empty = true
                    var position = 0
                    fields(index) { key, value in
                        out.append(UInt8(ascii: empty ? "{" : ","))
                        empty = false
                        if position == prefixes.count || prefixes[position].key != key {
                            var prefix: [UInt8] = []
                            JSONValue.newline(&prefix, indent: 3)
                            JSONValue.appendQuoted(key, to: &prefix)
                            JSONValue.appendLiteral(": ", to: &prefix)
                            if position == prefixes.count { prefixes.append((key, prefix)) } else { prefixes[position] = (key, prefix) }
                        }
                        out.append(contentsOf: prefixes[position].bytes)
                        position += 1
                        value.write(to: &out, indent: 3)
                    }
                    if empty {
                        JSONValue.appendLiteral("{}", to: &out)
                    } else {
                        JSONValue.newline(&out, indent: 2)
                        out.append(UInt8(ascii: "}"))
                    }
                }
            }
        }
        JSONValue.newline(&out, indent: 0)
        out.append(UInt8(ascii: "}"))
        out.append(contentsOf: trailer.utf8)
        return out
    }

    /// A made array of `count` elements, as ``JSONValue/write(to:indent:)`` writes an array one
    /// level in: `[]` when empty, else each element (written by `element`) on its own line at
    /// indent 2, a comma after all but the last.
    private static func writeArray(count: Int, to out: inout [UInt8], element: (Int, inout [UInt8]) -> Void) {
        guard count > 0 else { return JSONValue.appendLiteral("[]", to: &out) }
        out.append(UInt8(ascii: "["))
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.newline(&out, indent: 2)
            element(index, &out)
        }
        JSONValue.newline(&out, indent: 1)
        out.append(UInt8(ascii: "]"))
    }
}

/// One member's value for ``JSONObjectWriter``: a value, or an array whose elements are made
/// when written.
public enum JSONMember {
    /// A value, written as it is.
    case value(JSONValue)
    /// An array of `count` elements; element `i` is made by the closure when it is written.
    case elements(count: Int, (Int) -> JSONValue)
    /// An array of `count` objects; the closure hands object `i`'s members, in order, to the
    /// function it is given, and each is written as it comes. The bytes are those of
    /// `.elements` making `.object(members)`, without a tree per element to build and free:
    /// for `stats.json`'s 11,700 PR events of the 10-year demo that was a quarter of its
    /// encoding (callgrind: 38 M instructions freeing the trees, 19 M building them).
    case objects(count: Int, (Int, (String, JSONValue) -> Void) -> Void)

    /// The member as one value (the array made whole): ``JSONValue/object(_:)`` of these is
    /// what ``JSONObjectWriter/pretty(_:reserve:trailer:)`` writes.
    public var value: JSONValue {
        switch self {
        case .value(let value): return value
        case .elements(let count, let element): return .array((0..<count).map(element))
        case .objects(let count, let fields):
            return .array((0..<count).map { index in
                var members: [(String, JSONValue)] = []
                fields(index) { members.append(($0, $1)) }
                return .object(members)
            })
        }
    }

    /// An array of objects, one per item of `items`; `fields` hands an item's members, in
    /// order, to the function it is given (``objects(count:_:)``).
    public static func objects<Items: RandomAccessCollection>(
        _ items: Items, _ fields: @escaping (Items.Element, (String, JSONValue) -> Void) -> Void
    ) -> JSONMember where Items.Index == Int {
        .objects(count: items.count) { index, member in fields(items[items.startIndex + index], member) }
    }

    /// An array of `items`, each made into a value by `element` when written.
    public static func array<Items: RandomAccessCollection>(_ items: Items, _ element: @escaping (Items.Element) -> JSONValue) -> JSONMember
    where Items.Index == Int {
        .elements(count: items.count) { element(items[items.startIndex + $0]) }
    }
}
