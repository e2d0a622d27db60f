/// Draws the members of a pool in shuffled rounds, so that every member comes up once per round
/// and accessories rotate through the whole catalogue over the years.
struct ShuffleBag: Sendable {
    /// The pool's catalogue indices.
    private let items: [Int]
    /// The current round's order.
    private var order: [Int] = []
    /// The next position in ``order``.
    private var cursor = 0

    /// Creates a bag over `items` (catalogue indices).
    init(items: [Int]) { self.items = items }

    /// The next member that is not in `avoiding`; when every member is avoided, the next member.
    mutating func draw(_ rng: inout DemoRandom, avoiding: [Int] = []) -> Int? {
        guard !items.isEmpty else { return nil }
        var first: Int?
        for _ in 0..<items.count {
            if cursor >= order.count {
                order = rng.shuffled(items)
                cursor = 0
            }
            let item = order[cursor]
            cursor += 1
            if !avoiding.contains(item) { return item }
            if first == nil { first = item }
        }
        return first
    }
}
