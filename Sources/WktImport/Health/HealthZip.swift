import Foundation
import Synchronization
import ZIPFoundation

/// Reading the main XML of an `export.zip` without writing anything to disk (FORMATS.md §4.1,
/// RELIABILITY.md I-27, A-07, A-08).
///
/// The zip's directory is read here, by hand, and only the inflating is ZIPFoundation's (its
/// public `Data.decompress`, zlib underneath). ZIPFoundation's own `Archive` reader (0.9.20)
/// treats a ZIP64 extra-field value of 0 as "absent": in a ZIP64 archive whose first entry sits at
/// offset 0 (what large exports look like), it then seeks to offset 0xFFFFFFFF, stops listing
/// the entries, and the import failed with "no apple_health_export/*.xml". Reading the
/// directory ourselves also lets the inflation be capped by what we count, not by the sizes
/// the archive claims.
enum HealthZip {
    /// The folder Apple puts the export in.
    static let folder = "apple_health_export"

    /// Zip-bomb guard (RELIABILITY.md A-08): an entry may inflate to at most `maxRatio` times the
    /// compressed bytes read so far. Real Apple Health exports compress about 10–20×, so 100×
    /// leaves a 5× margin; a deflate bomb reaches ~1,000×. Checked as the data streams, so a bomb
    /// is refused after a few megabytes, not after the gigabytes it claims.
    static let maxRatio: UInt64 = 100
    /// Every entry may inflate to this much whatever its ratio, so small, very repetitive exports
    /// (test fixtures, a fresh phone) are never refused.
    static let ratioFreeBytes: UInt64 = 16 << 20
    /// And no entry may inflate past this, whatever its compressed size: 32 GiB of XML is about
    /// 20 times the largest export reported (1.5 GiB must import, RELIABILITY.md L-02).
    static let maxInflatedBytes: UInt64 = 32 << 30

    /// One entry of the zip's central directory.
    struct Member: Sendable, Equatable {
        /// The path inside the zip.
        var path: String
        /// 0 stored, 8 deflated; anything else cannot be read.
        var method: UInt16
        /// General-purpose flags (bit 0: encrypted).
        var flags: UInt16
        /// CRC-32 of the inflated bytes.
        var crc32: UInt32
        /// Size of the stored data (after ZIP64 extra fields are applied).
        var compressedSize: UInt64
        /// Size the archive claims for the inflated data.
        var uncompressedSize: UInt64
        /// Where the entry's local header starts.
        var localHeaderOffset: UInt64
        /// A regular file (not a directory or a symbolic link).
        var isFile: Bool
    }

    /// The most an entry may have inflated to after `compressedRead` compressed bytes:
    /// ``maxRatio`` × those bytes, at least ``ratioFreeBytes``, at most ``maxInflatedBytes``.
    static func inflationCap(compressedRead compressed: UInt64) -> UInt64 {
        let byRatio = compressed.multipliedReportingOverflow(by: maxRatio)
        return min(max(byRatio.overflow ? .max : byRatio.partialValue, ratioFreeBytes), maxInflatedBytes)
    }

