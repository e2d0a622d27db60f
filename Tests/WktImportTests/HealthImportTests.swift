import Foundation
import Testing
import WktCore
import ZIPFoundation
@testable import WktImport

/// Expected values below were computed independently with python3 (`datetime.strptime` with
/// `%z`, `float(duration) * 60` rounded, regular expressions over the sample files).
@Suite("Apple Health samples")
struct HealthSampleTests {
    @Test("2016 v3 export with the internal #REQUIRED DTD imports (I-21)", .enabled(if: HealthSamples.available))
    func dtdSample() throws {
        let batch = try AppleHealthImporter.read(path: HealthSamples.path("export-v3-2016-with-DTD-full.xml"))
        #expect(batch.format == "apple-health/xml")
        #expect(batch.workouts.count == 1)
        let workout = try #require(batch.workouts.first)
        #expect(workout.source == .appleHealth)
        // Real exports write "Apple Watch" with a no-break space (U+00A0); the key keeps it.
        #expect(workout.sourceKey
            == "2016-04-02T09:40:38Z|2016-04-02T10:12:22Z|HKWorkoutActivityTypeOther|NJR Apple\u{A0}Watch")
        #expect(workout.start.description == "2016-04-02 10:40:38")
        #expect(workout.utcOffsetSeconds == 3600)
        #expect(workout.durationSeconds == 1904)
        #expect(workout.energyKcal == 139.317)
        #expect(workout.activity == "other")
        #expect(workout.name == "Other")
        #expect(workout.exercises.isEmpty)
        #expect(batch.carried == [.duration])
    }

    @Test("2016–19 export without DTD: Running with totalEnergyBurned", .enabled(if: HealthSamples.available))
    func noDTDSample() throws {
        let batch = try AppleHealthImporter.read(path: HealthSamples.path("export-2016-19-no-DTD-trimmed.xml"))
        #expect(batch.workouts.count == 1)
        let workout = try #require(batch.workouts.first)
        #expect(workout.sourceKey
            == "2016-11-14T14:25:41Z|2016-11-14T14:30:52Z|HKWorkoutActivityTypeRunning|Apple\u{A0}Watch")
        #expect(workout.start.description == "2016-11-14 07:25:41")
        #expect(workout.utcOffsetSeconds == -25200)
        #expect(workout.durationSeconds == 312)
        #expect(workout.energyKcal == 48.745)
        #expect(workout.activity == "running")
        #expect(workout.name == "Running")
        #expect(batch.warnings.isEmpty)
    }

    @Test("2025 functional strength fragment: energy from WorkoutStatistics", .enabled(if: HealthSamples.available))
    func strengthFragment() throws {
        let fragment = String(decoding: try HealthSamples.bytes("fragment-workout-functional-strength-2025.xml"), as: UTF8.self)
        let batch = try importHealth("<HealthData locale=\"en_GB\">\n" + fragment + "</HealthData>\n").get()
        #expect(batch.workouts.count == 1)
        let workout = try #require(batch.workouts.first)
        #expect(workout.activity == "strength")
        #expect(workout.name == "Functional strength training")
        #expect(workout.start.description == "2025-09-15 18:28:29")
        #expect(workout.utcOffsetSeconds == 3600)
        #expect(workout.durationSeconds == 1215)
        #expect(workout.energyKcal == 46.899)
        #expect(workout.sourceKey
            == "2025-09-15T17:28:29Z|2025-09-15T17:48:44Z|HKWorkoutActivityTypeFunctionalStrengthTraining|Apple Watch")
    }

    @Test("2025 running fragment: workout-level energy only, never the nested WorkoutActivity's",
          .enabled(if: HealthSamples.available))
    func runningFragment() throws {
        let fragment = String(
            decoding: try HealthSamples.bytes("fragment-workout-running-WorkoutActivity-2025.xml"), as: UTF8.self)
        let batch = try importHealth("<HealthData locale=\"en_GB\">\n" + fragment + "</HealthData>\n").get()
        #expect(batch.workouts.count == 1)
        let workout = try #require(batch.workouts.first)
        #expect(workout.activity == "running")
        #expect(workout.durationSeconds == 3653)
        #expect(workout.energyKcal == 655.465)  // not 650.037 (nested) and not their sum
        #expect(workout.start.description == "2025-09-16 16:14:50")
    }

    @Test("zip layout: export.xml next to export_cda.xml and workout-routes/", .enabled(if: HealthSamples.available))
    func zipSample() throws {
        let scratch = try HealthScratch("zip-sample")
        defer { scratch.remove() }
        let (zipPath, archive) = try scratch.zip("export.zip")
        let base = HealthSamples.path("zip_contents")
        try archive.addEntry(with: "apple_health_export/export.xml", relativeTo: URL(fileURLWithPath: base),
                             compressionMethod: .deflate)
        try archive.addEntry(with: "apple_health_export/workout-routes/route_2019-06-11_3.00pm.gpx",
                             relativeTo: URL(fileURLWithPath: base), compressionMethod: .deflate)
        try addZipEntry(archive, "apple_health_export/export_cda.xml", String(repeating: "<cda/>\n", count: 2000))
        let batch = try AppleHealthImporter.read(path: zipPath)
        #expect(batch.format == "apple-health/zip")
        #expect(batch.file == zipPath + " (apple_health_export/export.xml)")
        #expect(batch.workouts.count == 1)
        #expect(batch.workouts.first?.sourceKey
            == "2016-11-14T14:25:41Z|2016-11-14T14:30:52Z|HKWorkoutActivityTypeRunning|Apple\u{A0}Watch")
        #expect(batch.workouts.first?.energyKcal == 48.745)
    }
}

