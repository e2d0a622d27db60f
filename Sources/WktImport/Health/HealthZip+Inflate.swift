import Foundation
import ZIPFoundation

/// Inflating the chosen entry, on a thread of its own, into the channel the parser reads.
extension HealthZip {
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
