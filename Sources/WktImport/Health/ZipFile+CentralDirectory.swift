/// The central directory: where the entries are listed, classic or ZIP64 (APPNOTE.TXT 4.3.12–4.3.16).
extension ZipFile {
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
}
