import Foundation

/// A source of raw export bytes, pulled chunk by chunk.
protocol HealthChunkSource: AnyObject {
    /// Calls `body` with the next chunk of bytes; returns false, without calling it, at the end.
    func withNextChunk(
        _ body: (UnsafeBufferPointer<UInt8>) throws(HealthImportError) -> Void
    ) throws(HealthImportError) -> Bool
}

/// The `InputStream` that `XMLParser(stream:)` pulls from: raw chunks from a
/// ``HealthChunkSource`` go through the ``HealthPrepass`` and come out filtered.
///
/// `XMLParser(data:)` fails on documents above ~42 MB (swift-corelibs-foundation#4851) and a
/// bound stream pair needs a second thread for a plain file; a subclass that filters on demand
/// keeps one buffer of filtered bytes and reads the file only as fast as the parser consumes it.
/// When the pre-pass or the source fails, `read` returns -1 and ``failure`` says why.
final class HealthPrepassStream: InputStream {
    private let source: any HealthChunkSource
    private var prepass: HealthPrepass
    private var filtered: [UInt8] = []
    private var position = 0
    private var sourceEnded = false
    private var status: Stream.Status = .notOpen

    /// Why reading stopped early, when it did.
    private(set) var failure: HealthImportError?

    /// Creates a stream over `source`; `file` names the document in error messages.
    init(file: String, source: any HealthChunkSource) {
        self.source = source
        self.prepass = HealthPrepass(file: file)
        super.init(data: Data())
        filtered.reserveCapacity(1 << 20)
    }

    /// Control bytes the pre-pass replaced by spaces, and the line of the first one.
    var replacedControlBytes: (count: Int, firstLine: Int?) {
        (prepass.replacedControlBytes, prepass.firstReplacementLine)
    }

    /// Marks the stream open (the source is already open).
    override func open() { status = .open }
    /// Marks the stream closed; the source closes its descriptor when released.
    override func close() { status = .closed }
    /// Not open, open, at its end, or failed.
    override var streamStatus: Stream.Status { status }
    /// The failure as an `Error`, for `XMLParser`.
    override var streamError: (any Error)? { failure }
    /// True until the filtered bytes are used up or reading failed.
    override var hasBytesAvailable: Bool { failure == nil && !(sourceEnded && position == filtered.count) }

    /// Copies up to `length` filtered bytes, pulling and filtering chunks as needed; 0 at the end,
    /// -1 on failure (see ``failure``).
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard failure == nil, length > 0 else { return failure == nil ? 0 : -1 }
        while position == filtered.count {
            if sourceEnded {
                status = .atEnd
                return 0
            }
            filtered.removeAll(keepingCapacity: true)
            position = 0
            do throws(HealthImportError) {
                let more = try source.withNextChunk { (chunk) throws(HealthImportError) in
                    try prepass.feed(chunk, into: &filtered)
                }
                if !more {
                    try prepass.finish(into: &filtered)
                    sourceEnded = true
                }
            } catch {
                failure = error
                status = .error
                return -1
            }
        }
        let count = min(length, filtered.count - position)
        filtered.withUnsafeBufferPointer { bytes in
            buffer.update(from: bytes.baseAddress! + position, count: count)
        }
        position += count
        return count
    }
}

/// Reads a file descriptor in 1 MiB chunks into one reused buffer; closes it when released.
final class FileChunkSource: HealthChunkSource {
    private let descriptor: Int32
    private let file: String
    private var buffer: [UInt8]
    /// Offset of the next read.
    private var offset: Int64

    /// Takes ownership of `descriptor` (open for reading) and reads it from `offset` on.
    init(descriptor: Int32, file: String, offset: Int64 = 0, chunkSize: Int = 1 << 20) {
        self.descriptor = descriptor
        self.file = file
        self.offset = offset
        self.buffer = [UInt8](repeating: 0, count: chunkSize)
    }

    deinit { close(descriptor) }

    /// Reads the next chunk with `pread`, retrying on `EINTR`.
    func withNextChunk(
        _ body: (UnsafeBufferPointer<UInt8>) throws(HealthImportError) -> Void
    ) throws(HealthImportError) -> Bool {
        let count = try readChunk()
        guard count > 0 else { return false }
        try buffer.withUnsafeBufferPointer { (bytes) throws(HealthImportError) in
            try body(UnsafeBufferPointer(rebasing: bytes[0..<count]))
        }
        return true
    }

    private func readChunk() throws(HealthImportError) -> Int {
        let capacity = buffer.count
        let at = offset
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, capacity, off_t(at)) }
            if count >= 0 {
                offset += Int64(count)
                return count
            }
            if errno != EINTR {
                throw HealthImportError(
                    kind: .io, file: file, message: "cannot read: \(String(cString: strerror(errno)))")
            }
        }
    }
}
