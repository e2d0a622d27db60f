import Dispatch
import Synchronization

/// The sets' ids cut into consecutive spans that the loading connection takes from the front
/// and a second connection from the back, each span by one of them, until they meet
/// (``HistoryLoader/loadAll(_:)``).
///
/// Taking spans as they go, instead of a fixed share each, keeps both cores busy to the end
/// whenever the second one starts: at once in a full build, or only once it has read the
/// previous build's pages in a rebuild (``SecondSetReader``). A second reader that
/// starts after the first one has taken every span takes none, and nothing waits for it.
final class SetSpans: Sendable {
    /// One span: the set ids `first...last`, the `index`th from the lowest.
    struct Span: Sendable, Equatable {
        let index: Int
        let first: Int64
        let last: Int64
    }

    /// Every span, lowest ids first; together they cover the ids from the lowest to the
    /// highest, each once.
    let spans: [Span]
    /// The next span from the front, one past the last unclaimed span from the back, and
    /// whether the front has stopped taking (it then takes no more, nor does the back).
    private let state: Mutex<(front: Int, back: Int, closed: Bool, backTook: Bool)>
    /// Entered when the back takes its first span, left by ``backFinished(_:)``: what
    /// ``close()`` waits for.
    private let backBusy = DispatchGroup()
    /// What the back delivered (``backFinished(_:)``).
    private let delivered = Mutex<HistoryLoader.TailRead?>(nil)

    /// `count` spans of about equal length over `lowest...highest` (`count` at least 1, at most
    /// the number of ids); the last one ends at `highest`.
    init(lowest: Int64, highest: Int64, count: Int) {
        // highest - lowest fits in Int64 (the caller checked); so does every bound below.
        let width = highest - lowest
        let count = Int(min(Int64(max(count, 1)), max(width, 1)))
        let step = width / Int64(count)
        spans = (0..<count).map { i in
            let first = lowest + Int64(i) * step
            return Span(index: i, first: first, last: i == count - 1 ? highest : first + step - 1)
        }
        state = Mutex((0, spans.count, false, false))
    }

    /// The front's next span, nil once every span is taken (the front then stops: ``close()``).
    func takeFront() -> Span? {
        state.withLock { state in
            guard !state.closed, state.front < state.back else {
                state.closed = true
                return nil
            }
            state.front += 1
            return spans[state.front - 1]
        }
    }

    /// Whether spans are still being taken (the front has not stopped).
    var isTaking: Bool { state.withLock { !$0.closed && $0.front < $0.back } }

    /// The back's next span, nil once the spans are all taken or the front has stopped.
    func takeBack() -> Span? {
        state.withLock { state in
            guard !state.closed, state.front < state.back else { return nil }
            if !state.backTook {
                state.backTook = true
                backBusy.enter()
            }
            state.back -= 1
            return spans[state.back]
        }
    }

    /// Called once by the back when it stops taking: what it read (nil when it failed).
    func backFinished(_ read: HistoryLoader.TailRead?) {
        delivered.withLock { $0 = read }
        if state.withLock({ $0.backTook }) { backBusy.leave() }
    }

    /// Stops both ends taking spans and waits for the back to finish the spans it took; returns
    /// what the back read, nil when it took nothing (or failed).
    func close() -> HistoryLoader.TailRead? {
        let backTook = state.withLock { state in
            state.closed = true
            return state.backTook
        }
        guard backTook else { return nil }
        backBusy.wait()
        return delivered.withLock { $0 }
    }
}

/// How ``WorkoutStore/loadHistory(secondReader:)`` runs its second connection, which reads sets
/// from the highest ids down while the first reads from the lowest up (``SetSpans``).
public enum SecondSetReader: Sendable {
    /// On a thread of its own, started at once.
    case now
    /// Handed to the given function, which runs it once a core is free (a rebuild: on the
    /// thread that reads the previous pages, when it has read them). However late it starts,
    /// the load never waits for it: it reads only spans the first connection has not reached.
    case handedTo(@Sendable (_ work: @escaping @Sendable () -> Void) -> Void)

    /// Runs `work` on a thread of libdispatch's global pool.
    static let ownThread: @Sendable (_ work: @escaping @Sendable () -> Void) -> Void = { work in
        DispatchQueue.global(qos: .userInitiated).async(execute: work)
    }
}
