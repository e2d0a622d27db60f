import Testing
import WktCore
import WktIO

/// The marker carries the build stamp and the caller's record (wkt-site's page manifest), and
/// both read back; the record never counts as a site file.
@Suite("Marker record")
struct MarkerRecordTests {
    @Test("stamp and record are written after the marker text and read back, in a new folder and a reused one")
    func stampAndRecord() throws {
        let scratch = try Scratch("marker-record")
        defer { scratch.remove() }
        let output = scratch.at("site")
        let publisher = SitePublisher(homeDirectory: nil)
        let files = [OutputFile(path: "index.html", text: "<h1>Home</h1>")]
        _ = try publisher.publish(files: files, to: output, stamp: "s1", record: "wkt-pages 1 abc\nline two")
        let fixed = "This folder is written by wkt-site and replaced on every build.\n"
        #expect(scratch.read("site/.wkt-site") == fixed + "stamp: s1\nwkt-pages 1 abc\nline two\n")
        #expect(publisher.marker(of: output) == fixed + "stamp: s1\nwkt-pages 1 abc\nline two\n")
        #expect(publisher.stamp(of: output) == "s1")

        // Twice more, so the second publish reuses the first build's folder: a new record wins.
        _ = try publisher.publish(files: files, to: output, stamp: "s2", record: "wkt-pages 1 def\n")
        let report = try publisher.publish(files: files, to: output, stamp: "s3", record: nil)
        #expect(report.reusedPreviousBuild)
        #expect(scratch.read("site/.wkt-site") == fixed + "stamp: s3\n")
        #expect(SitePublisher.stamp(inMarker: "x\nstamp: abc\nstamp: later\n") == "abc")
        #expect(SitePublisher.stamp(inMarker: "no stamp here\n") == nil)
        // Line by line, stopping at the first stamp, it reads exactly what splitting the whole
        // text into lines did (empty lines, no final newline, CRLF as one character, a stamp
        // after a long manifest).
        let manifest = (0..<3000).map { "k\tv\t\($0)\tworkouts/\($0).html" }.joined(separator: "\n")
        for text in [
            "", "\n", "stamp: ", "stamp: a", "\n\nstamp: b\n", "x\r\nstamp: c\r\n", "x\nstamp: d\r\nmore",
            "stamp:x\nstamp: e", " stamp: f\n", "stamp: é\u{301}\n", fixed + "stamp: s1\n" + manifest, manifest + "\nstamp: late",
        ] {
            let reference = text.split(separator: "\n").first { $0.hasPrefix("stamp: ") }.map { String($0.dropFirst(7)) }
            #expect(SitePublisher.stamp(inMarker: text) == reference, "\(text.prefix(40).debugDescription)")
        }
        #expect(scratch.files(in: "site") == [".wkt-site", "index.html"])
        #expect(publisher.marker(of: scratch.at("missing")) == nil)
    }
}
