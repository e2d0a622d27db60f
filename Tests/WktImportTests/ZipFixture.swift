import Foundation
import ZIPFoundation

/// Zip archives written byte by byte, so tests can make the layouts ZIPFoundation's writer never
/// produces: full ZIP64 (docs/reliability.md A-07) and deflate bombs.
enum ZipFixture {
    /// One entry, its data already compressed (or stored).
    struct Member {
        var name: String
        /// 0 stored, 8 deflated.
        var method: UInt16
        var crc32: UInt32
        var uncompressedSize: UInt64
        var data: Data
    }

    /// `text` deflated.
    static func deflated(_ name: String, _ text: String) throws -> Member {
        try deflated(name, prefix: Data(text.utf8), repeating: Data(), times: 0, suffix: Data())
    }

    /// `prefix`, `times` × `chunk`, `suffix`, deflated as it streams (nothing that large in memory).
    static func deflated(_ name: String, prefix: Data, repeating chunk: Data, times: Int, suffix: Data) throws -> Member {
        let size = Int64(prefix.count + chunk.count * times + suffix.count)
        var out = Data()
        let chunkSize = 1 << 20
        let crc = try Data.compress(size: size, bufferSize: chunkSize, provider: { position, length in
            // Bytes [position, position + length) of the virtual input.
            var piece = Data(capacity: length)
            var at = Int(position)
            let end = at + length
            while at < end {
                if at < prefix.count {
                    let take = min(end, prefix.count) - at
                    piece.append(prefix[(prefix.startIndex + at)..<(prefix.startIndex + at + take)])
                    at += take
                } else if at < prefix.count + chunk.count * times {
                    let offset = (at - prefix.count) % chunk.count
                    let take = min(end - at, chunk.count - offset, prefix.count + chunk.count * times - at)
                    piece.append(chunk[(chunk.startIndex + offset)..<(chunk.startIndex + offset + take)])
                    at += take
                } else {
                    let offset = at - prefix.count - chunk.count * times
                    let take = min(end - at, suffix.count - offset)
                    piece.append(suffix[(suffix.startIndex + offset)..<(suffix.startIndex + offset + take)])
                    at += take
                }
            }
            return piece
        }, consumer: { out.append($0) })
        return Member(name: name, method: 8, crc32: crc, uncompressedSize: UInt64(size), data: out)
    }

    /// `text` stored.
    static func stored(_ name: String, _ text: String) -> Member {
        let data = Data(text.utf8)
        return Member(name: name, method: 0, crc32: data.crc32(checksum: 0), uncompressedSize: UInt64(data.count), data: data)
    }

    /// The archive. With `zip64`, every size and offset goes through ZIP64 extra fields (the
    /// 32-bit fields hold 0xFFFFFFFF, also for the first entry at offset 0), and the archive ends
    /// with a ZIP64 end record and locator before a classic end record of 0xFFFF placeholders:
    /// the layout of large exports.
    static func archive(_ members: [Member], zip64: Bool) -> Data {
        var out = Data()
        var central = Data()
        for member in members {
            let name = Data(member.name.utf8)
            let offset = UInt64(out.count)
            let compressed = UInt64(member.data.count)
            let localExtra = zip64 ? zip64Field([member.uncompressedSize, compressed]) : Data()
            out.le32(0x0403_4B50)
            appendSharedFields(of: member, nameLength: name.count, zip64: zip64, to: &out)
            out.le16(UInt16(localExtra.count))
            out.append(name)
            out.append(localExtra)
            out.append(member.data)

            let centralExtra = zip64 ? zip64Field([member.uncompressedSize, compressed, offset]) : Data()
            central.le32(0x0201_4B50)
            central.le16(0x031E)
            appendSharedFields(of: member, nameLength: name.count, zip64: zip64, to: &central)
            central.le16(UInt16(centralExtra.count))
            central.le16(0)
            central.le16(0)
            central.le16(0)
            central.le32(0o100644 << 16)
            central.le32(zip64 ? 0xFFFF_FFFF : UInt32(offset))
            central.append(name)
            central.append(centralExtra)
        }
        let directoryOffset = UInt64(out.count)
        out.append(central)
        if zip64 {
            let recordOffset = UInt64(out.count)
            out.le32(0x0606_4B50)
            out.le64(44)
            out.le16(45)
            out.le16(45)
            out.le32(0)
            out.le32(0)
            out.le64(UInt64(members.count))
            out.le64(UInt64(members.count))
            out.le64(UInt64(central.count))
            out.le64(directoryOffset)
            out.le32(0x0706_4B50)
            out.le32(0)
            out.le64(recordOffset)
            out.le32(1)
        }
        out.le32(0x0605_4B50)
        out.le16(zip64 ? 0xFFFF : 0)
        out.le16(zip64 ? 0xFFFF : 0)
        out.le16(zip64 ? 0xFFFF : UInt16(members.count))
        out.le16(zip64 ? 0xFFFF : UInt16(members.count))
        out.le32(zip64 ? 0xFFFF_FFFF : UInt32(central.count))
        out.le32(zip64 ? 0xFFFF_FFFF : UInt32(directoryOffset))
        out.le16(0)
        return out
    }

    /// The fields a local header and a central-directory header share, from "version needed
    /// to extract" to "file name length" (APPNOTE.TXT 4.3.7, 4.3.12); with `zip64` the sizes are
    /// 0xFFFFFFFF placeholders.
    private static func appendSharedFields(of member: Member, nameLength: Int, zip64: Bool, to data: inout Data) {
        data.le16(zip64 ? 45 : 20)
        data.le16(0)
        data.le16(member.method)
        data.le16(0)
        data.le16(0x21)
        data.le32(member.crc32)
        data.le32(zip64 ? 0xFFFF_FFFF : UInt32(member.data.count))
        data.le32(zip64 ? 0xFFFF_FFFF : UInt32(member.uncompressedSize))
        data.le16(UInt16(nameLength))
    }

    /// A ZIP64 extended-information extra field holding `values` (APPNOTE.TXT 4.5.3).
    private static func zip64Field(_ values: [UInt64]) -> Data {
        var field = Data()
        field.le16(1)
        field.le16(UInt16(8 * values.count))
        for value in values { field.le64(value) }
        return field
    }
}

extension Data {
    mutating func le16(_ value: UInt16) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
    mutating func le32(_ value: UInt32) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
    mutating func le64(_ value: UInt64) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
}
