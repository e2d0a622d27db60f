import WktCore

/// The one fast, non-cryptographic 64-bit hash of the incremental machinery: page keys and the
/// build ID's workout part (a canonical encoding of workouts and statistics, 40,000 sets in a few
/// milliseconds) and the slot hash of a previous page (``of(_:ranges:)``, which tells whether
/// its bytes are still exactly what that build wrote). It guards against accidents, not
/// attackers: whoever can write into the output folder can change what is served anyway.
/// SHA-256 (WktCore) is used where a digest is stored or shown: the build stamp, the build ID.
///
/// Input is consumed in 64-bit words; each step `h = rotl(h ^ word, 29) × odd` is a bijection of
/// `h` for a fixed word and of the word for a fixed `h`, so two inputs of the same length that
/// differ in one word always differ after it. Strings and byte ranges feed their length first, so
/// different inputs cannot run together; absent values have their own marker; the result goes
/// through SplitMix64's finaliser.
struct InputDigest {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The digest so far.
    var value: UInt64 { Self.finalise(state) }

    /// The digest as 16 hex digits.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        let value = value
        return String(decoding: (0..<16).map { digits[Int((value >> UInt64(60 - 4 * $0)) & 0xF)] }, as: UTF8.self)
    }

    /// The digest of the bytes of `bytes` in `ranges`, range by range with each length mixed in
    /// (so moving a byte from one range to the next changes it); the ranges must lie in `bytes`.
    /// The bytes go through ``addWide(_:)``: a rebuild checks 28 MB of previous pages with it.
    static func of(_ bytes: [UInt8], ranges: [Range<Int>]) -> UInt64 {
        var digest = InputDigest()
        digest.add(ranges.count)
        bytes.withUnsafeBytes { raw in
            for range in ranges { digest.addWide(UnsafeRawBufferPointer(rebasing: raw[range])) }
        }
        return digest.value
    }

    /// One mixing step.
    @inline(__always)
    private mutating func step(_ word: UInt64) {
        let mixed = state ^ word
        state = ((mixed << 29) | (mixed >> 35)) &* 0xBF58_476D_1CE4_E5B9
    }

    /// SplitMix64's finaliser.
    private static func finalise(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Feeds one byte (a marker or a flag).
    mutating func byte(_ value: UInt8) { step(UInt64(value)) }

    /// Feeds a 64-bit word.
    mutating func add(_ value: UInt64) { step(value) }

    /// Feeds bytes: their count, then eight at a time (the last word zero-padded).
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        step(UInt64(bytes.count))
        addWords(bytes, from: 0)
    }

    /// Feeds bytes as `add` does (their count first), but 32 at a time through four
    /// lanes, each mixed with the same step, that are folded in at the end (then the last
    /// bytes one word at a time). One lane's steps wait on each other (a multiply each 8 bytes);
    /// four lanes run side by side, so long inputs hash about three times as fast. Each lane
    /// keeps the step's guarantee (two inputs of the same length that differ in one word differ
    /// in that lane), and the fold is a bijection of each lane with the others fixed.
    mutating func addWide(_ bytes: UnsafeRawBufferPointer) {
        step(UInt64(bytes.count))
        guard bytes.count >= 32 else { return addWords(bytes, from: 0) }
        @inline(__always) func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = lane ^ word
            return ((mixed << 29) | (mixed >> 35)) &* 0xBF58_476D_1CE4_E5B9
        }
        var lane0 = state
        var lane1 = state ^ 0x94D0_49BB_1331_11EB
        var lane2 = state ^ 0x2545_F491_4F6C_DD1D
        var lane3 = state ^ 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 32 <= bytes.count {
            lane0 = mix(lane0, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            lane1 = mix(lane1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            lane2 = mix(lane2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
            lane3 = mix(lane3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
            offset += 32
        }
        step(lane0)
        step(lane1)
        step(lane2)
        step(lane3)
        addWords(bytes, from: offset)
    }

    /// Feeds `bytes` from `offset` on, eight at a time (the last word zero-padded).
    private mutating func addWords(_ bytes: UnsafeRawBufferPointer, from start: Int) {
        var offset = start
        while offset + 8 <= bytes.count {
            step(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
            step(tail)
        }
    }

    /// Feeds a signed integer as 8 bytes.
    mutating func add(_ value: Int64) { add(UInt64(bitPattern: value)) }
    /// Feeds an integer as 8 bytes.
    mutating func add(_ value: Int) { add(Int64(value)) }

    /// Feeds a string's UTF-8 bytes (with their count).
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Feeds 0 for nil, else 1 and the bit pattern.
    mutating func add(_ value: Double?) {
        guard let value else { return byte(0) }
        byte(1)
        add(value.bitPattern)
    }

    /// Feeds 0 for nil, else 1 and the value.
    mutating func add(_ value: Int?) {
        guard let value else { return byte(0) }
        byte(1)
        add(value)
    }

    /// Feeds 0 for nil, else 1 and the string.
    mutating func add(_ text: String?) {
        guard let text else { return byte(0) }
        byte(1)
        add(text)
    }

    /// Feeds a wall time as day number and second of day.
    mutating func add(_ time: WallTime) {
        add(time.date.dayNumber)
        add(time.secondOfDay)
    }

    /// Feeds every field of a workout, its blocks and sets in order.
    mutating func add(_ workout: Workout) {
        add(workout.source.rawValue)
        add(workout.sourceKey)
        add(workout.start)
        add(workout.utcOffsetSeconds)
        add(workout.durationSeconds)
        add(workout.name)
        add(workout.notes)
        add(workout.activity)
        add(workout.energyKcal)
        add(workout.rating)
        add(workout.checkIns.count)
        for checkIn in workout.checkIns {
            add(checkIn.name)
            add(checkIn.value)
        }
        add(workout.exercises.count)
        for block in workout.exercises {
            add(block.name)
            add(block.notes)
            add(block.supersetID)
            byte(block.painFlag ? 1 : 0)
            add(block.plannedSets)
            if let category = block.category { add(category) }
            add(block.sets.count)
            for set in block.sets {
                add(set.kind.rawValue)
                add(set.weightKg)
                add(set.reps)
                add(set.seconds)
                add(set.distanceM)
                add(set.rpe)
                add(set.notes)
            }
        }
    }
}
