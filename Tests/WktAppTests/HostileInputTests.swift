import Foundation
import Testing

/// The real binary fed hostile files and configs (docs/reliability.md "Found by attack": A-03, A-07 to
/// A-11, A-13) and naive times around DST changes (T-07, T-08).
@Suite("wkt-site binary, hostile inputs", .enabled(if: Binary.available))
struct HostileInputEndToEndTests {
    func write(_ dir: String, _ name: String, _ bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(bytes))
    }

    /// Every stderr line printable (no control byte but the line ends) and of a sane length.
    func saneStderr(_ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return text.hasSuffix("\n") && lines.allSatisfy { line in
            line.count <= 2_100 && !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        }
    }

    static let strongHeader = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"

    @Test("A-03: a \\u0000 in a wkt JSON name is exit 65 naming the JSON path and NUL character, also on the second try")
    func nulInJSON() throws {
        let dir = try temporaryFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = #"{"format": "wkt", "version": 1, "workouts": [{"id": "w1", "start": "2024-06-01T10:00:00", "name": "Pu\u0000sh"}]}"#
        write(dir, "in.json", Array(text.utf8))
        for _ in 0..<2 {
            let run = try Binary.run(["import", "in.json"], in: dir)
            #expect(run.status == 65, "\(run.stderr)")
            #expect(run.stderr.contains("$.workouts[0].name") && run.stderr.contains("NUL character"), "\(run.stderr)")
            #expect(!run.stderr.contains("constraint"))
        }
    }

    @Test("A-07: a ZIP64 export.zip imports like the plain zip")
    func zip64() throws {
        let dir = try temporaryFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2024-06-02 07:00:00 +0200" endDate="2024-06-02 07:30:00 +0200"/>
            </HealthData>

            """
        write(dir, "export.zip", RawZip.zip64(name: "apple_health_export/export.xml", stored: Array(xml.utf8)))
        let run = try Binary.run(["import", "export.zip"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "export.zip: apple-health/zip — 1 workouts added, 0 updated, 0 unchanged; 0 sets\n")
    }

    /// `TMPDIR` for the binary: a private folder, to see what it leaves behind.
    func privateTemp(_ dir: String) throws -> String {
        let temp = dir + "/tmp"
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        return temp
    }

    @Test("A-08: a 7 MB zip inflating to 1 GiB of XML is exit 65 within 5 s naming the member and the cap; no temp files")
    func bomb() throws {
        let dir = try temporaryFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir, "export.zip", RawZip.bomb(gibibytes: 1))
        let temp = try privateTemp(dir)
        let started = Date()
        let run = try Binary.run(["import", "export.zip"], in: dir, environment: ["TMPDIR": temp + "/"])
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(seconds < 5, "took \(seconds) s")
        #expect(run.stderr.contains("apple_health_export/export.xml") && run.stderr.contains("zip bomb"), "\(run.stderr)")
        #expect(run.stderr.contains("100×"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp) == [])
    }

    @Test("A-08: kill -9 of an import reading a zip leaves no temp files")
    func killedZipImport() throws {
        let dir = try temporaryFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir, "export.zip", RawZip.bomb(gibibytes: 1))
        let temp = try privateTemp(dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path ?? "/nonexistent")
        process.arguments = ["import", "export.zip"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temp + "/", "TZ": "UTC"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until the Apple Health child runs (its output files exist from then on), at most 3 s.
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline, !childRunning(of: process.processIdentifier) { usleep(10_000) }
        let child = try #require(children(of: process.processIdentifier).first, "the Apple Health child never started")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp) == [])
        // The orphaned child notices and ends within a second, leaving nothing either.
        let end = Date().addingTimeInterval(2)
        while Date() < end, isAlive(child) { usleep(20_000) }
        #expect(!isAlive(child), "the orphaned Apple Health child still runs: \((try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp) == [])
    }

    /// The child processes of `pid` (Linux `/proc`).
    func children(of pid: Int32) -> [Int32] {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return [] }
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    func childRunning(of pid: Int32) -> Bool { !children(of: pid).isEmpty }

    /// Whether `pid` exists and is not a zombie.
    func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[close...].dropFirst(2).hasPrefix("Z")
    }

    @Test("A-09: hostile CSV, JSON and XML fields give one printable stderr line each, of a sane length")
    func hostileMessages() throws {
        let dir = try temporaryFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let escapes = "\u{1B}]0;PWNED\u{07}\u{1B}[2J"
        let csv = Self.strongHeader + "\n2024-03-05 18:00:00,\"Legs\",1h,\"Squat\",1,\"12\(escapes)\nkg\",5,0,0,,,\n"
        write(dir, "strong.csv", Array(csv.utf8))
        let huge = Self.strongHeader + "\n2024-03-05 18:00:00,\"Legs\",1h,\"Squat\",1,9\(String(repeating: "x", count: 20_000_000)),5,0,0,,,\n"
        write(dir, "huge.csv", Array(huge.utf8))
        let json = #"{"format": "wkt", "version": 1, "workouts": [{"id": "w1", "start": "2024-06-01T10:00:00", "name": "P", "activity": "", "notes": "\u001b[2J\n"}]}"#
        write(dir, "in.json", Array(json.utf8))
        let badKind = #"{"format": "wkt", "version": 1, "workouts": [{"id": "w1", "start": "2024-06-01T10:00:00", "name": "P", "exercises": [{"name": "B", "sets": [{"kind": "\u001b]0;x\u0007\n"}]}]}]}"#
        write(dir, "kind.json", Array(badKind.utf8))
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning&#10;[2J" duration="30" durationUnit="min" sourceName="Watch" startDate="2024-06-02 07:00:00 +0200" endDate="2024-06-02 07:30:00 +0200"/>
            </HealthData>

            """
        write(dir, "export.xml", Array(xml.utf8))
        write(dir, "escape.xml", Array(xml.replacingOccurrences(of: "&#10;", with: "&#27;").utf8))
        for file in ["strong.csv", "huge.csv", "in.json", "kind.json", "export.xml", "escape.xml"] {
            let run = try Binary.run(["import", file], in: dir)
            #expect(run.status == 65, "\(file): \(run.stderr)")
            #expect(saneStderr(run.stderr), "\(file): \(run.stderr.prefix(3000).debugDescription)")
            #expect(run.stderr.count < 3_000, "\(file): \(run.stderr.count) characters")
            #expect(run.stderr.split(separator: "\n").count == 2, "\(file): \(run.stderr.prefix(3000).debugDescription)")
            #expect(!run.stderr.contains("XMLParser error") && !run.stderr.contains("libxml2 error"), "\(file): \(run.stderr)")
        }
        let xmlRun = try Binary.run(["import", "export.xml"], in: dir)
        #expect(xmlRun.stderr.contains("export.xml:3:") && !xmlRun.stderr.contains("$."), "\(xmlRun.stderr)")
        #expect(xmlRun.stderr.contains("\\n"), "\(xmlRun.stderr)")
        let escapeRun = try Binary.run(["import", "escape.xml"], in: dir)
        #expect(escapeRun.stderr.contains("escape.xml:3:") && escapeRun.stderr.contains("column"), "\(escapeRun.stderr)")
        #expect(escapeRun.stderr.contains("a character that XML does not allow"), "\(escapeRun.stderr)")
    }

    @Test("A-10: a NUL byte in wkt-site.toml is exit 65 \"wkt-site.toml:LINE: NUL character\" in build and stats")
    func nulInConfig() throws {
        try expectConfigRefused(
            "title = \"My lifts\"\nauthor = \"A\u{0}da\"\nunit = \"furlong\"\n", naming: "wkt-site.toml:2: NUL character")
    }

    /// Writes `toml` as the `wkt-site.toml` of a fresh folder, where `build` and `stats` must
    /// both exit 65 with `message` in their error output.
    func expectConfigRefused(_ toml: String, naming message: String) throws {
        let dir = try temporaryFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir, "wkt-site.toml", Array(toml.utf8))
        for command in ["build", "stats"] {
            let run = try Binary.run([command], in: dir)
            #expect(run.status == 65, "\(command): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(command): \(run.stderr)")
        }
    }

    @Test("A-11: a 1 MB title is exit 65 naming the key and the 200-character cap, within 5 s")
    func hugeTitle() throws {
        let dir = try temporaryFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir, "wkt-site.toml", Array("title = \"\(String(repeating: "T", count: 1 << 20))\"\n".utf8))
        let started = Date()
        let run = try Binary.run(["build", "--today", "2026-11-20"], in: dir)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(run.status == 65, "\(run.stderr.prefix(500))")
        #expect(run.stderr.contains("`title`") && run.stderr.contains("at most 200 characters"), "\(run.stderr.prefix(500))")
        #expect(run.stderr.count < 500)
        #expect(!FileManager.default.fileExists(atPath: dir + "/site"))
    }

    @Test("A-13: an invalid base_url in wkt-site.toml is exit 65 naming the key in build and stats")
    func badBaseURL() throws {
        try expectConfigRefused("base_url = \"https://e.org/a b\"\n", naming: "`base_url`")
    }

    @Test("T-07, T-08: with timezone Europe/Berlin, 02:30 in the spring gap is kept at 03:30 with a warning; the autumn 02:30 re-imports as the same workout")
    func berlinDST() throws {
        let dir = try temporaryFolder("hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir, "wkt-site.toml", Array("timezone = \"Europe/Berlin\"\n".utf8))
        let csv = [
            Self.strongHeader,
            "2024-03-31 02:30:00,\"Legs\",1h,\"Squat (Barbell)\",1,100,5,0,0,,,",
            "2024-10-27 02:30:00,\"Legs\",1h,\"Squat (Barbell)\",1,102.5,5,0,0,,,",
        ].joined(separator: "\n") + "\n"
        write(dir, "strong.csv", Array(csv.utf8))
        let first = try Binary.run(["import", "strong.csv", "--unit", "kg"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("2 workouts added"), "\(first.stdout)")
        let output = first.stdout + first.stderr
        #expect(output.contains("line 2") && output.contains("does not exist in Europe/Berlin") && output.contains("03:30:00"), "\(output)")

        let exported = try Binary.run(["export"], in: dir)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("\"2024-03-31T03:30:00\""), "\(exported.stdout)")
        #expect(exported.stdout.contains("\"2024-10-27T02:30:00\""), "\(exported.stdout)")
        #expect(!exported.stdout.contains("2024-03-31T02:30"))

        let again = try Binary.run(["import", "strong.csv", "--unit", "kg"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 workouts added, 0 updated, 2 unchanged"), "\(again.stdout)")
    }
}

