import Foundation
import Testing
import WktCore
@testable import WktImport

@Suite("Apple Health pre-pass")
struct HealthPrepassTests {
    /// Runs the pre-pass over `bytes` in chunks of `chunk` bytes.
    func filter(_ bytes: [UInt8], chunk: Int) throws(HealthImportError) -> [UInt8] {
        var prepass = HealthPrepass(file: "t.xml")
        var out: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            try bytes[start..<end].withUnsafeBufferPointer { (part) throws(HealthImportError) in
                try prepass.feed(part, into: &out)
            }
            start = end
        }
        try prepass.finish(into: &out)
        return out
    }

    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ATTLIST HealthData locale CDATA #REQUIRED>
        ]>
        <HealthData locale="de_DE">
         <Record type="a" value="x > y, ü"><MetadataEntry key="k" value='v"'/></Record>
         <!-- a comment <Workout/> -->
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Ähre\u{1}">
          <![CDATA[ <not a tag> ]]><?pi data?>
         </Workout>
         <ActivitySummary dateComponents="2024-01-01"/>
        </HealthData>
        <!-- trailing -->

        """

    @Test("only Workout elements pass, every line break is kept, control bytes become spaces")
    func output() throws {
        let out = String(decoding: try filter(Array(Self.sample.utf8), chunk: 1 << 20), as: UTF8.self)
        let expected = "\n\n\n\n<HealthData locale=\"de_DE\">\n\n\n"
            + "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"Ähre \">\n"
            + "  <![CDATA[ <not a tag> ]]><?pi data?>\n"
            + " </Workout>\n\n</HealthData>\n\n"
        #expect(out == expected)
    }

    @Test("chunk boundaries do not matter (1, 2, 3, 7 and 64 byte chunks)")
    func chunking() throws {
        let whole = try filter(Array(Self.sample.utf8), chunk: 1 << 20)
        for size in [1, 2, 3, 7, 64] {
            #expect(try filter(Array(Self.sample.utf8), chunk: size) == whole, "chunk \(size)")
        }
    }

    @Test("structural errors name the line")
    func structure() throws {
        let cases: [(String, String, Int)] = [
            ("<HealthData>\n <Record>\n </Recrd>\n</HealthData>\n", "does not match", 3),
            ("<HealthData>\n <Record a=\"<\"/>\n</HealthData>\n", "attribute value", 2),
            ("<HealthData>\n</HealthData>\n<Record/>\n", "after </HealthData>", 3),
            ("<HealthData>\n</HealthData>\nx\n", "after </HealthData>", 3),
            ("<HealthData>\n <!DOCTYPE x>\n</HealthData>\n", "markup declaration", 2),
            ("<HealthData>\n <Record / >\n</HealthData>\n", "'/' not followed by '>'", 2),
            ("<HealthData>\n" + String(repeating: "<a>", count: 300), "deeper than 256", 2),
        ]
        for (text, words, line) in cases {
            do throws(HealthImportError) {
                _ = try filter(Array(text.utf8), chunk: 5)
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.kind == .malformedXML, "\(text)")
                #expect(error.message.contains(words), "\(error)")
                #expect(error.line == line, "\(error)")
            }
        }
    }

    @Test("no <HealthData> at all is not a Health export; XMLParser errors keep original line numbers")
    func notHealth() throws {
        let error = try #require(healthError(try importHealth("<?xml version=\"1.0\"?>\n<Workouts/>\n")))
        #expect(error.kind == .notHealthExport)
        let broken = healthDocument(workouts: [
            " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"W\" startDate=\"2024-01-01 10:00:00 +0000\" endDate=\"2024-01-01 10:10:00 +0000\">",
            "  <MetadataEntry key=\"a\" value=\"b\" value=\"c\"/>",
            " </Workout>",
        ], dtd: HealthHazardTests.requiredDTD)
        let xmlError = try #require(healthError(try importHealth(broken)))
        #expect(xmlError.kind == .malformedXML)
        #expect(xmlError.line == 16)
    }

    @Test("a missing file is an I/O error (74)")
    func missingFile() {
        let error = healthError(readHealth("/nonexistent/export.xml"))
        #expect(error?.kind == .io)
        #expect(error?.exitCode == 74)
    }

    @Test("format detection by prefix")
    func detection() throws {
        #expect(AppleHealthImporter.looksLikeHealthExport(prefix: Array(HealthHazardTests.requiredDTD.utf8)))
        #expect(AppleHealthImporter.looksLikeHealthExport(prefix: Array("<HealthData locale=\"en_US\">".utf8)))
        #expect(!AppleHealthImporter.looksLikeHealthExport(prefix: Array("Date,Workout Name,Duration\n".utf8)))
        var header: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 22)
        let name = Array("apple_health_export/export.xml".utf8)
        header += [UInt8(name.count), 0, 0, 0] + name
        #expect(AppleHealthImporter.looksLikeHealthExport(prefix: header))
        header[30] = UInt8(ascii: "x")
        #expect(!AppleHealthImporter.looksLikeHealthExport(prefix: header))
    }
}
