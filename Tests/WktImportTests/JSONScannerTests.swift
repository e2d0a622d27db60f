import Testing
@testable import WktImport

@Suite("JSONScanner and JSONPath: the one JSON reader")
struct JSONScannerTests {
    private func scan(_ text: String, keepsValues: Bool = true) -> Result<JSONNode, JSONScanError> {
        var scanner = JSONScanner(bytes: Array(text.utf8), keepsValues: keepsValues)
        do throws(JSONScanError) {
            return .success(try scanner.document())
        } catch {
            return .failure(error)
        }
    }

    @Test("values keep their lines and key order; a check-only scan returns null")
    func values() throws {
        let root = try scan("{\"b\": [1, true],\n \"a\": {\"x\": \"\\u00e9\\ud83d\\udcaa\"}}").get()
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members[1].node.line == 2)
        guard case .object(let inner) = members[1].node.value, case .string(let text) = inner[0].node.value else {
            Issue.record("no string"); return
        }
        #expect(text == "é\u{1F4AA}")
        guard case .null = try scan("[1, 2]", keepsValues: false).get().value else { Issue.record("kept"); return }
    }

    @Test("errors carry kind, path and line; a NUL where the scan stops is named")
    func errors() throws {
        func failure(_ text: String) -> JSONScanError? {
            if case .failure(let error) = scan(text) { return error }
            return nil
        }
        let duplicate = try #require(failure("{\"a\": {\n\"k\": 1, \"k\": 2}}"))
        #expect(duplicate.kind == .duplicateKey)
        #expect(duplicate.path.description == "$.a.k")
        #expect(duplicate.line == 2)
        #expect(failure(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))?.kind == .tooDeep)
        #expect(failure(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil)
        let nul = try #require(failure("{\"a\": 1\u{0}}"))
        #expect(nul.message == "expected ',' or '}' after a value in an object, found a NUL character (byte 0x00)")
        #expect(failure("[1e400]")?.message == "the number 1e400 is out of range")
        #expect(failure("{\"a\": 1} x")?.path == .root)
    }

    @Test("paths: identifiers after a dot, other keys in brackets with escapes")
    func paths() {
        #expect(JSONPath.root.description == "$")
        #expect(JSONPath.root.appending("workouts").appending(3).appending("sets").description == "$.workouts[3].sets")
        #expect(JSONPath.root.appending("odd key").description == #"$["odd key"]"#)
        #expect(JSONPath.root.appending("1x").description == #"$["1x"]"#)
        #expect(JSONPath.root.appending("").description == #"$[""]"#)
        #expect(JSONPath.root.appending("a\"b\\c\n").description == #"$["a\"b\\c\u000A"]"#)
        #expect(JSONPath.root.appending("_id9").description == "$._id9")
    }
}
