/// The demo's own pseudo-random generator: xoshiro256** 1.0 (Blackman & Vigna, 2018), whose
/// 256-bit state is filled from the user's 64-bit seed by SplitMix64 (Steele, Lea & Flood, 2014),
/// as the xoshiro authors recommend.
///
/// Every derived draw (bounded integers, unit doubles, choices) is implemented here rather than
/// through the standard library's `random(in:using:)`, whose algorithms may change between Swift
/// releases; the same seed therefore gives the same history on every toolchain and platform.
struct DemoRandom {
    /// The four state words of xoshiro256**; never all zero (SplitMix64 cannot produce that).
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// Seeds the generator: four consecutive SplitMix64 outputs of `seed` become the state.
    init(seed: UInt64) {
        var sm = seed
        s0 = DemoRandom.splitMix64(&sm)
        s1 = DemoRandom.splitMix64(&sm)
        s2 = DemoRandom.splitMix64(&sm)
        s3 = DemoRandom.splitMix64(&sm)
    }

    /// One SplitMix64 step: advances `state` by the golden-ratio constant and returns the mixed value.
    static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits (xoshiro256** output function and state transition).
    mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// An independent generator seeded from this one's next output (keeps sub-plans stable when
    /// another part of the generator draws more or fewer numbers).
    mutating func fork() -> DemoRandom { DemoRandom(seed: next()) }

    /// A uniform integer in `0..<bound` (Lemire's multiply-shift with rejection, unbiased);
    /// 0 when `bound` ≤ 1.
    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let n = UInt64(bound)
        let threshold = (0 &- n) % n
        while true {
            let product = next().multipliedFullWidth(by: n)
            if product.low >= threshold { return Int(product.high) }
        }
    }

    /// A uniform integer in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// A uniform double in [0, 1) with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A uniform double in `lower..<upper`.
    mutating func double(_ lower: Double, _ upper: Double) -> Double { lower + (upper - lower) * unit() }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A uniformly chosen element; nil when `items` is empty.
    mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[below(items.count)]
    }

    /// A Fisher–Yates shuffle of `items` driven by this generator.
    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var result = items
        var i = result.count - 1
        while i > 0 {
            let j = below(i + 1)
            result.swapAt(i, j)
            i -= 1
        }
        return result
    }
}
