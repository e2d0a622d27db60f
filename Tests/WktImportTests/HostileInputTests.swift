import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WktCore
@testable import WktImport

/// Whether `text` is one printable line: no C0/C1 control character, no line separator.
func isOnePrintableLine(_ text: String) -> Bool {
    !text.unicodeScalars.contains { MessageText.isControl($0) }
}

@Suite("Hostile inputs: NUL characters (A-03)")
struct NULCharacterTests {
    private func wkt(_ workout: String) -> [UInt8] {
        Array("""
            {"format": "wkt", "version": 1, "workouts": [\(workout)]}
            """.utf8)
    }

    private func wktError(_ bytes: [UInt8]) -> WktJSONError? {
        do {
            let batch = try WktJSON.decode(bytes: bytes, file: "in.json")
            Issue.record("decoded \(batch.workouts.map(\.name))")
            return nil
        } catch {
            return error
        }
    }

    @Test("A-03: a \\u0000 in any wkt JSON string is exit 65 naming the JSON path and \"NUL character\"",
          arguments: [
            (#"{"id": "w\u00001", "start": "2024-06-01T10:00:00", "name": "Push"}"#, "$.workouts[0].id"),
            (#"{"id": "w1", "start": "2024-06-01T10:00:00", "name": "Pu\u0000sh"}"#, "$.workouts[0].name"),
            (#"{"id": "w1", "start": "2024-06-01T10:00:00", "name": "Push", "notes": "a\u0000b"}"#, "$.workouts[0].notes"),
            (#"{"id": "w1", "start": "2024-06-01T10:00:00", "name": "Push", "exercises": [{"name": "\u0000Bench"}]}"#,
             "$.workouts[0].exercises[0].name"),
            (#"{"id": "w1", "start": "2024-06-01T10:00:00", "name": "Push", "check_in": {"sle\u0000ep": 3}}"#,
             "$.workouts[0].check_in"),
          ])
    func wktEscapedNUL(document: String, path: String) throws {
        let error = try #require(wktError(wkt(document)))
        #expect(error.path == path, "\(error)")
        #expect(error.message.contains("NUL character"), "\(error)")
        #expect(error.exitCode == 65)
        // Through the importer the message keeps the path: one line, exit 65.
        do {
            _ = try FileImporter.read(bytes: wkt(document), file: "in.json", options: ImportOptions())
            Issue.record("imported")
        } catch {
            #expect(error.exitCode == 65)
            #expect(error.description.contains(path) && error.description.contains("NUL character"), "\(error)")
        }
    }

    @Test("A-03: a raw NUL byte in a wkt JSON string or between tokens is exit 65 naming the place")
    func wktRawNUL() throws {
        var bytes = wkt(#"{"id": "w1", "start": "2024-06-01T10:00:00", "name": "PuXsh"}"#)
        bytes[bytes.firstIndex(of: UInt8(ascii: "X"))!] = 0
        let inString = try #require(wktError(bytes))
        #expect(inString.path == "$.workouts[0].name")
        #expect(inString.message.contains("NUL character"))
        #expect(isOnePrintableLine(inString.description))

        var between = wkt(#"{"id": "w1", "start": "2024-06-01T10:00:00", "name": "Push"}"#)
        between.insert(0, at: between.count - 1)
        let outside = try #require(wktError(between))
        #expect(outside.message.contains("NUL character"), "\(outside)")
    }

    @Test("A-03: a \\u0000 in a Gym-Baazi backup is exit 65 naming the JSON path; nothing is cut")
    func gymBaaziNUL() throws {
        let text = String(decoding: try gymBaaziBackup(), as: UTF8.self)
        for (key, path) in [("exerciseName", "$.workoutLogs[0].sets[0].exerciseName"), ("exerciseId", "$.workoutLogs[0].sets[0].exerciseId")] {
            let marker = "\"\(key)\":\""
            let range = try #require(text.range(of: marker))
            let hostile = text.replacingCharacters(in: range, with: marker + "\\u0000")
            do {
                let batch = try FileImporter.read(bytes: Array(hostile.utf8), file: "backup.json", options: ImportOptions())
                Issue.record("imported \(batch.workouts.count) workouts")
            } catch {
                #expect(error.exitCode == 65)
                #expect(error.message.contains(path), "\(error)")
                #expect(error.message.contains("NUL character"), "\(error)")
            }
        }
        // A raw NUL byte is refused too, with its path.
        var raw = Array(text.utf8)
        let name = try #require(text.range(of: "\"name\":\"Asha"))
        raw.insert(0, at: text.utf8.distance(from: text.startIndex, to: name.upperBound) - 2)
        do {
            _ = try FileImporter.read(bytes: raw, file: "backup.json", options: ImportOptions())
            Issue.record("imported")
        } catch {
            #expect(error.exitCode == 65)
            #expect(error.message.contains("$.userProfile.name") && error.message.contains("NUL character"), "\(error) \(String(decoding: raw, as: UTF8.self).prefix(300).debugDescription)")
        }
    }

    @Test("A-03: other escapes still decode (\\u0001 is kept, not cut)")
    func otherEscapesKept() throws {
        let batch = try WktJSON.decode(
            bytes: wkt(#"{"id": "w1", "start": "2024-06-01T10:00:00", "name": "Pu\u0001sh"}"#), file: "in.json")
        #expect(batch.workouts.first?.name == "Pu\u{1}sh")
    }
}

@Suite("Hostile inputs: zips (A-07, A-08)")
struct HostileZipTests {
    static let document = healthDocument(workouts: [
        healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200"),
        healthWorkout(start: "2024-06-02 07:00:00 +0200", end: "2024-06-02 07:45:00 +0200", type: "HKWorkoutActivityTypeRunning"),
    ])

    @Test("A-07: a ZIP64 export.zip (first entry at offset 0, ZIP64 end record) imports like the plain zip")
    func zip64() throws {
        let scratch = try HealthScratch("zip64")
        defer { scratch.remove() }
        let member = try ZipFixture.deflated("apple_health_export/export.xml", Self.document)
        let plainPath = try scratch.write("plain.zip", [UInt8](ZipFixture.archive([member], zip64: false)))
        let zip64Path = try scratch.write("export.zip", [UInt8](ZipFixture.archive([member], zip64: true)))
        let plain = try AppleHealthImporter.read(path: plainPath)
        let wide = try AppleHealthImporter.read(path: zip64Path)
        #expect(wide.workouts.count == 2)
        #expect(wide.workouts == plain.workouts)
        #expect(wide.format == "apple-health/zip")

        // Several members, stored and deflated, the main one not first.
        let many = ZipFixture.archive([
            ZipFixture.stored("apple_health_export/export_cda.xml", "<x/>"),
            ZipFixture.stored("apple_health_export/workout-routes/route_1.gpx", "<gpx/>"),
            ZipFixture.stored("apple_health_export/export.xml", Self.document),
        ], zip64: true)
        let manyPath = try scratch.write("many.zip", [UInt8](many))
        let batch = try AppleHealthImporter.read(path: manyPath)
        #expect(batch.file == manyPath + " (apple_health_export/export.xml)")
        #expect(batch.workouts == plain.workouts)
    }

    @Test("A-07: the 32-bit placeholders of ZIP64 never leak: a damaged ZIP64 end record is a zip error")
    func zip64Damaged() throws {
        let scratch = try HealthScratch("zip64-damaged")
        defer { scratch.remove() }
        var bytes = [UInt8](ZipFixture.archive([try ZipFixture.deflated("apple_health_export/export.xml", Self.document)], zip64: true))
        // Point the locator at nonsense.
        let locator = try #require((0..<(bytes.count - 3)).last { bytes[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x06, 0x07]) })
        bytes[locator + 8] ^= 0x01
        let error = try #require(healthError(readHealth(try scratch.write("bad.zip", bytes))))
        #expect(error.kind == .zip || error.kind == .io, "\(error)")
        #expect(error.exitCode == 65 || error.kind == .io)
    }

    @Test("A-08: the inflation cap: 100× the compressed bytes read, at least 16 MiB, at most 32 GiB")
    func capNumbers() {
        #expect(HealthZip.inflationCap(compressedRead: 0) == 16 << 20)
        #expect(HealthZip.inflationCap(compressedRead: 1 << 20) == 100 << 20)
        // L-02: a 1.5 GiB export.xml compressed even 50× (about 31 MiB) stays far below its cap.
        let compressed: UInt64 = (3 << 29) / 50
        #expect(HealthZip.inflationCap(compressedRead: compressed) > 3 << 29)
        #expect(HealthZip.inflationCap(compressedRead: 1 << 40) == 32 << 30)
    }

    @Test("A-08: a deflate bomb (256 MiB of XML from a few hundred KB) is refused within 5 s naming member and cap")
    func bomb() throws {
        let scratch = try HealthScratch("zip-bomb")
        defer { scratch.remove() }
        let head = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n".utf8)
        let record = Data(String(repeating: " <Record type=\"HKQuantityTypeIdentifierStepCount\" value=\"1\"/>\n", count: 1).utf8)
        let filler = Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        var chunk = record
        chunk.append(filler)
        let member = try ZipFixture.deflated(
            "apple_health_export/export.xml", prefix: head, repeating: chunk, times: 256, suffix: Data("</HealthData>\n".utf8))
        let zip = ZipFixture.archive([member], zip64: false)
        #expect(zip.count < 2 << 20)
        let path = try scratch.write("bomb.zip", [UInt8](zip))
        let before = scratch.listing()
        let started = Date()
        let error = try #require(healthError(readHealth(path)))
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 5, "took \(seconds) s")
        #expect(error.kind == .zip)
        #expect(error.exitCode == 65)
        #expect(error.message.contains("apple_health_export/export.xml"), "\(error)")
        #expect(error.message.contains("zip bomb") && error.message.contains("100×"), "\(error)")
        #expect(error.message.contains("MiB"), "\(error)")
        #expect(scratch.listing() == before)
    }

    @Test("A-08: an entry under the ratio cap, though highly compressible, still imports")
    func compressibleButFine() throws {
        let scratch = try HealthScratch("zip-compressible")
        defer { scratch.remove() }
        // 8 MiB of padding compresses about 1000×, yet stays under the 16 MiB every entry may use.
        let text = Self.document.replacingOccurrences(
            of: "</HealthData>", with: String(repeating: " ", count: 8 << 20) + "</HealthData>")
        let member = try ZipFixture.deflated("apple_health_export/export.xml", text)
        #expect(member.data.count * 100 < text.utf8.count)
        let path = try scratch.write("export.zip", [UInt8](ZipFixture.archive([member], zip64: false)))
        #expect(try AppleHealthImporter.read(path: path).workouts.count == 2)
    }
}

@Suite("Hostile inputs: error messages (A-09)")
struct HostileMessageTests {
    static let escapes = "\u{1B}]0;PWNED\u{07}\u{1B}[2J"

    private func csvError(_ text: String) throws -> ImportError {
        try #require(importError(text))
    }

    @Test("A-09: a CSV field with terminal escapes and a newline gives a one-line message, escapes shown as text")
    func csvEscapes() throws {
        let row = StrongImporterTests.rowA(weight: "\"12\(Self.escapes)\nkg\"")
        let error = try csvError(StrongImporterTests.fileA(row))
        #expect(error.exitCode == 65)
        #expect(isOnePrintableLine(error.description), "\(error.description.debugDescription)")
        #expect(error.description.contains("\\u{1B}"), "\(error.description)")
    }

    @Test("A-09: warnings quoting hostile values are one printable line too (an unknown column name)")
    func warningEscapes() throws {
        let header = StrongHeaders.dialectA + ",\"Mood\(Self.escapes)\nX\(String(repeating: "y", count: 500))\""
        let row = StrongImporterTests.rowA() + ",fine"
        let batch = try importCSV(header + "\n" + row + "\n")
        let warning = try #require(batch.warnings.first { $0.contains("unknown column") })
        #expect(isOnePrintableLine(warning), "\(warning.debugDescription)")
        #expect(warning.contains("\\u{1B}") && warning.count < 300, "\(warning)")
    }

    @Test("A-09: a 20 MB CSV field gives a short message (quoted values cut to 80 characters with …)")
    func csvHuge() throws {
        let huge = "9" + String(repeating: "x", count: 20_000_000)
        let row = StrongImporterTests.rowA(weight: huge)
        let error = try #require(importError(StrongImporterTests.fileA(row)))
        #expect(error.description.count < 400, "\(error.description.prefix(300))")
        #expect(isOnePrintableLine(error.description))
    }

    @Test("A-09: wkt JSON values with control characters are escaped in messages, cut to 80 characters")
    func jsonEscapes() throws {
        let kind = "bad\\u001b[2J\\nkind" + String(repeating: "k", count: 500)
        let text = #"{"format": "wkt", "version": 1, "workouts": [{"id": "w1", "start": "2024-06-01T10:00:00", "name": "P", "exercises": [{"name": "B", "sets": [{"kind": "KIND"}]}]}]}"#
            .replacingOccurrences(of: "KIND", with: kind)
        let error = try #require(importError(bytes: Array(text.utf8), options: ImportOptions(format: .wkt)))
        #expect(isOnePrintableLine(error.description), "\(error.description.debugDescription)")
        #expect(error.description.contains("\\u{1B}[2J\\nkind"))
        #expect(error.description.contains("…"))
        #expect(error.description.count < 400)
        #expect(error.description.contains("$.workouts[0].exercises[0].sets[0].kind"))
    }

    @Test("A-09: XML attribute values with newlines or 20 MB are one short line in the XML's own terms")
    func xmlValues() throws {
        let newline = healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200", type: "X&#10;&#27;Y")
        let error = try #require(healthError(try importHealth(healthDocument(workouts: [newline]))))
        #expect(isOnePrintableLine(error.description), "\(error.description.debugDescription)")
        #expect(error.line != nil)
        #expect(!error.description.contains("$."))

        let huge = healthWorkout(
            start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200",
            type: "HK" + String(repeating: "z", count: 20_000_000))
        let big = try #require(healthError(try importHealth(healthDocument(workouts: [huge]))))
        #expect(big.description.count < 400, "\(big.description.prefix(300))")
        #expect(isOnePrintableLine(big.description))
        #expect(big.line != nil)
    }

    @Test("A-09: the same <Workout> twice is imported once with a warning, never a JSON-path error; a conflicting twin is an XML error with both lines")
    func repeatedWorkout() throws {
        let one = healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200")
        let batch = try importHealth(healthDocument(workouts: [one, one])).get()
        #expect(batch.workouts.count == 1)
        #expect(batch.workoutWarnings.map(\.workout) == [WorkoutIdentity(of: batch.workouts[0])])
        #expect(batch.workoutWarnings.contains { $0.message.contains("the same <Workout> as line") })

        let other = one.replacingOccurrences(of: "totalEnergyBurned=\"200\"", with: "totalEnergyBurned=\"300\"")
        let error = try #require(healthError(try importHealth(healthDocument(workouts: [one, other]))))
        #expect(error.kind == .badValue)
        #expect(error.message.contains("<Workout> of line"), "\(error)")
        #expect(!error.description.contains("$."))
    }

    @Test("A-09: XMLParser's numeric error codes are words; malformed XML names line and column")
    func xmlWords() throws {
        // libxml2's numbers (Apple's NSXMLParserError follows them): 41 is an attribute without a value.
        for code in 1...92 {
            #expect(AppleHealthImporter.describe(code: code) != nil, "\(code)")
        }
        #expect(AppleHealthImporter.describe(NSError(domain: XMLParser.errorDomain, code: 41)).contains("quoted value after an attribute name"))
        #expect(AppleHealthImporter.describe(NSError(domain: XMLParser.errorDomain, code: 9)).contains("not allow"))
        // The attack's inputs, read for real: the message is in words, with line and column.
        let controlCharacter = healthDocument(workouts: [
            healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200", type: "A&#27;B"),
        ])
        let invalid = try #require(healthError(try importHealth(controlCharacter)))
        #expect(invalid.message.contains("a character that XML does not allow"), "\(invalid)")
        #expect(invalid.message.contains("column"), "\(invalid)")
        let bad = healthDocument(workouts: [" <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName>\n </Workout>"])
        let error = try #require(healthError(try importHealth(bad)))
        #expect(error.kind == .malformedXML, "\(error)")
        #expect(error.message.contains("column"), "\(error)")
        #expect(!error.message.contains("XMLParser error") && !error.message.contains("libxml2 error"), "\(error)")
    }

    @Test("A-09: MessageText escapes controls, cuts quoted runs at 80 and whole lines at 2,000 characters")
    func messageText() {
        #expect(MessageText.oneLine("a\nb\u{1B}[2J\tc\r\u{0}") == "a\\nb\\u{1B}[2J\\tc\\r\\0")
        #expect(MessageText.oneLine("x \"\(String(repeating: "q", count: 100))\" y")
            == "x \"\(String(repeating: "q", count: 80))…\" y")
        #expect(MessageText.oneLine(String(repeating: "z", count: 5000)).count == 2001)
        #expect(MessageText.oneLine("plain message: fine") == "plain message: fine")
        #expect(MessageText.oneLine("Date '\(String(repeating: "9", count: 90))' is not a date")
            == "Date '\(String(repeating: "9", count: 80))…' is not a date")
        let prose = "the workout's first row differs from " + String(repeating: "the other row's value ", count: 5)
        #expect(MessageText.oneLine(prose) == prose)
        #expect(MessageText.quoted("\u{2028}") == "\"\\u{2028}\"")
        #expect(MessageText.clip("éé", limit: 1) == "é…")
    }
}

@Suite("Naive times around DST changes (T-07, T-08)")
struct NaiveTimeTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test("T-07: 2024-03-31 02:30 does not exist in Europe/Berlin: read as 03:30 (gap of one hour)")
    func gapResolution() throws {
        let wall = try #require(WallTime.parse("2024-03-31 02:30:00"))
        let resolution = LocalTime.resolve(wall, in: Self.berlin)
        #expect(resolution == .gap(shifted: try #require(WallTime.parse("2024-03-31 03:30:00")), offsetSeconds: 7200, gapSeconds: 3600))
        #expect(LocalTime.resolve(try #require(WallTime.parse("2024-03-31 01:59:59")), in: Self.berlin) == .exact(offsetSeconds: 3600))
        #expect(LocalTime.resolve(try #require(WallTime.parse("2024-03-31 03:00:00")), in: Self.berlin) == .exact(offsetSeconds: 7200))
    }

    @Test("T-08: 2024-10-27 02:30 exists twice in Europe/Berlin: the first occurrence (+02:00) is meant")
    func ambiguousResolution() throws {
        let wall = try #require(WallTime.parse("2024-10-27 02:30:00"))
        let resolution = LocalTime.resolve(wall, in: Self.berlin)
        #expect(resolution == .ambiguous(firstOffsetSeconds: 7200, secondOffsetSeconds: 3600))
        #expect(resolution.offsetSeconds == 7200)
        #expect(LocalTime.resolve(wall, in: TimeZone(identifier: "UTC")!) == .exact(offsetSeconds: 0))
    }

    private func strong(_ dates: [String], zone: String) throws -> ImportBatch {
        let rows = dates.map { StrongImporterTests.rowA($0) }
        return try FileImporter.read(
            bytes: Array(([StrongHeaders.dialectA] + rows).joined(separator: "\n").utf8), file: "strong.csv",
            options: ImportOptions(timeZone: zone))
    }

    @Test("T-07: a Strong workout at 02:30 on 2024-03-31 in Europe/Berlin is kept at 03:30 with a warning naming the line")
    func gapImport() throws {
        let batch = try strong(["2024-03-30 18:00:00", "2024-03-31 02:30:00"], zone: "Europe/Berlin")
        #expect(batch.workouts.count == 2)
        let moved = try #require(batch.workouts.last)
        #expect(moved.start == WallTime.parse("2024-03-31 03:30:00"))
        #expect(moved.sourceKey == "2024-03-31 02:30:00")  // identity: the time as written
        #expect(batch.workoutWarnings.contains {
            $0.message.contains("line 3") && $0.message.contains("does not exist in Europe/Berlin")
                && $0.message.contains("03:30:00") && $0.workout == WorkoutIdentity(of: moved)
        }, "\(batch.workoutWarnings)")
        // In UTC the same time exists: nothing moves, no warning.
        let utc = try strong(["2024-03-31 02:30:00"], zone: "UTC")
        #expect(utc.workouts.first?.start == WallTime.parse("2024-03-31 02:30:00"))
        #expect(!utc.allWarnings.contains { $0.contains("does not exist") })
    }

    @Test("T-07: a wkt JSON start without an offset in the Berlin gap moves to 03:30 with a warning; one with an offset is exact")
    func gapWktJSON() throws {
        let text = #"{"format": "wkt", "version": 1, "workouts": [{"id": "a", "start": "2024-03-31T02:30:00", "name": "A"}, {"id": "b", "start": "2024-03-31T02:30:00+01:00", "name": "B"}]}"#
        let batch = try FileImporter.read(bytes: Array(text.utf8), file: "in.json", options: ImportOptions(timeZone: "Europe/Berlin"))
        #expect(batch.workouts.map(\.start) == [WallTime.parse("2024-03-31 03:30:00"), WallTime.parse("2024-03-31 02:30:00")])
        #expect(batch.workouts.map(\.sourceKey) == ["a", "b"])
        #expect(batch.workoutWarnings == [WorkoutWarning(
            workout: WorkoutIdentity(source: .wkt, sourceKey: "a"),
            message: "$.workouts[0].start: 2024-03-31T02:30:00 does not exist in Europe/Berlin (the clocks skipped 1h "
                + "that night); kept, starting at 2024-03-31T03:30:00"),
        ])
    }

    @Test("T-08: an ambiguous Strong time imports the same way twice (kept as written, no warning)")
    func ambiguousImport() throws {
        let first = try strong(["2024-10-27 02:30:00"], zone: "Europe/Berlin")
        let second = try strong(["2024-10-27 02:30:00"], zone: "Europe/Berlin")
        #expect(first.workouts == second.workouts)
        #expect(first.workouts.first?.start == WallTime.parse("2024-10-27 02:30:00"))
        #expect(first.allWarnings.isEmpty)
    }
}
