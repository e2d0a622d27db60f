import Foundation

/// A zip file opened for `pread`, with the few structures a reader needs (APPNOTE.TXT 4.3).
final class ZipFile {
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

/// Little-endian integers at byte offsets, as zip structures store them.
extension Array where Element == UInt8 {
    func le16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    func le32(_ at: Int) -> UInt32 { UInt32(le16(at)) | UInt32(le16(at + 2)) << 16 }
    func le64(_ at: Int) -> UInt64 { UInt64(le32(at)) | UInt64(le32(at + 4)) << 32 }
}
