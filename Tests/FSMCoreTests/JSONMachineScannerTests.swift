import FSMCore
import Foundation
import PropertyBased
import TestSupport
import Testing

/// The one-pass JSON reader against the full parser and decoder: whatever it reads must be the
/// decoder's machine, and whatever the decoder refuses it must leave to the decoder.
@Suite struct JSONMachineScannerTests {
    /// The decoder's reading of `bytes`: the reference.
    static func decoded(_ bytes: [UInt8]) -> Machine? {
        try? MachineFileDecoder.decode(MachineFileLoader.document(bytes: bytes, format: .json, path: "test.json"), path: "test.json")
    }

    @Test(arguments: Golden.sampleFiles().filter { $0.pathExtension == "json" })
    func readsEverySampleAsTheDecoderDoes(sample: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: sample))
        let scanned = try #require(MachineFileLoader.scan(json: bytes))
        #expect(scanned == Self.decoded(bytes))
    }

    @Test func positionsCountScalarsOnLinesWithNonASCIIText() throws {
        let text = """
            {"initial": "A", "states": [{"id": "A", "label": "Ünïcode ✓"}, "B"],
             "transitions": [{"from": "A", "event": "go", "to": "B", "guard": "é"}, {"from": "B", "to": "A"}]}
            """
        let scanned = try #require(MachineFileLoader.scan(json: Array(text.utf8)))
        #expect(scanned.states[1].location == SourceLocation(line: 1, column: 64))
        #expect(scanned.transitions[1].location == SourceLocation(line: 2, column: 73))
        #expect(scanned == Self.decoded(Array(text.utf8)))
    }

    @Test func skipsAByteOrderMarkAsTheParserDoes() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(#"{"initial": "A", "states": ["A", "B"],\#r\#n "transitions": [{"from": "A", "to": "B"}]}"#.utf8)
        let scanned = try #require(MachineFileLoader.scan(json: bytes))
        #expect(scanned.states[0].location == SourceLocation(line: 1, column: 29))
        #expect(scanned.transitions[0].location == SourceLocation(line: 2, column: 18))
        #expect(scanned == Self.decoded(bytes))
    }

    @Test func leavesEscapesNonASCIINamesAndLintSectionsToTheDecoder() {
        for text in [
            #"{"initial": "A", "states": ["A"], "transitions": [], "name": "a\"b"}"#,
            #"{"initial": "Ä", "states": ["Ä"], "transitions": []}"#,
            #"{"initial": "A", "states": ["A"], "transitions": [], "lint": {"disable": ["dead-end"]}}"#,
        ] {
            #expect(MachineFileLoader.scan(json: Array(text.utf8)) == nil)
            #expect(Self.decoded(Array(text.utf8)) != nil)
        }
    }

    @Test func readsTargetlessAndInternalTransitions() throws {
        let text = """
            {"initial": "A", "states": [{"id": "A", "initial": "B"}, {"id": "B", "parent": "A"}],
             "transitions": [{"from": "A", "event": "tick", "effects": "count"}, {"from": "A", "to": [], "event": "t2"},
              {"from": "A", "to": null}, {"from": "A", "event": "reset", "to": "B", "type": "internal"}]}
            """
        let scanned = try #require(MachineFileLoader.scan(json: Array(text.utf8)))
        #expect(scanned.transitions.map(\.targets) == [[], [], [], ["B"]])
        #expect(scanned.transitions.map(\.kind) == [.external, .external, .external, .internal])
        #expect(scanned == Self.decoded(Array(text.utf8)))
    }

    @Test func refusesWhatTheDecoderRefuses() {
        // Each found by the JSON fuzz target.
        for text in [
            #"{"initial": "Idle", "states": ["Idle", "Busy"]}"#
        ] {
            #expect(Self.decoded(Array(text.utf8)) == nil)
            #expect(MachineFileLoader.scan(json: Array(text.utf8)) == nil)
        }
    }

    /// Random machine files with every feature of the format, in random key orders and layouts,
    /// some of them broken by one edit.
    static func document(from numbers: [Int]) -> String {
        var iterator = numbers.makeIterator()
        func next(_ bound: Int) -> Int { (iterator.next() ?? 0) % bound }
        func pick<T>(_ options: [T]) -> T { options[next(options.count)] }
        let space = pick(["", " ", "\n  ", "\r\n\t"])
        func object(_ members: [(String, String)]) -> String {
            var members = members
            for index in members.indices.reversed() { members.swapAt(index, next(index + 1)) }
            return "{" + space + members.map { "\"\($0.0)\":" + space + $0.1 }.joined(separator: "," + space) + space + "}"
        }
        func array(_ items: [String]) -> String { "[" + items.joined(separator: "," + space) + "]" }
        func string(_ text: String) -> String { "\"\(text)\"" }
        let texts = ["done", "Ünïcode ✓", "a b", "", "x\\ny", "日本", "emoji 🧪"]
        let count = 1 + next(6)
        let names = (0..<count).map { "s\($0)" } + ["missing"]
        var parents = [Int?](repeating: nil, count: count)
        for index in 1..<max(count, 1) where next(3) == 0 { parents[index] = next(index) }
        var states: [String] = []
        for index in 0..<count {
            if parents[index] == nil, next(3) == 0 {
                states.append(string(names[index]))
                continue
            }
            var members = [("id", string(names[index]))]
            if next(3) == 0 { members.append(("label", next(4) == 0 ? "null" : string(pick(texts)))) }
            if next(5) == 0 { members.append(("final", pick(["true", "false", "null"]))) }
            if let parent = parents[index] { members.append(("parent", string(names[parent]))) }
            if next(4) == 0 { members.append(("initial", string(pick(names)))) }
            if next(6) == 0 { members.append(("parallel", pick(["true", "false"]))) }
            if next(8) == 0 { members.append(("pseudo", string(pick(["history", "deep-history", "initial", "bogus"])))) }
            if next(5) == 0 { members.append(("entry", next(2) == 0 ? string(pick(texts)) : array([string(pick(texts))]))) }
            if next(7) == 0 { members.append(("exit", pick(["[]", "null", string("bye")]))) }
            states.append(object(members))
        }
        let events = ["go", "stop", "tick"]
        var transitions: [String] = []
        for _ in 0..<next(8) {
            func reference(_ many: Bool) -> String {
                many
                    ? array((0...next(2)).map { _ in string(pick(Array(names.prefix(count + next(2))))) })
                    : string(pick(Array(names.prefix(count))))
            }
            var members = [("from", reference(next(4) == 0))]
            // Targetless transitions: no `to`, `null` or `[]`.
            switch next(8) {
            case 0: break
            case 1: members.append(("to", pick(["null", "[]", "[ ]"])))
            default: members.append(("to", reference(next(4) == 0)))
            }
            if next(4) == 0 { members.append(("type", pick([string("internal"), string("external"), "null", string("intern")]))) }
            if next(4) != 0 { members.append(("event", next(6) == 0 ? "null" : string(pick(events + [""])))) }
            if next(4) == 0 { members.append(("guard", string(pick(texts)))) }
            if next(5) == 0 { members.append(("effects", next(2) == 0 ? string("log") : array([string("a"), string("b")]))) }
            transitions.append(object(members))
        }
        var members = [("initial", string(next(10) == 0 ? "s1" : "s0")), ("states", array(states))]
        if next(12) != 0 { members.append(("transitions", array(transitions))) }
        if next(3) == 0 { members.append(("name", string(pick(texts)))) }
        if next(4) == 0 { members.append(("description", "null")) }
        if next(4) == 0 { members.append(("version", pick(["1", "2", "1.0"]))) }
        if next(5) == 0 { members.append(("$schema", string("https://example.com/s.json"))) }
        if next(4) == 0 {
            members.append(
                (
                    "events",
                    array((0..<next(3)).map { string(events[$0]) } + (next(2) == 0 ? [object([("id", string("tick")), ("label", string("Tick"))])] : []))
                ))
        }
        var text = object(members)
        if next(3) == 0, !text.isEmpty {
            // One edit anywhere: a deleted byte, or a quote, brace, backslash or comma inserted.
            text = ScannerAgreement.edit(text, at: next(text.utf8.count), inserting: next(2) == 0 ? nil : pick(Array("\"}\\,".utf8)))
        }
        return text
    }

    @Test func agreesWithTheDecoderOnRandomFiles() async {
        // The generator's names are ASCII and it writes no 'lint': only escapes are left.
        await ScannerAgreement.check(
            document: Self.document(from:), scan: MachineFileLoader.scan(json:), decode: Self.decoded,
            mayLeave: { $0.contains(UInt8(ascii: "\\")) }, atLeast: 101)
    }
}