@Suite("Apple Health hazards (RELIABILITY.md I-21 … I-27)")
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
        #expect(batch.warnings.count == 1)
        #expect(batch.warnings.first?.contains("1 control character") == true)
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
        #expect(batch.warnings.contains { $0.contains("the same <Workout> as line") })

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

@Suite("Apple Health workouts and time (T-01, T-02, T-12)")
struct HealthWorkoutTests {
    /// T-01 (New York, UTC is already Monday) and T-02 (+02:00, UTC is still Sunday).
    static let dayCases: [(start: String, end: String, day: Int, weekday: Weekday, offset: Int, key: String)] = [
        ("2024-06-02 23:30:00 -0400", "2024-06-03 00:15:00 -0400", 2, .sunday, -14400,
         "2024-06-03T03:30:00Z|2024-06-03T04:15:00Z|"),
        ("2024-06-03 00:30:00 +0200", "2024-06-03 01:00:00 +0200", 3, .monday, 7200,
         "2024-06-02T22:30:00Z|2024-06-02T23:00:00Z|"),
    ]

    @Test("T-01, T-02: the training day is the local date, not the UTC one", arguments: dayCases)
    func localDay(_ item: (start: String, end: String, day: Int, weekday: Weekday, offset: Int, key: String)) throws {
        let batch = try importHealth(healthDocument(workouts: [healthWorkout(start: item.start, end: item.end)])).get()
        let workout = try #require(batch.workouts.first)
        #expect(workout.start.date == CivilDate(year: 2024, month: 6, day: item.day))
        #expect(workout.start.date.weekday == item.weekday)
        #expect(workout.utcOffsetSeconds == item.offset)
        #expect(workout.sourceKey.hasPrefix(item.key))
    }

    @Test("T-12: travel from +02:00 to -05:00: each workout on its own local date, two keys")
    func travel() throws {
        let batch = try importHealth(healthDocument(workouts: [
            healthWorkout(start: "2024-07-10 07:00:00 +0200", end: "2024-07-10 07:45:00 +0200"),
            healthWorkout(start: "2024-07-10 22:00:00 -0500", end: "2024-07-10 22:40:00 -0500",
                          type: "HKWorkoutActivityTypeRunning"),
        ])).get()
        #expect(batch.workouts.map(\.start.description) == ["2024-07-10 07:00:00", "2024-07-10 22:00:00"])
        #expect(batch.workouts.map(\.utcOffsetSeconds) == [7200, -18000])
        #expect(batch.workouts[1].sourceKey.hasPrefix("2024-07-11T03:00:00Z|2024-07-11T03:40:00Z|"))
        #expect(Set(batch.workouts.map(\.sourceKey)).count == 2)
    }