    /// "64 MiB", "1.5 GiB" for messages.
    static func byteText(_ count: UInt64) -> String {
        let units: [(UInt64, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where count >= size {
            let tenths = (count * 10 + size / 2) / size
            return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
        }
        return "\(count) bytes"
    }

    /// The entry to read: the largest regular file `apple_health_export/<name>.xml` whose name
    /// does not contain `cda` (the localized main document: `export.xml`, `exportar.xml`,
    /// `dati esportati.xml`). Entries in `__MACOSX/`, in sub-folders, with `..` components,
    /// symbolic links and directories are never chosen, so nothing but that one file is read.
    /// Ties go to the first entry in the archive.
    static func mainEntry(in members: [Member]) -> Member? {
        var best: Member?
        for member in members where member.isFile {
            let parts = member.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == folder else { continue }
            let name = parts[1].lowercased()
            guard name.hasSuffix(".xml"), name.count > 4, !name.contains("cda") else { continue }
            if let current = best, member.uncompressedSize <= current.uncompressedSize { continue }
            best = member
        }
        return best
    }

    /// The central directory of the zip at `path` (classic or ZIP64).
    static func members(of path: String) throws(HealthImportError) -> [Member] {
        let file = try ZipFile(path: path)
        return try file.members()
    }

    /// Starts a thread that inflates `member` of the zip at `path` into `channel`.
    ///
    /// Inflating pushes chunks while `XMLParser` pulls from a stream, so the two run on two
    /// threads joined by a bounded ``HealthChunkChannel`` (at most a few chunks in flight); the
    /// caller must end with ``HealthChunkChannel/cancelAndWait()``.
    static func startInflating(path: String, member: Member, into channel: HealthChunkChannel) {
        let thread = Thread {
            channel.finish(inflate(path: path, member: member, into: channel))
        }
        thread.start()
    }

    private struct Cancelled: Error {}
    private struct TooLarge: Error { let cap: UInt64 }
    private struct ReadFailed: Error { let error: HealthImportError }

    private static func inflate(path: String, member: Member, into channel: HealthChunkChannel) -> HealthImportError? {
        let file = "\(path) (\(member.path))"
        func fail(_ message: String) -> HealthImportError { HealthImportError(kind: .zip, file: file, message: message) }
        guard member.flags & 1 == 0 else { return fail("the entry is encrypted; export again without a password") }
        guard member.method == 0 || member.method == 8 else {
            return fail("compression method \(member.method) is not supported (only stored and deflated)")
        }
        do throws(HealthImportError) {
            let zip = try ZipFile(path: path)
            let start = try zip.dataOffset(of: member, file: file)
            var produced: UInt64 = 0
            var consumed: UInt64 = 0
            let provider: Provider = { position, size in
                let remaining = Int64(member.compressedSize) - position
                guard remaining > 0 else { throw ReadFailed(error: fail("the compressed data ends before the entry does: the zip is damaged")) }
                do throws(HealthImportError) {
                    let count = Int(min(Int64(size), remaining))
                    consumed = UInt64(position) + UInt64(count)
                    return Data(try zip.read(at: start + UInt64(position), count: count, file: file))
                } catch {
                    throw ReadFailed(error: error)
                }
            }
            let consumer: Consumer = { data in
                produced += UInt64(data.count)
                let cap = inflationCap(compressedRead: consumed)
                if produced > cap { throw TooLarge(cap: cap) }
                guard channel.send(data) else { throw Cancelled() }
            }
            let checksum: UInt32
            do {
                if member.method == 8 {
                    // ZIPFoundation hands zlib `bufferSize` input bytes whatever the provider
                    // returned, so a short last chunk of a damaged stream let zlib read past its
                    // end (a SEGV in libz, found by scripts/fuzz.sh health). Every chunk is
                    // therefore padded to the full size with zeros: a valid stream ends before
                    // them, a damaged one fails on them (and the CRC and size checks below).
                    let fullChunks: Provider = { position, size in
                        var chunk = try provider(position, size)
                        if chunk.count < size { chunk.append(Data(count: size - chunk.count)) }
                        return chunk
                    }
                    checksum = try Data.decompress(
                        size: Int64(member.uncompressedSize), bufferSize: 1 << 18, skipCRC32: false,
                        provider: fullChunks, consumer: consumer)
                } else {
                    var crc: UInt32 = 0
                    var position: Int64 = 0
                    while position < Int64(member.compressedSize) {
                        let chunk = try provider(position, 1 << 18)
                        crc = chunk.crc32(checksum: crc)
                        position += Int64(chunk.count)
                        try consumer(chunk)
                    }
                    checksum = crc
                }
            } catch is Cancelled {
                return nil
            } catch let tooLarge as TooLarge {
                return fail(
                    "\(member.path) refused as a possible zip bomb: it inflates past the cap of "
                        + "\(byteText(tooLarge.cap)) (an entry may inflate to \(maxRatio)× the compressed bytes read, "
                        + "at least \(byteText(ratioFreeBytes)), never more than \(byteText(maxInflatedBytes)))")
            } catch let failed as ReadFailed {
                return failed.error
            } catch {
                return fail("cannot inflate the entry: the compressed data is damaged")
            }
            guard checksum == member.crc32 else { return fail("CRC-32 mismatch: the entry is damaged") }
            guard produced == member.uncompressedSize else {
                return fail("the entry inflates to \(produced) bytes, not the \(member.uncompressedSize) its header says: the zip is damaged")
            }
            return nil
        } catch {
            return error
        }
    }
}

/// A zip file opened for `pread`, with the few structures a reader needs (APPNOTE.TXT 4.3).
private final class ZipFile {
    // Reads only with pread (no shared file offset); the descriptor is closed in deinit.
    let path: String
    let descriptor: Int32
    let size: UInt64

    init(path: String) throws(HealthImportError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw HealthImportError(kind: .io, file: path, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw HealthImportError(kind: .io, file: path, message: "cannot read: \(reason)")
        }
        size = UInt64(max(0, info.st_size))
    }

    deinit { close(descriptor) }

    /// Exactly `count` bytes at `offset`; a short read is a damaged (truncated) zip.
    func read(at offset: UInt64, count: Int, file: String) throws(HealthImportError) -> [UInt8] {
        guard count > 0 else { return [] }
        guard offset <= size, UInt64(count) <= size - offset else {
            throw HealthImportError(kind: .zip, file: file, message: "the zip is truncated: a structure lies past its end")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = n < 0 ? String(cString: strerror(errno)) : "unexpected end of file"
                throw HealthImportError(kind: .io, file: file, message: "cannot read: \(reason)")
            }
            done += n
        }
        return bytes
    }

    private func zipError(_ message: String) -> HealthImportError {
        HealthImportError(kind: .zip, file: path, message: "not a readable zip archive (\(message))")
    }

    /// The central directory's entries.
    func members() throws(HealthImportError) -> [HealthZip.Member] {
        // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535.
        let tailLength = Int(min(size, 22 + 65_535))
        guard tailLength >= 22 else { throw zipError("too short for a zip") }
        let tailStart = size - UInt64(tailLength)
        let tail = try read(at: tailStart, count: tailLength, file: path)
        guard let eocd = stride(from: tailLength - 22, through: 0, by: -1).first(where: { tail.le32($0) == 0x0605_4B50 })
        else { throw zipError("no end-of-central-directory record") }
        var count = UInt64(tail.le16(eocd + 10))
        var directorySize = UInt64(tail.le32(eocd + 12))
        var directoryOffset = UInt64(tail.le32(eocd + 16))
        // ZIP64: a locator right before the record points at the ZIP64 end record with 64-bit values.
        let eocdOffset = tailStart + UInt64(eocd)
        if eocdOffset >= 20 {
            let locator = try read(at: eocdOffset - 20, count: 20, file: path)
            if locator.le32(0) == 0x0706_4B50 {
                let recordOffset = locator.le64(8)
                let record = try read(at: recordOffset, count: 56, file: path)
                guard record.le32(0) == 0x0606_4B50 else { throw zipError("the ZIP64 end record is missing") }
                count = record.le64(32)
                directorySize = record.le64(40)
                directoryOffset = record.le64(48)
            }
        }
        guard directorySize <= 256 << 20 else { throw zipError("central directory over 256 MiB") }
        let directory = try read(at: directoryOffset, count: Int(directorySize), file: path)
        var members: [HealthZip.Member] = []
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, directory.le32(at) == 0x0201_4B50 else {
                throw zipError("damaged central directory")
            }
            let madeBy = directory.le16(at + 4)
            let nameLength = Int(directory.le16(at + 28))
            let extraLength = Int(directory.le16(at + 30))
            let commentLength = Int(directory.le16(at + 32))
            let end = at + 46 + nameLength + extraLength + commentLength
            guard end <= directory.count else { throw zipError("damaged central directory") }
            let name = String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            var member = HealthZip.Member(
                path: name, method: directory.le16(at + 10), flags: directory.le16(at + 8),
                crc32: directory.le32(at + 16), compressedSize: UInt64(directory.le32(at + 20)),
                uncompressedSize: UInt64(directory.le32(at + 24)), localHeaderOffset: UInt64(directory.le32(at + 42)),
                isFile: !name.hasSuffix("/"))
            let mode = directory.le32(at + 38) >> 16
            if madeBy >> 8 == 3, mode & 0o170000 != 0, mode & 0o170000 != 0o100000 { member.isFile = false }
            applyZIP64(Array(directory[(at + 46 + nameLength)..<(at + 46 + nameLength + extraLength)]), to: &member)
            members.append(member)
            at = end
        }
        return members
    }

