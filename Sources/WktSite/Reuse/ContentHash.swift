/// A fast 64-bit hash of bytes, eight a step, for telling whether the slots of a page of the
/// previous build (title, description, body: the bytes a build takes over) are still exactly
/// what that build wrote (a page edited there by hand is rendered again, never spliced). Not cryptographic: it guards against accidents, and whoever can write
/// into the output folder can change what is served anyway.
///
/// Each step `h = rotl(h ^ word, 29) × odd` is a bijection of `h` for a fixed word and of the word
/// for a fixed `h`, so two inputs of the same length that differ in one word always hash
/// differently; the length is mixed in first and the result goes through SplitMix64's finaliser.
enum ContentHash {
    /// The hash of the bytes of `bytes` in `ranges`, range by range with each length mixed in
    /// (so moving a byte from one range to the next changes it); the ranges must lie in `bytes`.
    static func of(_ bytes: [UInt8], ranges: [Range<Int>]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(ranges.count)
            for range in ranges {
                state = Self.step(state, UInt64(range.count))
                var offset = range.lowerBound
                while offset + 8 <= range.upperBound {
                    state = Self.step(state, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                    offset += 8
                }
                if offset < range.upperBound {
                    var tail: UInt64 = 0
                    for index in offset..<range.upperBound { tail |= UInt64(raw[index]) << UInt64(8 * (index - offset)) }
                    state = Self.step(state, tail)
                }
            }
            return Self.finalise(state)
        }
    }

    /// One mixing step.
    @inline(__always)
    private static func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = state ^ word
        return ((mixed << 29) | (mixed >> 35)) &* 0xBF58_476D_1CE4_E5B9
    }

    /// SplitMix64's finaliser.
    private static func finalise(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
