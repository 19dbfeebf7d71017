import FSMCore
import Testing

/// The YAML reader builds the document from libyaml's events and reads scalars by hand, as
/// Yams' composer and default resolver read them before: these tables were written by running
/// the Yams-based reader, and the reader must keep agreeing with them.
@Suite struct YAMLDocumentParserTests {
    static func parse(_ text: String) throws(MachineFileError) -> DocumentNode {
        try YAMLDocumentParser.parse(text, path: "t.yaml")
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    static func members(_ text: String) throws(MachineFileError) -> [DocumentNode.Member] {
        guard case .object(let members) = try parse(text).value else { throw MachineFileError(path: "t.yaml", location: nil, message: "not a mapping") }
        return members
    }

    /// A scalar's value, and the text a boolean was written as when it was plain.
    static func describe(_ node: DocumentNode) -> String {
        let plain = node.plainScalar.map { " plain \($0.debugDescription)" } ?? ""
        return switch node.value {
        case .null: "null" + plain
        case .bool(let flag): "bool(\(flag))" + plain
        case .number(let text): "number \(text.debugDescription)" + plain
        case .string(let text): "string \(text.debugDescription)" + plain
        case .array: "array"
        case .object: "object"
        }
    }

    /// Each scalar as the value of `v:`, and what Yams' reader gave for it.
    static let scalars: [(String, String)] = [
        ("", "null"),
        ("~", "null"),
        ("null", "null"),
        ("Null", "null"),
        ("NULL", "null"),
        ("nULL", "string \"nULL\""),
        ("none", "string \"none\""),
        ("true", "bool(true) plain \"true\""),
        ("True", "bool(true) plain \"True\""),
        ("TRUE", "bool(true) plain \"TRUE\""),
        ("tRUE", "string \"tRUE\""),
        ("false", "bool(false) plain \"false\""),
        ("False", "bool(false) plain \"False\""),
        ("FALSE", "bool(false) plain \"FALSE\""),
        ("yes", "bool(true) plain \"yes\""),
        ("Yes", "bool(true) plain \"Yes\""),
        ("YES", "bool(true) plain \"YES\""),
        ("yEs", "string \"yEs\""),
        ("no", "bool(false) plain \"no\""),
        ("No", "bool(false) plain \"No\""),
        ("NO", "bool(false) plain \"NO\""),
        ("on", "bool(true) plain \"on\""),
        ("On", "bool(true) plain \"On\""),
        ("ON", "bool(true) plain \"ON\""),
        ("off", "bool(false) plain \"off\""),
        ("Off", "bool(false) plain \"Off\""),
        ("OFF", "bool(false) plain \"OFF\""),
        ("y", "string \"y\""),
        ("n", "string \"n\""),
        ("Y", "string \"Y\""),
        ("0", "number \"0\""),
        ("1", "number \"1\""),
        ("-1", "number \"-1\""),
        ("+1", "number \"+1\""),
        ("--1", "string \"--1\""),
        ("+-1", "string \"+-1\""),
        ("-+1", "string \"-+1\""),
        ("--.5", "string \"--.5\""),
        ("-+.inf", "string \"-+.inf\""),
        ("1e--5", "string \"1e--5\""),
        ("1e+-5", "string \"1e+-5\""),
        ("0x--1", "string \"0x--1\""),
        ("-0", "number \"-0\""),
        ("00", "number \"00\""),
        ("07", "number \"07\""),
        ("08", "number \"08\""),
        ("09", "number \"09\""),
        ("0o7", "number \"0o7\""),
        ("0o8", "string \"0o8\""),
        ("0o", "string \"0o\""),
        ("-0o7", "number \"-0o7\""),
        ("0b101", "number \"0b101\""),
        ("0b2", "string \"0b2\""),
        ("0b", "string \"0b\""),
        ("-0b1", "number \"-0b1\""),
        ("+0b_", "number \"+0b_\""),
        ("0x1F", "number \"0x1F\""),
        ("0xg", "string \"0xg\""),
        ("0x", "string \"0x\""),
        ("0x_", "number \"0x_\""),
        ("-0xFF", "number \"-0xFF\""),
        ("1_000", "number \"1_000\""),
        ("1_", "number \"1_\""),
        ("_1", "string \"_1\""),
        ("1__", "number \"1__\""),
        ("1:30", "number \"1:30\""),
        ("0:30", "string \"0:30\""),
        ("1:60", "string \"1:60\""),
        ("1:5", "number \"1:5\""),
        ("1:05:07", "number \"1:05:07\""),
        ("-1:30", "number \"-1:30\""),
        ("190:20:30.15", "number \"190:20:30.15\""),
        ("1:30.", "number \"1:30.\""),
        ("0:30.5", "number \"0:30.5\""),
        ("1:130", "string \"1:130\""),
        ("1_0:30", "number \"1_0:30\""),
        ("1.5", "number \"1.5\""),
        ("1.", "number \"1.\""),
        (".5", "number \".5\""),
        ("-.5", "string \"-.5\""),
        ("+.5", "string \"+.5\""),
        ("._", "number \"._\""),
        (".", "string \".\""),
        ("..5", "string \"..5\""),
        ("1e5", "number \"1e5\""),
        ("1E+5", "number \"1E+5\""),
        ("1e", "string \"1e\""),
        ("1.e5", "number \"1.e5\""),
        ("1e5.0", "string \"1e5.0\""),
        (".5e3", "string \".5e3\""),
        (".5e+3", "number \".5e+3\""),
        (".5E-3", "number \".5E-3\""),
        ("1.5e-3", "number \"1.5e-3\""),
        ("-1.5E3", "number \"-1.5E3\""),
        ("1.5e+", "string \"1.5e+\""),
        ("1..5", "string \"1..5\""),
        (".inf", "number \".inf\""),
        ("-.inf", "number \"-.inf\""),
        ("+.Inf", "number \"+.Inf\""),
        (".INF", "number \".INF\""),
        (".iNf", "string \".iNf\""),
        (".nan", "number \".nan\""),
        (".NaN", "number \".NaN\""),
        (".NAN", "number \".NAN\""),
        ("-.nan", "string \"-.nan\""),
        ("+.nan", "string \"+.nan\""),
        ("inf", "string \"inf\""),
        ("nan", "string \"nan\""),
        ("2001-12-14", "string \"2001-12-14\""),
        ("2001-12-14t21:59:43.10-05:00", "string \"2001-12-14t21:59:43.10-05:00\""),
        ("<<", "string \"<<\""),
        ("=", "string \"=\""),
        ("1 2", "string \"1 2\""),
        ("1.2.3", "string \"1.2.3\""),
        ("0.", "number \"0.\""),
        ("+", "string \"+\""),
        ("e5", "string \"e5\""),
        ("12abc", "string \"12abc\""),
        ("abc", "string \"abc\""),
        ("Idle", "string \"Idle\""),
        ("café", "string \"café\""),
        ("٣", "string \"٣\""),
        ("１", "string \"１\""),
        ("0x1f", "number \"0x1f\""),
        ("1_000.5_0", "number \"1_000.5_0\""),
        ("+1_2.3e4", "number \"+1_2.3e4\""),
        ("\'true\'", "string \"true\""),
        ("\"1\"", "string \"1\""),
        ("\"\"", "string \"\""),
        ("\'\'", "string \"\""),
        ("\'~\'", "string \"~\""),
        ("\"null\"", "string \"null\""),
        ("\'yes\'", "string \"yes\""),
        ("!!str 1", "string \"1\""),
        ("!!str true", "string \"true\""),
        ("!!str", "string \"\""),
        ("!!int abc", "number \"abc\""),
        ("!!int 1", "number \"1\""),
        ("!!int", "number \"\""),
        ("!!float x", "number \"x\""),
        ("!!bool yes", "bool(true) plain \"yes\""),
        ("!!bool YeS", "bool(true) plain \"YeS\""),
        ("!!bool maybe", "string \"maybe\""),
        ("!!bool \"true\"", "bool(true)"),
        ("!!bool \'off\'", "bool(false)"),
        ("!!null x", "null"),
        ("!!null", "null"),
        ("! 1", "string \"1\""),
        ("! true", "string \"true\""),
        ("! \'\'", "string \"\""),
        ("!custom 1", "string \"1\""),
        ("!custom true", "string \"true\""),
        ("!!timestamp 2001-12-14", "string \"2001-12-14\""),
        ("!!binary aGk=", "string \"aGk=\""),
        ("&a true", "bool(true) plain \"true\""),
        ("&a", "null"),
        ("&a 1", "number \"1\""),
        ("!<tag:yaml.org,2002:int> 5", "number \"5\""),
        ("|-\n  true", "string \"true\""),
        (">-\n  1", "string \"1\""),
        ("|\n  x", "string \"x\\n\""),
    ]

    @Test(arguments: scalars)
    func scalarsReadAsYamsReadThem(scalar: String, expected: String) throws {
        #expect(try Self.members("v: \(scalar)\n").map { Self.describe($0.value) } == [expected], "\(scalar.debugDescription)")
    }

    /// Yams built its strings with Foundation, which dropped a U+FEFF that started one as if it
    /// were a byte-order mark; a text that starts with one now keeps it.
    @Test func aTextStartingWithU_FEFFKeepsIt() throws {
        let members = try Self.members("a: \"\\ufeffIdle\"\n\"\u{FEFF}b\": x\u{FEFF}y\n")
        #expect(members.map(\.key) == ["a", "\u{FEFF}b"])
        #expect(members.map { Self.describe($0.value) } == ["string \"\u{FEFF}Idle\"", "string \"x\u{FEFF}y\""])
    }

    /// An alias is its anchor's node, with the anchor's positions; an anchor written again
    /// replaces the earlier one from there on, and an alias inside the collection its anchor
    /// names is to no anchor yet.
    @Test func anAliasIsItsAnchorsNodeWhereTheAnchorWasWritten() throws {
        let members = try Self.members("a: &x {b: 1}\nc: *x\nd: &x 2\ne: *x\n")
        #expect(members.map(\.key) == ["a", "c", "d", "e"])
        let aliased = members[1].value
        #expect(aliased.location == SourceLocation(line: 1, column: 4))
        guard case .object(let inner) = aliased.value else {
            Issue.record("c is not the mapping its alias names")
            return
        }
        #expect(inner.map(\.key) == ["b"])
        #expect(inner.first?.keyLocation == SourceLocation(line: 1, column: 8))
        #expect(inner.first?.value.location == SourceLocation(line: 1, column: 11))
        #expect(Self.describe(members[3].value) == #"number "2""#)
        #expect(members[3].value.location == SourceLocation(line: 3, column: 4))
        #expect(Self.error("a: &x [*x]\n") == "t.yaml:1:8: error: invalid YAML: found undefined alias")
    }

    /// Documents with mistakes, and the error Yams' reader gave for each: the same text at the
    /// same line and column, whichever of several mistakes comes first.
    static let errors: [(String, String)] = [
        ("a: [1, 2\n", "2:1: error: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence"),
        ("a: *x\n", "1:4: error: invalid YAML: found undefined alias"),
        ("a: 1\n---\nb: 2\n", "2:1: error: invalid YAML: but found another document expected a single document in the stream"),
        ("# only a comment\n", "1:1: error: expected a YAML document, found an empty file"),
        ("a: 1\na: 2\nx: [y\n", "4:1: error: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence"),
        ("a: 1\na: 2\n? [k]\n: v\n", "3:3: error: mapping keys must be plain text"),
        ("a: 1\n---\n? [k]\n: v\n", "3:3: error: mapping keys must be plain text"),
        ("a: 1\n---\nb: [\n", "2:1: error: invalid YAML: but found another document expected a single document in the stream"),
        ("a: \"\u{01}\"\n", "1:5: error: invalid YAML: control characters are not allowed"),
        ("a: e\u{301}\u{01}\n", "1:6: error: invalid YAML: control characters are not allowed"),
        ("a: b\n\t- c\n", "2:1: error: invalid YAML: found a tab character that violates indentation while scanning a plain scalar"),
        ("\u{FEFF}a: [1,\n", "2:1: error: invalid YAML: did not find expected node content while parsing a flow node"),
        ("\u{FEFF}a: 1\nb: *c\n", "2:4: error: invalid YAML: found undefined alias"),
        ("*x: 1\n", "1:1: error: mapping keys must be plain text"),
        ("a: !undefined!x 1\n", "1:4: error: invalid YAML: found undefined tag handle while parsing a node"),
        ("a: b: c\n", "1:5: error: invalid YAML: mapping values are not allowed in this context"),
        ("a: 1\n  b: 2\n", "2:4: error: invalid YAML: mapping values are not allowed in this context"),
        ("{a: b}: c\n", "1:1: error: mapping keys must be plain text"),
        ("\u{E9}: 1\nf: 2\ne\u{301}: 3\n", "3:1: error: key '\u{E9}' appears twice in a mapping (first at 1:1)"),
        ("a: [\"\u{E9}\", 1, 1]\nb: {c: 1, \"c\": 2}\n", "2:11: error: key 'c' appears twice in a mapping (first at 2:5)"),
        ("a:\r\n  b: 1\r\n  b: 2\r\n", "3:3: error: key 'b' appears twice in a mapping (first at 2:3)"),
        ("- &a x\n- *a\n- *b\n", "3:3: error: invalid YAML: found undefined alias"),
        ("a: 'x\n\nb: 1\n", "4:1: error: invalid YAML: found unexpected end of stream while scanning a quoted scalar"),
        ("a: |\n  x\n b\n", "3:2: error: invalid YAML: did not find expected key while parsing a block mapping"),
        ("a: \(String(repeating: "[", count: 600))\(String(repeating: "]", count: 600))\n", "1:516: error: sequences and mappings nest deeper than 512 levels"),
        // 300 sequences anchored and aliased 251 levels down: the first too deep is inside the anchor.
        (
            "a: &a \(String(repeating: "[", count: 300))1\(String(repeating: "]", count: 300))\nb: \(String(repeating: "{k: ", count: 250))*a\(String(repeating: "}", count: 250))\n",
            "1:269: error: sequences and mappings nest deeper than 512 levels"
        ),
    ]

    @Test(arguments: errors)
    func errorsAreWhereYamsReportedThem(document: String, expected: String) {
        #expect(Self.error(document) == "t.yaml:" + expected)
    }

    /// Yams named the least repeated key of a mapping at its first place when the mapping, or
    /// one around it, repeated another key too; the repeat is where the mistake is.
    @Test func aRepeatedKeyIsReportedAtItsRepeatWhateverElseIsRepeated() {
        #expect(Self.error("a: 1\na: 2\nb: {c: 1, c: 2}\n") == "t.yaml:3:11: error: key 'c' appears twice in a mapping (first at 3:5)")
        #expect(Self.error("b: 1\na: 1\nb: 2\na: 2\n") == "t.yaml:4:1: error: key 'a' appears twice in a mapping (first at 2:1)")
    }

    /// Keys are text in a machine file, so `1` and `"1"` are one key; Yams compared keys with
    /// their types (a number and a string) and let both through.
    @Test func keysAreComparedAsTheTextTheyAre() {
        #expect(Self.error("1: a\n\"1\": b\n") == "t.yaml:2:1: error: key '1' appears twice in a mapping (first at 1:1)")
        #expect(Self.error("yes: a\n'yes': b\n") == "t.yaml:2:1: error: key 'yes' appears twice in a mapping (first at 1:1)")
    }
}
