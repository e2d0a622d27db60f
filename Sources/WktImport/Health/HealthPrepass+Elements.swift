/// The element-level decisions of ``HealthPrepass``: which children of `<HealthData>` are
/// passed on (every `<Workout>`, bodyweight `<Record>`s) and the bookkeeping of start and end tags.
extension HealthPrepass {
    /// A double-quoted value of a held-back `<Record>` tag was read (``held`` ends with its closing
    /// quote): a value that is a type identifier (`HK…`) decides at once, so the rest of the tag
    /// takes the fast path; any other value leaves the decision to the end of the tag.
    mutating func heldValueEnded(into out: inout [UInt8]) {
        let end = held.count - 1
        guard heldValueStart <= end, end - heldValueStart >= 2,
              held[heldValueStart] == UInt8(ascii: "H"), held[heldValueStart + 1] == UInt8(ascii: "K")
        else { return }
        let type = held[heldValueStart..<end]
        settleHeld(into: &out, bodyMass: type.elementsEqual(Self.bodyMassType.dropFirst().dropLast()))
    }

    /// Ends the hold of a `<Record>` start tag: a bodyweight record is passed on from its `<`
    /// (and, when not empty, with its children); any other loses all but its line breaks.
    /// Without `bodyMass`, the held bytes are searched for the type.
    mutating func settleHeld(into out: inout [UInt8], bodyMass: Bool? = nil) {
        holding = false
        if bodyMass ?? Self.contains(held, Self.bodyMassType) {
            emitting = true
            for byte in held { put(byte, into: &out) }
        } else {
            for byte in held where byte == 0x0A { out.append(0x0A) }
        }
        held.removeAll(keepingCapacity: true)
    }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count, let first = needle.first else { return false }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first && bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// A start tag's name is complete: push it, and at the children of `<HealthData>` decide
    /// whether the element is passed on (a `Workout`), held back until its type is known (a
    /// `Record`) or dropped.
    mutating func startNameComplete(into out: inout [UInt8]) throws(HealthImportError) {
        let parentDepth = elements.depth
        guard parentDepth < Self.maxDepth else {
            throw malformed("elements nested deeper than \(Self.maxDepth) levels")
        }
        elements.openPending()
        guard parentDepth == 1 else { return }
        if elements.innermostIs(Self.workoutName) {
            out.append(UInt8(ascii: "<"))
            out.append(contentsOf: Self.workoutName)
            emitting = true
        } else if elements.innermostIs(Self.recordName) {
            emitting = false
            holding = true
            held.append(UInt8(ascii: "<"))
            held.append(contentsOf: Self.recordName)
        } else {
            emitting = false
        }
    }

    /// An end tag's name is complete: it must match the innermost open element, which is popped.
    mutating func endNameComplete() throws(HealthImportError) {
        if let (found, expected) = elements.pendingMismatch() {
            throw malformed("end tag </\(found)> does not match <\(expected)>")
        }
        elements.closeInnermost()
    }

    /// After the `>` that closes an element: leaving a child of the root stops passing bytes on;
    /// leaving the root ends the document.
    mutating func elementClosed() {
        state = .content
        switch elements.depth {
        case 1: emitting = false
        case 0:
            emitting = false
            rootClosed = true
        default: break
        }
    }

    mutating func appendNameByte(_ byte: UInt8) throws(HealthImportError) {
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "="), UInt8(ascii: "&"):
            throw malformed("invalid character in an element name")
        default: break
        }
        // The name being read (start or end tag) follows the innermost open name.
        guard elements.pendingLength < Self.maxNameLength else {
            throw malformed("element name longer than \(Self.maxNameLength) bytes")
        }
        elements.appendPending(byte)
    }
}
