import Foundation
import Synchronization
import ZIPFoundation

/// Reading the main XML of an `export.zip` without writing anything to disk (FORMATS.md §4.1,
/// RELIABILITY.md I-27).
enum HealthZip {
    /// The folder Apple puts the export in.
    static let folder = "apple_health_export"

    /// The entry to read: the largest regular file `apple_health_export/<name>.xml` whose name
    /// does not contain `cda` (the localized main document: `export.xml`, `exportar.xml`,
    /// `dati esportati.xml`). Entries in `__MACOSX/`, in sub-folders, with `..` components,
    /// symbolic links and directories are never chosen, so nothing but that one file is read.
    /// Ties go to the first entry in the archive.
    static func mainEntry(in archive: Archive) -> (index: Int, path: String)? {
        var best: (index: Int, path: String, size: UInt64)?
        for (index, entry) in archive.enumerated() where entry.type == .file {
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == folder else { continue }
            let name = parts[1].lowercased()
            guard name.hasSuffix(".xml"), name.count > 4, !name.contains("cda") else { continue }
            if let current = best, entry.uncompressedSize <= current.size { continue }
            best = (index, entry.path, entry.uncompressedSize)
        }
        return best.map { ($0.index, $0.path) }
    }

    /// Opens `path` as a zip archive.
    static func open(_ path: String) throws(HealthImportError) -> Archive {
        do {
            return try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw HealthImportError(kind: .zip, file: path, message: "not a readable zip archive (\(error))")
        }
    }

    /// Starts a thread that inflates entry number `index` of the zip at `path` into `channel`.
    ///
    /// ZIPFoundation pushes chunks into a closure while `XMLParser` pulls from a stream, so the
    /// two run on two threads joined by a bounded ``HealthChunkChannel`` (at most a few chunks in
    /// flight); the caller must end with ``HealthChunkChannel/cancelAndWait()``.
    static func startInflating(path: String, entryIndex index: Int, entryPath: String, into channel: HealthChunkChannel) {
        let thread = Thread {
            channel.finish(inflate(path: path, entryIndex: index, entryPath: entryPath, into: channel))
        }
        thread.start()
    }

    private struct Cancelled: Error {}

    private static func inflate(
        path: String, entryIndex index: Int, entryPath: String, into channel: HealthChunkChannel
    ) -> HealthImportError? {
        let file = "\(path) (\(entryPath))"
        do {
            let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
            let entries = archive.dropFirst(index).makeIterator()
            guard let entry = entries.next(), entry.path == entryPath else {
                return HealthImportError(kind: .zip, file: file, message: "the zip changed while it was read")
            }
            let checksum = try archive.extract(entry, bufferSize: 1 << 18, skipCRC32: false) { data in
                guard channel.send(data) else { throw Cancelled() }
            }
            // `extract(_:consumer:)` returns the CRC-32 of what it inflated; comparing is ours to do.
            guard checksum == entry.checksum else {
                return HealthImportError(kind: .zip, file: file, message: "CRC-32 mismatch: the entry is damaged")
            }
            return nil
        } catch is Cancelled {
            return nil
        } catch {
            return HealthImportError(kind: .zip, file: file, message: "cannot inflate the entry (\(error))")
        }
    }
}

/// A bounded hand-off of inflated chunks from the zip thread to the parsing thread.
///
/// The state lives in a `Mutex`; the `NSCondition` only makes either side sleep until the other
/// changed it, and every change happens while holding the condition's lock.
final class HealthChunkChannel: Sendable {
    /// What the consumer gets next.
    enum Item: Sendable {
        /// Inflated bytes.
        case chunk(Data)
        /// The entry was read to its end and its CRC-32 matched.
        case end
        /// The entry could not be read.
        case failed(HealthImportError)
    }

    private struct State: Sendable {
        var queue: [Data] = []
        var queuedBytes = 0
        var finished = false
        var failure: HealthImportError?
        var cancelled = false
    }

    private let condition = NSCondition()
    private let state = Mutex(State())
    private let capacity: Int

    /// Creates a channel that holds at most about `capacity` bytes.
    init(capacity: Int = 1 << 20) {
        self.capacity = capacity
    }

    /// Producer: queues a chunk, waiting while the channel is full; false once cancelled.
    func send(_ data: Data) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let (cancelled, full) = state.withLock { ($0.cancelled, $0.queuedBytes >= capacity) }
            if cancelled { return false }
            if !full { break }
            condition.wait()
        }
        state.withLock {
            $0.queue.append(data)
            $0.queuedBytes += data.count
        }
        condition.broadcast()
        return true
    }

    /// Producer: no more chunks; `failure` when the entry could not be read to its end.
    func finish(_ failure: HealthImportError?) {
        condition.lock()
        state.withLock {
            $0.finished = true
            $0.failure = failure
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Consumer: the next chunk, waiting for one; then the end or the producer's failure.
    func receive() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let item: Item? = state.withLock { state in
                if !state.queue.isEmpty {
                    let data = state.queue.removeFirst()
                    state.queuedBytes -= data.count
                    return .chunk(data)
                }
                guard state.finished else { return nil }
                return state.failure.map { .failed($0) } ?? .end
            }
            if let item {
                condition.broadcast()
                return item
            }
            condition.wait()
        }
    }

    /// Consumer: stops the producer if it is still running and waits until it has finished.
    func cancelAndWait() {
        condition.lock()
        state.withLock { $0.cancelled = true }
        condition.broadcast()
        while !state.withLock({ $0.finished }) { condition.wait() }
        condition.unlock()
    }
}

/// Pulls the chunks of a ``HealthChunkChannel``.
final class ChannelChunkSource: HealthChunkSource {
    private let channel: HealthChunkChannel

    /// Creates a source reading `channel`.
    init(channel: HealthChunkChannel) {
        self.channel = channel
    }

    /// Waits for the next chunk from the zip thread; throws its failure.
    func withNextChunk(
        _ body: (UnsafeBufferPointer<UInt8>) throws(HealthImportError) -> Void
    ) throws(HealthImportError) -> Bool {
        while true {
            switch channel.receive() {
            case .end: return false
            case .failed(let error): throw error
            case .chunk(let data):
                guard !data.isEmpty else { continue }
                var failure: HealthImportError?
                data.withUnsafeBytes { raw in
                    do throws(HealthImportError) {
                        try body(raw.bindMemory(to: UInt8.self))
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw failure }
                return true
            }
        }
    }
}
