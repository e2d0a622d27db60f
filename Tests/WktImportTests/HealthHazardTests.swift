import Foundation
import Testing
import WktCore
import ZIPFoundation
@testable import WktImport

@Suite("Apple Health hazards (docs/reliability.md I-21 … I-27)")
struct HealthHazardTests {
    static let requiredDTD = """
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ATTLIST Workout
          workoutActivityType CDATA #REQUIRED
          duration CDATA #IMPLIED
        >
        ]>

        """

    static let oneWorkout = healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200")

    @Test("I-21: internal DTD with #REQUIRED/#IMPLIED imports without a crash")
    func requiredDTD() throws {
        let batch = try importHealth(healthDocument(workouts: [Self.oneWorkout], dtd: Self.requiredDTD)).get()
        #expect(batch.workouts.count == 1)
        #expect(batch.workouts.first?.activity == "strength")
        #expect(batch.workouts.first?.name == "Strength training")
        #expect(batch.workouts.first?.durationSeconds == 1800)
        #expect(batch.workouts.first?.energyKcal == 200)
    }

    @Test("I-22: the iOS 16 broken DTD (unterminated ATTLIST) is dropped")
    func brokenDTD() throws {
        let broken = "<!DOCTYPE HealthData [\n<!ATTLIST Workout\n  workoutActivityType CDATA #REQUIRED\n"
            + "<!ELEMENT Workout ((MetadataEntry|WorkoutEvent)*)\n]>\n"
        let batch = try importHealth(healthDocument(workouts: [Self.oneWorkout], dtd: broken)).get()
        #expect(batch.workouts.count == 1)
    }

