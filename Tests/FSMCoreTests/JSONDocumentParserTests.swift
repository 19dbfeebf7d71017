import FSMCore
import Testing

@Suite struct JSONDocumentParserTests {
    private func parse(_ text: String) throws(MachineFileError) -> DocumentNode {
        try JSONDocumentParser.parse(Array(text.utf8), path: "test.json")
    }

    @Test func recordsLineAndColumnOfEveryValue() throws {
        let root = try parse("{\n  \"a\": [1, \"é\", true],\n  \"b\": null\n}")
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(members[0].value.location == SourceLocation(line: 2, column: 8))
        guard case .array(let elements) = members[0].value.value else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.map(\.location.column) == [9, 12, 17])
        #expect(members[1].value.location == SourceLocation(line: 3, column: 8))
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        let root = try parse("[\"ééé\", 1]")
        guard case .array(let elements) = root.value else {
            Issue.record("expected an array")
            return
        }
        #expect(elements[1].location == SourceLocation(line: 1, column: 9))
    }

    @Test func decodesEscapes() throws {
        let root = try parse(#"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00"]"#)
        guard case .array(let elements) = root.value, case .string(let text) = elements[0].value else {
            Issue.record("expected a string in an array")
            return
        }
        #expect(text == "a\"b\\c/d\n\té😀")
    }

    @Test(arguments: [
        ("{\"a\": }", "expected a JSON value, found '}'", 1, 7),
        ("{\"a\": 1,}", "expected a quoted key, found '}'", 1, 9),
        ("[1 2]", "expected ',' or ']' in the array, found '2'", 1, 4),
        ("\"abc", "unterminated string", 1, 1),
        ("[01]", "malformed number", 1, 2),
        ("{\"a\": tru}", "expected 'true', found 't'", 1, 7),
        ("[\"\\x\"]", "invalid escape '\\x' in a string", 1, 3),
        ("[\"\\ud800\"]", "unpaired UTF-16 surrogate in \\u escape", 1, 3),
        ("{} []", "unexpected '[' after the JSON document", 1, 4),
        ("\n\n  @", "expected a JSON value, found '@'", 3, 3),
    ])
    func reportsMalformedJSONWithItsPosition(text: String, message: String, line: Int, column: Int) {
        #expect(throws: MachineFileError(path: "test.json", location: SourceLocation(line: line, column: column), message: message)) {
            try parse(text)
        }
    }

    @Test func rejectsInvalidUTF8AndRawControlCharacters() {
        #expect(throws: MachineFileError(path: "test.json", location: SourceLocation(line: 1, column: 2), message: "string is not valid UTF-8")) {
            try JSONDocumentParser.parse([0x5B, 0x22, 0xFF, 0x22, 0x5D], path: "test.json")
        }
        #expect(
            throws: MachineFileError(
                path: "test.json", location: SourceLocation(line: 1, column: 4), message: "control character byte 0x9 in a string; escape it")
        ) {
            try parse("[\"a\tb\"]")
        }
    }

    @Test func refusesDeepNestingInsteadOfOverflowingTheStack() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: MachineFileError.self) { try parse(text) }
        let allowed = JSONDocumentParser.maximumDepth
        #expect(throws: Never.self) {
            try parse(String(repeating: "[", count: allowed) + String(repeating: "]", count: allowed))
        }
    }
}
