import WktCore

/// Page text written as UTF-8 bytes into one growing buffer, made into a `String` once at the
/// end.
///
/// Appending to a `String` costs about 340 instructions a piece (capacity and flag checks,
/// UTF-8 bookkeeping: callgrind of the full build), and tables and calendar rows are made of
/// thousands of short pieces: 94,000 instructions a history row of seven cells. Appending here
/// is a capacity check and a copy. The bytes live in memory this value allocates and frees
/// itself (it cannot be copied, so exactly one owner frees them): `[UInt8].append(contentsOf:)`
/// took 90 instructions a piece through its generic path. Written by hand because no package
/// in our set offers it.
struct TextBuffer: ~Copyable {
    /// The bytes written so far: `count` of them, valid UTF-8 (only whole strings are appended).
    private var storage: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0
    /// How many bytes fit before the storage must grow.
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Appends bytes.
    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (storage + count).initialize(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends literal text.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }

    /// Appends a string's UTF-8 bytes (read in place).
    ///
    /// Disfavoured, so that a literal (`out.append("</td>\n")`) takes the `StaticString`
    /// overload: its bytes and length are constants, where a literal made a `String` had its
    /// representation unpacked at run time on each call (2.2 million calls in a full build).
    @_disfavoredOverload
    @inline(__always)
    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(bytes: $0) }) == nil {
            for byte in text.utf8 { append(byte: byte) }
        }
    }

    /// Appends one byte of UTF-8 (ASCII, or part of a scalar the caller completes).
    @inline(__always)
    mutating func append(byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        storage[count] = byte
        count += 1
    }

    /// Appends an integer in decimal, as `String(value)` writes it (the digits by
    /// ``WktCore/ASCIIDigits``).
    mutating func append(decimal value: Int) {
        guard value >= 0 else { return append(String(value)) }
        let digits = ASCIIDigits.digitCount(value.magnitude)
        if count + digits > capacity { grow(toHold: count + digits) }
        ASCIIDigits.write(value, width: digits, into: UnsafeMutableBufferPointer(start: storage + count, count: digits), at: 0)
        count += digits
    }

    /// Appends `DecimalFormat.fixed(value, decimals:, minDecimals:)`'s text (`grouped`'s with
    /// `grouping`) without making a string, its digits written in place (chart coordinates and
    /// table numbers: tens of thousands a build).
    mutating func append(fixed value: Double, decimals: Int, minDecimals: Int? = nil, grouping: Bool = false) {
        if count + DecimalFormat.maxWrittenBytes > capacity { grow(toHold: count + DecimalFormat.maxWrittenBytes) }
        count += DecimalFormat.write(
            fixed: value, decimals: decimals, minDecimals: minDecimals ?? decimals, grouping: grouping,
            into: UnsafeMutableBufferPointer(start: storage + count, count: capacity - count))
    }

    /// Appends a count as ``TextFormat/count(_:)`` writes it (`1,234`), without making a string.
    mutating func append(count value: Int) {
        append(fixed: Double(value), decimals: 0, grouping: true)
    }

    /// Appends ``TextFormat/plural(_:_:_:)``'s text for a regular plural (`1 rep`, `3 reps`).
    mutating func append(count value: Int, _ singular: StaticString) {
        append(count: value)
        append(byte: UInt8(ascii: " "))
        append(singular)
        if value != 1 { append(byte: UInt8(ascii: "s")) }
    }

    /// Appends ``WktCore/DisplayUnits/volume(_:)``'s text (`12,345 kg`) without making a string.
    mutating func append(volume kg: Double, _ units: DisplayUnits) {
        append(fixed: units.convert(kg), decimals: units.volumeDecimals, minDecimals: 0, grouping: true)
        append(byte: UInt8(ascii: " "))
        append(units.symbol)
    }

    /// Appends ``WktCore/DisplayUnits/estimate(_:)``'s text (`116.7 kg`) without making a string.
    mutating func append(estimate kg: Double, _ units: DisplayUnits) {
        append(fixed: units.convert(kg), decimals: units.estimateDecimals, minDecimals: 0, grouping: true)
        append(byte: UInt8(ascii: " "))
        append(units.symbol)
    }

    /// Appends ``WktCore/DisplayUnits/weightNumber(_:)``'s text (`82.5`) without making a string.
    mutating func append(weightNumber kg: Double, _ units: DisplayUnits) {
        append(fixed: units.convert(kg), decimals: units.weightDecimals, minDecimals: 0, grouping: true)
    }

    /// Appends ``WktCore/DisplayUnits/weight(_:)``'s text (`82.5 kg`) without making a string.
    mutating func append(weight kg: Double, _ units: DisplayUnits) {
        append(weightNumber: kg, units)
        append(byte: UInt8(ascii: " "))
        append(units.symbol)
    }

    /// Appends ``WktCore/DisplayUnits/record(_:_:)``'s text (a weight, an e1RM estimate or a
    /// volume) without making a string: digits, `,`, `.`, a space and the unit, which HTML shows
    /// as they are (the PR summaries wrote a string per value and escaped it, 15,000 lines a build).
    mutating func append(record metric: RecordMetric, _ kg: Double, _ units: DisplayUnits) {
        switch metric {
        case .e1rm: append(estimate: kg, units)
        case .setVolume, .sessionVolume: append(volume: kg, units)
        case .heaviest, .repMax: append(weight: kg, units)
        }
    }

    /// Inserts literal text at byte `position` (at most ``count``), moving what follows: for a
    /// prefix that depends on what was written after it (a difference's sign).
    mutating func insert(_ text: StaticString, at position: Int) {
        precondition(position >= 0 && position <= count, "TextBuffer.insert past the end")
        let length = text.utf8CodeUnitCount
        guard length > 0 else { return }
        if count + length > capacity { grow(toHold: count + length) }
        // `copyMemory` is `memmove`: the two ranges overlap.
        UnsafeMutableRawPointer(storage + position + length).copyMemory(from: storage + position, byteCount: count - position)
        text.withUTF8Buffer { UnsafeMutableRawPointer(storage + position).copyMemory(from: $0.baseAddress!, byteCount: length) }
        count += length
    }

    /// Whether the bytes from `position` to the end hold a digit 1–9 (a number written there is
    /// not zero).
    func hasNonZeroDigit(from position: Int) -> Bool {
        UnsafeBufferPointer(start: storage + position, count: count - position).contains {
            $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9")
        }
    }

    /// The text written.
    var text: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    /// Appends the bytes written to `bytes`, as they are: a page's HTML block takes them this
    /// way, without the UTF-8 check that making a `String` runs over every byte.
    func write(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: storage, count: count))
    }

    /// Moves the bytes into storage for at least `needed` bytes (doubling, so appends stay
    /// amortized constant).
    private mutating func grow(toHold needed: Int) {
        let newCapacity = max(needed, 2 * capacity)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.initialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = newCapacity
    }
}