/// Zip files written byte by byte (no zlib in this test target).
enum RawZip {
    /// CRC-32 (IEEE), bit by bit: only used on small inputs.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func le(_ value: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// One stored entry in full ZIP64 form: 0xFFFFFFFF in every 32-bit size and offset field (also
    /// the offset 0 of this first entry), the values in ZIP64 extra fields, a ZIP64 end record and
    /// locator, and a classic end record of placeholders.
    static func zip64(name: String, stored data: [UInt8]) -> [UInt8] {
        let nameBytes = Array(name.utf8)
        let size = UInt64(data.count)
        let crc = UInt64(crc32(data))
        var out = le(0x0403_4B50, 4) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0x21, 2) + le(crc, 4)
        out += le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(UInt64(nameBytes.count), 2) + le(20, 2) + nameBytes
        out += le(1, 2) + le(16, 2) + le(size, 8) + le(size, 8) + data
        var central = le(0x0201_4B50, 4) + le(0x031E, 2) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0x21, 2)
        central += le(crc, 4) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(UInt64(nameBytes.count), 2) + le(28, 2)
        central += le(0, 2) + le(0, 2) + le(0, 2) + le(0o100644 << 16, 4) + le(0xFFFF_FFFF, 4) + nameBytes
        central += le(1, 2) + le(24, 2) + le(size, 8) + le(size, 8) + le(0, 8)
        let directoryOffset = UInt64(out.count)
        out += central
        let recordOffset = UInt64(out.count)
        out += le(0x0606_4B50, 4) + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 4) + le(0, 4) + le(1, 8) + le(1, 8)
        out += le(UInt64(central.count), 8) + le(directoryOffset, 8)
        out += le(0x0706_4B50, 4) + le(0, 4) + le(recordOffset, 8) + le(1, 4)
        out += le(0x0605_4B50, 4) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(0xFFFF, 2)
        out += le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(0, 2)
        return out
    }

    /// LSB-first bits, as deflate packs them (RFC 1951 §3.1.1).
    struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt32 = 0
        var count = 0

        mutating func bits(_ value: UInt32, _ width: Int) {
            for i in 0..<width {
                current |= ((value >> i) & 1) << count
                count += 1
                if count == 8 {
                    bytes.append(UInt8(current))
                    current = 0
                    count = 0
                }
            }
        }

        /// A Huffman code, most significant bit first.
        mutating func code(_ value: UInt32, _ width: Int) {
            for i in stride(from: width - 1, through: 0, by: -1) { bits((value >> i) & 1, 1) }
        }

        /// A literal byte in the fixed code (RFC 1951 §3.2.6).
        mutating func literal(_ byte: UInt8) {
            if byte < 144 { code(0x30 + UInt32(byte), 8) } else { code(0x190 + UInt32(byte) - 144, 9) }
        }

        /// "Copy 258 bytes from 1 back": length code 285 (8 bits), distance code 0 (5 bits).
        mutating func repeatLast258() {
            code(0xC5, 8)
            code(0, 5)
        }
    }

    /// A zip whose `apple_health_export/export.xml` inflates to about `gibibytes` GiB of XML (an
    /// open `<HealthData>` and then spaces) from about 6.8 MB per GiB: one fixed-Huffman deflate
    /// block of 258-byte copies. The CRC field is 0: a reader must stop long before it could check it.
    static func bomb(gibibytes: Int) -> [UInt8] {
        let head = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n ".utf8)
        var writer = BitWriter()
        writer.bits(1, 1)  // final block
        writer.bits(1, 2)  // fixed Huffman codes
        for byte in head { writer.literal(byte) }
        var copies = (gibibytes << 30) / 258
        // Copies until the bits are byte-aligned; then 8 copies are exactly 13 bytes, repeated.
        while writer.count != 0 {
            writer.repeatLast258()
            copies -= 1
        }
        var unit = BitWriter()
        for _ in 0..<8 { unit.repeatLast258() }
        var data = writer.bytes
        data.reserveCapacity(data.count + copies / 8 * 13 + 16)
        for _ in 0..<(copies / 8) { data += unit.bytes }
        var tail = BitWriter()
        for _ in 0..<(copies % 8) { tail.repeatLast258() }
        tail.code(0, 7)  // end of block
        if tail.count > 0 { tail.bits(0, 8 - tail.count) }
        data += tail.bytes
        let inflated = UInt64(head.count) + UInt64((gibibytes << 30) / 258 * 258)
        let name = Array("apple_health_export/export.xml".utf8)
        let compressed = UInt64(data.count)
        var out = le(0x0403_4B50, 4) + le(20, 2) + le(0, 2) + le(8, 2) + le(0, 2) + le(0x21, 2) + le(0, 4)
        out += le(compressed, 4) + le(inflated, 4) + le(UInt64(name.count), 2) + le(0, 2) + name
        out += data
        let directoryOffset = UInt64(out.count)
        var central = le(0x0201_4B50, 4) + le(0x031E, 2) + le(20, 2) + le(0, 2) + le(8, 2) + le(0, 2) + le(0x21, 2)
        central += le(0, 4) + le(compressed, 4) + le(inflated, 4) + le(UInt64(name.count), 2) + le(0, 2)
        central += le(0, 2) + le(0, 2) + le(0, 2) + le(0o100644 << 16, 4) + le(0, 4) + name
        out += central
        out += le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(1, 2) + le(1, 2)
        out += le(UInt64(central.count), 4) + le(directoryOffset, 4) + le(0, 2)
        return out
    }
}