    @Test("I-23: U+000B inside an attribute is replaced by a space, the value is not truncated")
    func verticalTab() throws {
        let workout = healthWorkout(
            start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200", source: "Apple\u{0B}Watch Ultra")
        let batch = try importHealth(healthDocument(workouts: [workout])).get()
        #expect(batch.workouts.first?.sourceKey.hasSuffix("|Apple Watch Ultra") == true)
        #expect(batch.allWarnings.count == 1)
        #expect(batch.readingWarnings.first?.contains("1 control character") == true)
    }

    @Test("I-24: a document cut mid-element is 'truncated at line N' and imports nothing")
    func truncated() throws {
        let text = healthDocument(workouts: [Self.oneWorkout, Self.oneWorkout])
        let bytes = Array(text.utf8)
        // Cut inside the second workout's MetadataEntry, and inside the Record.
        for marker in ["HKIndoorWorkout\" value=\"1\"/>\n </Workout>\n</HealthData>", "unit=\"count\""] {
            let range = try #require(text.range(of: marker, options: .backwards))
            let cut = text.utf8.distance(from: text.startIndex, to: range.lowerBound) + 5
            let expectedLine = bytes[..<cut].filter { $0 == 0x0A }.count + 1
            let error = try #require(healthError(try importHealth(Array(bytes[..<cut]))))
            #expect(error.kind == .truncated)
            #expect(error.line == expectedLine)
            #expect(error.message.contains("truncated at line \(expectedLine)"))
            #expect(error.exitCode == 65)
        }
        // The same document without its last line break still imports (the repeated workout once).
        #expect(try importHealth(Array(bytes.dropLast())).get().workouts.count == 1)
    }

    @Test("I-25: an invalid UTF-8 byte in an element name is an error with its byte offset, no trap")
    func invalidUTF8InName() throws {
        var bytes = Array(healthDocument(workouts: [Self.oneWorkout]).utf8)
        let recordAt = try #require(String(decoding: bytes, as: UTF8.self).range(of: "<Record"))
        let offset = String(decoding: bytes, as: UTF8.self).utf8.distance(
            from: String(decoding: bytes, as: UTF8.self).startIndex, to: recordAt.lowerBound) + 4
        bytes[offset] = 0xFF  // `<Rec\xFFrd`
        let error = try #require(healthError(try importHealth(bytes)))
        #expect(error.kind == .invalidUTF8)
        #expect(error.byteOffset == offset)
        #expect(error.line == 4)
        #expect(error.description.contains("byte offset \(offset)"))

        // Also inside a passed-on Workout element name, and a sequence cut by the end of file.
        var inWorkout = Array(healthDocument(workouts: [Self.oneWorkout]).utf8)
        let text = String(decoding: inWorkout, as: UTF8.self)
        let metadata = try #require(text.range(of: "<MetadataEntry"))
        let metadataOffset = text.utf8.distance(from: text.startIndex, to: metadata.lowerBound) + 3
        inWorkout[metadataOffset] = 0xC3
        inWorkout[metadataOffset + 1] = 0x28  // not a continuation byte
        #expect(healthError(try importHealth(inWorkout))?.byteOffset == metadataOffset + 1)
        let cut = Array("<HealthData>\n <Record a=\"".utf8) + [0xE2, 0x82]
        let error2 = try #require(healthError(try importHealth(cut)))
        #expect(error2.kind == .invalidUTF8)
        #expect(error2.byteOffset == cut.count - 2)
    }

    static let entityDTD = """
        <!DOCTYPE HealthData [
         <!ENTITY lol "lol">
         <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
         <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
         <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
         <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
         <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
         <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
         <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
         <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
         <!ENTITY passwd SYSTEM "file:///etc/passwd">
        ]>

        """

    @Test("I-26: billion laughs and a SYSTEM entity are never expanded; fast; content appears nowhere")
    func entities() throws {
        let clock = ContinuousClock()
        let started = clock.now
        for reference in ["&lol9;", "&passwd;"] {
            let workout = healthWorkout(
                start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200", source: "Watch \(reference)")
            let error = try #require(healthError(try importHealth(healthDocument(workouts: [workout], dtd: Self.entityDTD))))
            #expect(error.kind == .malformedXML)
            #expect(!error.description.contains("lollol"))
            #expect(!error.description.contains("root:"))
        }
        // A reference in dropped content is ignored with it.
        let ignored = try importHealth(
            healthDocument(workouts: [Self.oneWorkout, " <Note>&lol9;&passwd;</Note>"], dtd: Self.entityDTD)).get()
        #expect(ignored.workouts.count == 1)
        #expect(ignored.workouts.allSatisfy { !$0.sourceKey.contains("lol") && !$0.sourceKey.contains("root:") })
        #expect(clock.now - started < .seconds(1))
    }

    @Test("I-27: ../ entries, symlinks, __MACOSX and export_cda.xml are never read")
    func zipSlip() throws {
        let scratch = try HealthScratch("zip-slip")
        defer { scratch.remove() }
        let (zipPath, archive) = try scratch.zip("export.zip")
        let big = healthDocument(workouts: Array(repeating: Self.oneWorkout, count: 50))
        try addZipEntry(archive, "../../x.xml", big)
        try addZipEntry(archive, "apple_health_export/../../y.xml", big)
        try addZipEntry(archive, "__MACOSX/apple_health_export/._export.xml", big)
        try addZipEntry(archive, "apple_health_export/export_cda.xml", big)
        try addZipEntry(archive, "apple_health_export/workout-routes/big.xml", big)
        try archive.addEntry(
            with: "apple_health_export/zz.xml", type: .symlink, uncompressedSize: Int64("/etc/passwd".utf8.count),
            provider: { _, _ in Data("/etc/passwd".utf8) })
        try addZipEntry(archive, "apple_health_export/export.xml", healthDocument(workouts: [Self.oneWorkout]))
        let before = scratch.listing()
        let batch = try AppleHealthImporter.read(path: zipPath)
        #expect(batch.file == zipPath + " (apple_health_export/export.xml)")
        #expect(batch.workouts.count == 1)
        #expect(scratch.listing() == before)
        #expect(!FileManager.default.fileExists(atPath: scratch.directory + "/../x.xml"))
    }

    @Test("a localized main entry (dati esportati.xml) is found; a zip without one is refused")
    func localizedEntry() throws {
        let scratch = try HealthScratch("zip-localized")
        defer { scratch.remove() }
        let (zipPath, archive) = try scratch.zip("esportazione.zip")
        try addZipEntry(archive, "apple_health_export/export_cda.xml", String(repeating: "<x/>", count: 5000))
        try addZipEntry(archive, "apple_health_export/dati esportati.xml",
                     healthDocument(workouts: [Self.oneWorkout, Self.oneWorkout]))
        let batch = try AppleHealthImporter.read(path: zipPath)
        #expect(batch.file == zipPath + " (apple_health_export/dati esportati.xml)")
        // The same <Workout> twice is one workout, with a warning.
        #expect(batch.workouts.count == 1)
        #expect(batch.workoutWarnings.contains { $0.message.contains("the same <Workout> as line") })

        let (emptyPath, other) = try scratch.zip("other.zip")
        try addZipEntry(other, "apple_health_export/export_cda.xml", "<x/>")
        try addZipEntry(other, "notes.xml", healthDocument(workouts: [Self.oneWorkout]))
        let error = try #require(healthError(readHealth(emptyPath)))
        #expect(error.kind == .notHealthExport)
        #expect(error.exitCode == 65)
    }

    @Test("a corrupt zip entry (CRC mismatch) is a zip error, not a truncation")
    func corruptZip() throws {
        let scratch = try HealthScratch("zip-corrupt")
        defer { scratch.remove() }
        let (zipPath, archive) = try scratch.zip("export.zip")
        let document = healthDocument(workouts: [Self.oneWorkout])
        try archive.addEntry(
            with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(document.utf8.count),
            compressionMethod: .none, provider: { position, size in
                Data(Array(document.utf8)[Int(position)..<(Int(position) + size)])
            })
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: zipPath)))
        let text = String(decoding: bytes, as: UTF8.self)
        let at = try #require(text.range(of: "HKIndoorWorkout"))
        bytes[text.utf8.distance(from: text.startIndex, to: at.lowerBound)] = UInt8(ascii: "X")
        try Data(bytes).write(to: URL(fileURLWithPath: zipPath))
        let error = try #require(healthError(readHealth(zipPath)))
        #expect(error.kind == .zip)
    }
}
