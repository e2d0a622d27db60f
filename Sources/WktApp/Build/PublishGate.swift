/// Keeps readers of the output folder out while a build swaps it (`wkt-site serve`: its requests
/// and the publish stage of its rebuilds exclude each other, so no request sees the folders
/// mid-exchange or a file of `site.prev/` being patched for the next build). `wkt-site build`
/// passes none.
public protocol PublishGate: Sendable {
    /// Runs `body` (the publish stage) while no reader is inside; blocks the calling thread until
    /// the readers already inside have left.
    func exclusively<T>(_ body: () throws -> T) rethrows -> T
}
