import Testing
import WktCore
@testable import WktImport
import WktTestSupport

@Suite("CSV reader")
struct CSVReaderTests {
    @Test("quoted fields keep delimiters, doubled quotes and real newlines; lines are tracked (I-03)")
    func quotedFields() throws {
        let table = try readTable("a,b,c\n1,\"x, y\",\"say \"\"hi\"\"\"\n2,\"two\nlines\",z\n3,,\"\"\n")
        #expect(table.header == ["a", "b", "c"])
        #expect(table.rowCount == 3)
        #expect(table.record(0) == ["1", "x, y", "say \"hi\""])
        #expect(table.record(1) == ["2", "two\nlines", "z"])
        #expect(table.record(2) == ["3", "", ""])
        #expect(table.lines == [2, 3, 5])
    }

    @Test("CRLF and LF give the same records; CRLF inside quotes becomes LF (I-01)")
    func crlfEqualsLF() throws {
        let text = "a,b\n1,\"note\nmore\"\n2,x\n"
        let lf = try readTable(text)
        let windows = try readTable(crlf(text))
        #expect(lf.record(0) == windows.record(0))
        #expect(lf.record(1) == windows.record(1))
        #expect(windows.record(0) == ["1", "note\nmore"])
        #expect(lf.lines == windows.lines)
    }

    @Test("a UTF-8 BOM is stripped from the first header name (I-02)")
    func bom() throws {
        let table = try CSVReader.read(bytes: [0xEF, 0xBB, 0xBF] + Array("Date,b\n1,2\n".utf8), file: "f")
        #expect(table.header == ["Date", "b"])
        #expect(table.lines == [2])
    }

    @Test("the last record may lack a line break; trailing blank lines are ignored (I-06)")
    func lastRecord() throws {
        #expect(try readTable("a,b\n1,2").record(0) == ["1", "2"])
        #expect(try readTable("a,b\n1,\"2\"").record(0) == ["1", "2"])
        #expect(try readTable("a,b\n1,").record(0) == ["1", ""])
        #expect(try readTable("a,b\n1,2\n\n\r\n").rowCount == 1)
    }

    @Test("an unterminated quote names the line of the opening quote (I-05)")
    func unterminatedQuote() {
        let error = #expect(throws: ImportError.self) { try readTable("a,b\n1,2\n3,\"open\nstill open\n4,5\n") }
        #expect(error?.line == 3)
        #expect(error?.message.contains("unterminated") == true)
        #expect(error?.exitCode == 65)
        #expect(error?.description.hasPrefix("test.csv:3: unterminated") == true)
    }

    @Test("quotes in the wrong place are errors with their line")
    func misplacedQuotes() {
        let inside = #expect(throws: ImportError.self) { try readTable("a,b\n1,2\n3,ab\"c\n") }
        #expect(inside?.line == 3)
        #expect(inside?.message.contains("quote character inside an unquoted field") == true)
        let after = #expect(throws: ImportError.self) { try readTable("a,b\n\"x\"y,2\n") }
        #expect(after?.line == 2)
        #expect(after?.message.contains("after the closing quote") == true)
        let bareCR = #expect(throws: ImportError.self) { try readTable("a,b\n1,2\r3,4\n") }
        #expect(bareCR?.line == 2)
    }

    @Test("a row with fewer or more fields than the header is an error (I-07)")
    func raggedRows() throws {
        let short = #expect(throws: ImportError.self) { try readTable("a,b,c\n1,2,3\n\"multi\nline\",2\n") }
        #expect(short?.line == 3)
        #expect(short?.message == "the row has 2 fields but the header has 3")
        let long = #expect(throws: ImportError.self) { try readTable("a,b\n1,2\n1,2,3\n") }
        #expect(long?.line == 3)
        let blank = #expect(throws: ImportError.self) { try readTable("a,b\n1,2\n\n3,4\n") }
        #expect(blank?.line == 3)

        let reader = try CSVReader(bytes: Array("a,b\n1,2\n1,2,3\n4,5\n".utf8), file: "t")
        let tolerant = try reader.readRecords(tolerateRaggedRows: true)
        #expect(tolerant.rowCount == 2)
        #expect(tolerant.record(1) == ["4", "5"])
        #expect(tolerant.lines == [2, 4])
        #expect(tolerant.skipped == [LineIssue(line: 3, message: "the row has 3 fields but the header has 2")])
    }

