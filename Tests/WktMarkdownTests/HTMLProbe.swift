#if canImport(Glibc)
import Glibc
#endif
/// Small helpers the tests use to inspect rendered HTML.
enum HTMLProbe {
    /// The `rel` attribute every note link must carry (docs/reliability.md P7), written out here
    /// rather than read from the code under test.
    static let rel = #"rel="nofollow noopener noreferrer""#

    /// The values of every `href="…"` and `src="…"` attribute in `html`, in order.
    static func urlAttributeValues(in html: String) throws -> [String] {
        let pattern = try Regex(#"(?:href|src)\s*=\s*"([^"]*)""#)
        return html.matches(of: pattern).compactMap { match in
            match.output[1].substring.map(String.init)
        }
    }

    /// Whether `value` is one of the two outcomes R-02 allows for a note link: empty, or a web URL.
    static func isAllowedNoteURL(_ value: String) -> Bool {
        let lower = value.lowercased()
        return value.isEmpty || lower.hasPrefix("http://") || lower.hasPrefix("https://")
            || lower.hasPrefix("mailto:")
    }

    /// Runs `body` and returns its result with the elapsed wall-clock time.
    static func timed<T>(_ body: () throws -> T) rethrows -> (result: T, elapsed: Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        return (result, clock.now - start)
    }

    /// `body`'s result and the CPU time this thread spent in it (`CLOCK_THREAD_CPUTIME_ID`): a
    /// hang guard that other processes and parallel tests on a loaded machine do not inflate.
    static func threadCPUTimed<T>(_ body: () throws -> T) rethrows -> (result: T, elapsed: Duration) {
        func now() -> Duration {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
        }
        let start = now()
        let result = try body()
        return (result, now() - start)
    }

    /// `text` repeated `count` times.
    static func repeated(_ text: String, _ count: Int) -> String {
        String(repeating: text, count: count)
    }
}