    @Test("activity types map to short names and sentence-case names")
    func activityNames() {
        let cases: [(String, String, String)] = [
            ("HKWorkoutActivityTypeTraditionalStrengthTraining", "strength", "Strength training"),
            ("HKWorkoutActivityTypeFunctionalStrengthTraining", "strength", "Functional strength training"),
            ("HKWorkoutActivityTypeRunning", "running", "Running"),
            ("HKWorkoutActivityTypeCycling", "cycling", "Cycling"),
            ("HKWorkoutActivityTypeHighIntensityIntervalTraining", "hiit", "HIIT"),
            ("HKWorkoutActivityTypeCoreTraining", "core", "Core training"),
            ("HKWorkoutActivityTypeMixedCardio", "mixed-cardio", "Mixed cardio"),
            ("HKWorkoutActivityTypeStairClimbing", "stair-climbing", "Stair climbing"),
            ("HKWorkoutActivityTypeOther", "other", "Other"),
        ]
        for (type, activity, name) in cases {
            let mapped = HealthActivity.map(type)
            #expect(mapped?.activity == activity, "\(type)")
            #expect(mapped?.name == name, "\(type)")
        }
        #expect(HealthActivity.map("HKWorkoutActivityType") == nil)
        #expect(HealthActivity.map("HKWorkoutActivityType Yoga") == nil)
    }

    @Test("durations in s and h, kJ energy, statistics in kcal; missing duration is end − start")
    func unitsAndFallbacks() throws {
        let stats = """
             <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="1.5" durationUnit="h" sourceName="Zwift" startDate="2024-01-05 17:00:00 +0100" endDate="2024-01-05 18:31:00 +0100">
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-01-05 17:00:00 +0100" endDate="2024-01-05 18:31:00 +0100" sum="2092" unit="kJ"/>
             </Workout>
             <Workout workoutActivityType="HKWorkoutActivityTypeYoga" duration="95.4" durationUnit="s" sourceName="Watch" startDate="2024-01-06 07:00:00 +0100" endDate="2024-01-06 07:02:00 +0100"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeWalking" sourceName="Watch" startDate="2024-01-07 07:00:00 +0100" endDate="2024-01-07 07:20:30 +0100"/>
            """
        let batch = try importHealth(healthDocument(workouts: [stats])).get()
        #expect(batch.workouts.map(\.durationSeconds) == [5400, 95, 1230])
        #expect(batch.workouts.map(\.energyKcal) == [500, nil, nil])
        #expect(batch.workouts.map(\.activity) == ["cycling", "yoga", "walking"])
    }

    @Test("a bad Workout value rejects the file with its line")
    func badValues() throws {
        let cases = [
            (healthWorkout(start: "yesterday", end: "2024-06-01 18:30:00 +0200"), "startDate"),
            (healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 17:30:00 +0200"), "before"),
            (healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200", type: ""),
             "workoutActivityType"),
            (healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200",
                           extra: " totalEnergyBurnedUnit=\"kWh\"").replacingOccurrences(
                                of: "totalEnergyBurnedUnit=\"kcal\" ", with: ""), "energy unit"),
            (healthWorkout(start: "2024-06-01 18:00:00 +0200", end: "2024-06-01 18:30:00 +0200")
                .replacingOccurrences(of: "duration=\"30\"", with: "duration=\"1e300\""), "over a year"),
        ]
        for (workout, words) in cases {
            let error = try #require(healthError(try importHealth(healthDocument(workouts: [workout]))))
            #expect(error.kind == .badValue)
            #expect(error.line == 5)
            #expect(error.message.contains(words), "\(error)")
        }
    }
}

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

/// Adds a deflated text entry to a zip being built.
func addZipEntry(_ archive: Archive, _ path: String, _ text: String) throws {
    let bytes = Array(text.utf8)
    try archive.addEntry(
        with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate,
        provider: { position, size in Data(bytes[Int(position)..<(Int(position) + size)]) })
}