    @Test("Windows-1252, UTF-16 and NUL bytes are named encoding errors (I-17)")
    func encodings() {
        let latin1 = Array("Name,b\nM".utf8) + [0xFC] + Array("sli,1\n".utf8)
        let bad = #expect(throws: ImportError.self) { try CSVReader.read(bytes: latin1, file: "t") }
        #expect(bad?.line == 2)
        #expect(bad?.message.contains("invalid UTF-8 (byte 0xFC at byte offset 8)") == true)
        #expect(bad?.message.contains("Windows-1252") == true)

        let utf16: [UInt8] = [0xFF, 0xFE] + Array("a,b\n".utf8).flatMap { [$0, 0] }
        let wide = #expect(throws: ImportError.self) { try CSVReader.read(bytes: utf16, file: "t") }
        #expect(wide?.message.contains("UTF-16LE (byte-order mark 0xFF 0xFE)") == true)

        let nul = #expect(throws: ImportError.self) { try CSVReader.read(bytes: Array("a,b\n1,\u{0}\n".utf8), file: "t") }
        #expect(nul?.message.contains("NUL byte") == true)

        let overlong = #expect(throws: ImportError.self) { try CSVReader.read(bytes: [0x61, 0xC0, 0xAF], file: "t") }
        #expect(overlong?.message.contains("0xC0") == true)
        let surrogate = #expect(throws: ImportError.self) { try CSVReader.read(bytes: [0xED, 0xA0, 0x80], file: "t") }
        #expect(surrogate?.message.contains("0xED") == true)
        #expect(throws: Never.self) { try CSVReader.read(bytes: Array("ü,🏋️\nx,y".utf8), file: "t") }
    }

    @Test("the delimiter is sniffed from line 1; the more frequent of ; and , wins")
    func delimiter() throws {
        let semicolon = try readTable("a;b;c\n\"1,5\";2;3\n")
        #expect(semicolon.delimiter == UInt8(ascii: ";"))
        #expect(semicolon.record(0) == ["1,5", "2", "3"])
        #expect(try readTable("a,b;c\n1,2;3\n").delimiter == UInt8(ascii: ","))
        #expect(try readTable("\"a,x\";b;c\n1;2;3\n").delimiter == UInt8(ascii: ";"))
        #expect(try readTable("single\nvalue\n").record(0) == ["value"])
    }

    @Test("size and row caps fail cleanly; empty files and duplicate columns are errors")
    func capsAndHeaders() {
        let size = #expect(throws: ImportError.self) {
            try readTable("a,b\n1,2\n", limits: CSVLimits(maxBytes: 4, maxRecords: 10))
        }
        #expect(size?.message == "the file has 8 bytes; the limit is 4 bytes")
        let rows = #expect(throws: ImportError.self) {
            try readTable("a,b\n1,2\n3,4\n5,6\n", limits: CSVLimits(maxBytes: 100, maxRecords: 2))
        }
        #expect(rows?.line == 4)
        #expect(importError("")?.message == "the file is empty: there is no header line")
        #expect(importError("\n\n")?.line == nil)
        #expect(importError("\nDate,b\n")?.line == 1)
        #expect(importError("a,b,a\n1,2,3\n")?.message == "the header names the column \"a\" twice")
    }

    @Test("property: random rows serialised with quoting read back equal, with their start lines")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 0x5EED_CAFE)
        let alphabet: [String] = ["a", "b", "Z", "0", "9", " ", ",", ";", "\"", "\n", "é", "ü", "🏋️", "\\n", "."]
        for _ in 0..<300 {
            let width = Int.random(in: 2...6, using: &rng)
            let delimiter = Bool.random(using: &rng) ? "," : ";"
            let lineEnd = Bool.random(using: &rng) ? "\n" : "\r\n"
            let header = (0..<width).map { "col\($0)" }
            var text = header.joined(separator: delimiter) + lineEnd
            var line = 2
            var rows: [[String]] = []
            var lines: [Int] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let row = (0..<width).map { _ in
                    (0..<Int.random(in: 0...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
                }
                let fields = row.map { field -> String in
                    let needsQuotes = field.contains(delimiter) || field.contains("\"") || field.contains("\n")
                    guard needsQuotes || Bool.random(using: &rng) else { return field }
                    return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
                }
                rows.append(row)
                lines.append(line)
                line += 1 + row.reduce(0) { $0 + $1.filter { $0 == "\n" }.count }
                text += fields.joined(separator: delimiter) + lineEnd
            }
            if Bool.random(using: &rng), text.hasSuffix(lineEnd), !rows.isEmpty {
                text.removeLast()  // "\r\n" is a single Character
            }
            let table = try readTable(text)
            #expect(table.header == header)
            #expect((0..<table.rowCount).map(table.record) == rows, "text: \(text.debugDescription)")
            #expect(table.lines == lines)
        }
    }
}
