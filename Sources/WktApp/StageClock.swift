import Foundation

/// Wall time per pipeline stage, printed on stderr when `WKT_TIMINGS` is set (never written
/// into the site, which stays byte-identical).
struct StageClock {
    private let enabled: Bool
    private var last = DispatchTime.now().uptimeNanoseconds
    private(set) var lines: [String] = []

    init(enabled: Bool) { self.enabled = enabled }

    /// Records the time since the previous lap under `stage`.
    mutating func lap(_ stage: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        lines.append("wkt-site: timing: \(stage) \((now - last) / 1_000_000) ms")
        last = now
    }
}