    /// Replaces the 0xFFFFFFFF placeholders by the ZIP64 extra field's values, in APPNOTE order
    /// (a value of 0 there is a real 0, unlike in ZIPFoundation's reader).
    private func applyZIP64(_ extra: [UInt8], to member: inout HealthZip.Member) {
        var at = 0
        while at + 4 <= extra.count {
            let id = extra.le16(at)
            let length = Int(extra.le16(at + 2))
            guard at + 4 + length <= extra.count else { return }
            if id == 1 {
                var field = at + 4
                func next() -> UInt64? {
                    guard field + 8 <= at + 4 + length else { return nil }
                    defer { field += 8 }
                    return extra.le64(field)
                }
                if member.uncompressedSize == 0xFFFF_FFFF, let value = next() { member.uncompressedSize = value }
                if member.compressedSize == 0xFFFF_FFFF, let value = next() { member.compressedSize = value }
                if member.localHeaderOffset == 0xFFFF_FFFF, let value = next() { member.localHeaderOffset = value }
                return
            }
            at += 4 + length
        }
    }

    /// Where `member`'s data starts, after its local header; checks that the data lies in the file.
    func dataOffset(of member: HealthZip.Member, file: String) throws(HealthImportError) -> UInt64 {
        let header = try read(at: member.localHeaderOffset, count: 30, file: file)
        guard header.le32(0) == 0x0403_4B50 else {
            throw HealthImportError(kind: .zip, file: file, message: "damaged local header: the zip is damaged")
        }
        let start = member.localHeaderOffset + 30 + UInt64(header.le16(26)) + UInt64(header.le16(28))
        guard start <= size, member.compressedSize <= size - start else {
            throw HealthImportError(kind: .zip, file: file, message: "the zip is truncated: the entry's data lies past its end")
        }
        return start
    }
}

private extension Array where Element == UInt8 {
    func le16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    func le32(_ at: Int) -> UInt32 { UInt32(le16(at)) | UInt32(le16(at + 2)) << 16 }
    func le64(_ at: Int) -> UInt64 { UInt64(le32(at)) | UInt64(le32(at + 4)) << 32 }
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
