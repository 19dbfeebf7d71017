import FSMCore
import Foundation
import PropertyBased
import TestSupport
import Testing

/// The one-pass YAML reader against the tree and the decoder: whatever it reads must be the
/// decoder's machine, positions included, and whatever the decoder refuses it must leave to
/// the decoder.
@Suite struct YAMLMachineScannerTests {
    /// The decoder's reading of `bytes`: the reference.
    static func decoded(_ bytes: [UInt8]) -> Machine? {
        try? MachineFileDecoder.decode(MachineFileLoader.document(bytes: bytes, format: .yaml, path: "test.yaml"), path: "test.yaml")
    }

    /// Every YAML file of the repository's samples and tests (fixtures of other formats and
    /// broken files among them), as paths from the package's root.
    static let repositoryFiles: [String] = {
        let root = Golden.packageRoot.path
        var files: [String] = []
        for directory in ["samples", "Tests"] {
            guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory) else { continue }
            while let relative = enumerator.nextObject() as? String {
                if relative.contains(".build") { continue }
                if relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") { files.append(directory + "/" + relative) }
            }
        }
        return files.sorted()
    }()

    @Test(arguments: repositoryFiles)
    func readsTheRepositorysFilesAsTheDecoderDoes(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Golden.packageRoot.appendingPathComponent(path)))
        let reference = Self.decoded(bytes)
        let scanned = MachineFileLoader.scan(yaml: bytes)
        if let scanned { #expect(scanned == reference) }
        // The samples are plain machine files, which the fast path is for.
        if path.hasPrefix("samples/"), path.split(separator: "/").count == 2 { #expect(scanned != nil) }
    }

    @Test func foundYAMLFiles() {
        #expect(Self.repositoryFiles.filter { $0.hasPrefix("samples/") }.count >= 2)
        #expect(Self.repositoryFiles.filter { $0.contains("/Fixtures/") }.count >= 20)
    }

    /// The writer's YAML of every sample, so every feature a sample uses appears in block style.
    @Test(arguments: Golden.sampleFiles())
    func readsTheWritersYAMLOfEverySample(sample: URL) throws {
        let machine = try MachineFileLoader.load(path: sample.path)
        let bytes = Array(try MachineFileWriter.write(machine, as: .yaml).utf8)
        let scanned = try #require(MachineFileLoader.scan(yaml: bytes))
        #expect(scanned == Self.decoded(bytes))
        #expect(MachineModel(scanned) == MachineModel(machine))
    }

    @Test func positionsCountScalarsOnLinesWithNonASCIIText() throws {
        let text = """
            initial: A
            states: [{id: A, label: "Ünïcode ✓"}, B]
            transitions:
              - {from: A, event: go, to: B, guard: é}
              - from: B
                to: A
            """
        let bytes = Array(text.utf8)
        let scanned = try #require(MachineFileLoader.scan(yaml: bytes))
        #expect(scanned.states[1].location == SourceLocation(line: 2, column: 39))
        #expect(scanned.transitions[0].location == SourceLocation(line: 4, column: 5))
        #expect(scanned.transitions[1].location == SourceLocation(line: 5, column: 5))
        #expect(scanned == Self.decoded(bytes))
    }

    @Test func skipsAByteOrderMarkAsTheTreeDoes() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("initial: A\r\nstates: [A, B]\r\ntransitions:\r\n- {from: A, to: B}\r\n".utf8)
        let scanned = try #require(MachineFileLoader.scan(yaml: bytes))
        #expect(scanned.states[1].location == SourceLocation(line: 2, column: 13))
        #expect(scanned.transitions[0].location == SourceLocation(line: 4, column: 3))
        #expect(scanned == Self.decoded(bytes))
    }

    /// YAML 1.1 reads a plain `on` as a boolean; a field that expects text takes it as written,
    /// a field that expects a boolean as the boolean, and a number is neither.
    @Test func readsPlainScalarsAsTheTreeDoes() throws {
        let text = """
            initial: on
            version: +1
            name: yes
            states:
              - on
              - {id: "off", final: yes, label: ~}
              - id: 'no'
                parallel: off
                entry: [true, "x"]
            transitions:
              - {from: on, event: no, to: "off", guard: NULL, effects: TRUE}
              - {from: 'no', to: ~}
              - {from: "n\\x6f", to: [], event: "y\\u0065s"}
            """
        let bytes = Array(text.utf8)
        let scanned = try #require(MachineFileLoader.scan(yaml: bytes))
        #expect(scanned.name == "yes")
        #expect(scanned.states.map(\.id) == ["on", "off", "no"])
        #expect(scanned.states[1].kind == .final)
        #expect(scanned.states[2].entryEffects == ["true", "x"])
        #expect(scanned.transitions.map(\.event) == ["no", nil, "yes"])
        #expect(scanned.transitions[0].guardLabel == nil)
        #expect(scanned.transitions[0].effects == ["TRUE"])
        #expect(scanned == Self.decoded(bytes))
    }

    @Test func leavesAliasesNonASCIINamesAndLintSectionsToTheDecoder() {
        for text in [
            "initial: &a A\nstates: [*a]\ntransitions: []\n",
            "initial: Ä\nstates: [Ä]\ntransitions: []\n",
            "initial: A\nstates: [A]\ntransitions: []\nlint: {disable: [dead-end]}\n",
        ] {
            #expect(MachineFileLoader.scan(yaml: Array(text.utf8)) == nil, "\(text)")
            #expect(Self.decoded(Array(text.utf8)) != nil, "\(text)")
        }
    }

    @Test func refusesWhatTheDecoderRefuses() {
        for text in [
            "initial: A\nstates: [A]\n",
            "initial: A\nstates: [A]\ntransitions: []\n---\ninitial: A\n",
            "initial: A\nstates: [A]\ntransitions: []\ninitial: A\n",
            "initial: A\nstates: [A, 1]\ntransitions: []\n",
            "initial: A\nstates: [{id: A, final: 'yes'}]\ntransitions: []\n",
            "initial: A\nstates: [A]\ntransitions: []\nversion: 1.0\n",
            "initial: A\nstates: [A]\ntransitions: [{from: A, to: B}]\n",
            "initial: A\nstates: [A]\ntransitions: []\nname: 12\n",
            "initial: A\nstates: [A]\ntransitions: []\n  bad: [\n",
            "[A]\n",
            " \n",
        ] {
            #expect(Self.decoded(Array(text.utf8)) == nil, "\(text)")
            #expect(MachineFileLoader.scan(yaml: Array(text.utf8)) == nil, "\(text)")
        }
    }

    /// The tree's reader refuses a file that is not UTF-8 before parsing it; the one-pass reader
    /// leaves that to libyaml's reader, which must refuse such bytes wherever they are.
    @Test func refusesBytesThatAreNotUTF8EvenInAComment() {
        let machine = Array("initial: A\nstates: [A]\ntransitions: []\n# ".utf8)
        for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(Self.decoded(machine + bad + [0x0A]) == nil)
            #expect(MachineFileLoader.scan(yaml: machine + bad + [0x0A]) == nil, "\(bad)")
        }
        #expect(MachineFileLoader.scan(yaml: machine + Array("é\n".utf8)) != nil)
    }

    // MARK: Random files

    @Test func agreesWithTheDecoderOnRandomFiles() async {
        // The generator's names are ASCII: only aliases and a non-ASCII name made by an edit
        // are left to the decoder.
        await ScannerAgreement.check(
            document: Self.document(from:), scan: MachineFileLoader.scan(yaml:), decode: Self.decoded,
            mayLeave: { bytes in bytes.contains(UInt8(ascii: "*")) || bytes.contains { $0 >= 0x80 } }, atLeast: 200)
    }

    /// A YAML value before it is written out.
    indirect enum Value {
        case scalar(String)
        case sequence([Value])
        case mapping([(String, Value)])
    }

    /// Writes `value` in block style at `indent` spaces, where `flow` says which collections are
    /// written in flow style instead (always those inside a flow collection).
    static func write(_ value: Value, indent: Int, flow: (Value) -> Bool) -> String {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case .scalar(let text):
            return text
        case .sequence(let items):
            if flow(value) || items.isEmpty { return flowText(value) }
            return items.map { item in
                switch item {
                case .mapping(let members) where !members.isEmpty && !flow(item):
                    // A compact mapping: its first key on the dash's line.
                    let nested = write(item, indent: indent + 2, flow: flow)
                    return pad + "- " + nested.dropFirst(indent + 2)
                case .scalar:
                    return pad + "- " + write(item, indent: indent + 2, flow: flow)
                default:
                    let nested = write(item, indent: indent + 2, flow: flow)
                    return nested.hasPrefix(pad + "  ") ? pad + "-\n" + nested : pad + "- " + nested
                }
            }.joined(separator: "\n")
        case .mapping(let members):
            if flow(value) || members.isEmpty { return flowText(value) }
            return members.map { key, member in
                switch member {
                case .scalar(let text): return pad + key + ":" + (text.isEmpty ? "" : " " + text)
                default:
                    let nested = write(member, indent: indent + 2, flow: flow)
                    return nested.hasPrefix(pad + "  ") ? pad + key + ":\n" + nested : pad + key + ": " + nested
                }
            }.joined(separator: "\n")
        }
    }

    static func flowText(_ value: Value) -> String {
        switch value {
        case .scalar(let text): text
        case .sequence(let items): "[" + items.map(flowText).joined(separator: ", ") + "]"
        case .mapping(let members): "{" + members.map { $0 + ": " + flowText($1) }.joined(separator: ", ") + "}"
        }
    }

    /// Random machine files with every feature of the format in YAML's many spellings, in
    /// random key orders and layouts, some of them broken by one edit.
    static func document(from numbers: [Int]) -> String {
        var iterator = numbers.makeIterator()
        // Past the given numbers, more from them, so that a long file does not end in zeros
        // (which would give every such file the same rare choices).
        var more = UInt64(numbers.reduce(0, &+).magnitude)
        func next(_ bound: Int) -> Int {
            if let number = iterator.next() { return number % bound }
            more = more &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(more >> 33) % bound
        }
        func pick<T>(_ options: [T]) -> T { options[next(options.count)] }
        /// One of `options`, or now and then one of `wrong`, which the decoder refuses there.
        func scalar(_ options: [String], wrong: [String] = []) -> Value {
            .scalar(!wrong.isEmpty && next(25) == 0 ? pick(wrong) : pick(options))
        }
        /// A name in one of YAML's spellings: plain, quoted, escaped, tagged.
        func name(_ name: String) -> Value {
            switch next(8) {
            case 0: .scalar("'\(name)'")
            case 1: .scalar("\"\(name)\"")
            case 2: .scalar("!!str \(name)")
            case 3: .scalar("\"\\x\(String(name.utf8.first ?? 0, radix: 16))\(name.dropFirst())\"")
            default: .scalar(name)
            }
        }
        let texts = ["done", "\"Ünïcode ✓\"", "a b", "''", "\"x\\ny\"", "日本", "'emoji 🧪'", "yes", "Off", "~", "", "!!str 12", "'it''s'"]
        let flags = ["true", "false", "yes", "No", "on", "OFF", "~", "", "!!bool yes", "null"]
        let notTexts = ["12", "1.5", "!!int 3"]
        let notFlags = ["'true'", "1", "maybe"]
        let count = 1 + next(6)
        let names = (0..<count).map { "s\($0)" } + [pick(["missing", "on", "yes", "null", "1", "\"\""])]
        // Each state after the first sometimes nested in an earlier one.
        let parents: [Int?] = (0..<count).map { index in index > 0 && next(3) == 0 ? next(index) : nil }
        let states: [Value] = (0..<count).map { index in
            // A top-level state is sometimes written as its bare name.
            if parents[index] == nil, next(3) == 0 { return name(names[index]) }
            var members = [("id", name(names[index]))]
            if next(3) == 0 { members.append(("label", scalar(texts, wrong: notTexts))) }
            if next(5) == 0 { members.append(("final", scalar(flags, wrong: notFlags))) }
            if let parent = parents[index] { members.append(("parent", name(names[parent]))) }
            if next(6) == 0 {
                // Mostly a child of the state's, as the format wants.
                let children = (0..<count).filter { parents[$0] == index }
                members.append(("initial", name(children.isEmpty || next(4) == 0 ? pick(names) : names[pick(children)])))
            }
            if next(6) == 0 { members.append(("parallel", scalar(flags, wrong: notFlags))) }
            if next(8) == 0 { members.append(("pseudo", scalar(["history", "deep-history", "initial", "~"], wrong: ["bogus"]))) }
            if next(5) == 0 { members.append(("entry", next(2) == 0 ? scalar(texts, wrong: notTexts) : .sequence([scalar(texts, wrong: notTexts)]))) }
            if next(7) == 0 { members.append(("exit", next(8) == 0 ? .sequence([]) : scalar(["~", "bye", "[bye, 'again']"]))) }
            return .mapping(members)
        }
        var transitions: [Value] = []
        for _ in 0..<next(8) {
            func reference(_ many: Bool) -> Value {
                many ? .sequence((0...next(2)).map { _ in name(pick(Array(names.prefix(count + next(2))))) }) : name(pick(Array(names.prefix(count))))
            }
            var members = [("from", reference(next(4) == 0))]
            // Targetless transitions: no `to`, null or `[]`.
            switch next(8) {
            case 0: break
            case 1: members.append(("to", scalar(["~", "", "[]", "null"])))
            default: members.append(("to", reference(next(4) == 0)))
            }
            if next(4) == 0 { members.append(("type", scalar(["internal", "'external'", "~"], wrong: ["intern"]))) }
            if next(4) != 0 { members.append(("event", next(6) == 0 ? scalar(["~", "on"], wrong: ["''"]) : name(pick(["go", "stop", "tick"])))) }
            if next(4) == 0 { members.append(("guard", scalar(texts, wrong: notTexts))) }
            if next(5) == 0 { members.append(("effects", next(2) == 0 ? scalar(texts, wrong: notTexts) : .sequence([.scalar("a"), .scalar("b")]))) }
            if next(9) == 0 { members.append(("computed", scalar(texts, wrong: notTexts))) }
            transitions.append(.mapping(members))
        }
        var members: [(String, Value)] = [("initial", name(next(10) == 0 ? "s1" : "s0")), ("states", .sequence(states))]
        if next(20) != 0 { members.append(("transitions", next(20) == 0 ? .scalar("~") : .sequence(transitions))) }
        if next(10) == 0 {
            // An alias, which the fast path leaves to the tree.
            members += [("name", .scalar("&x Door")), ("description", .scalar("*x"))]
        } else {
            if next(3) == 0 { members.append(("name", scalar(texts, wrong: notTexts))) }
            if next(4) == 0 { members.append(("description", scalar(["~", "", "'A machine'"]))) }
        }
        if next(4) == 0 { members.append(("version", scalar(["1", "01", "+1", "~"], wrong: ["'1'", "1.0", "2", "0x1"]))) }
        if next(5) == 0 { members.append((pick(["$schema", "'$schema'"]), .scalar("https://example.com/s.json"))) }
        if next(4) == 0 {
            members.append(
                (
                    "events",
                    .sequence(
                        (0..<next(3)).map { name(["go", "stop", "tick"][$0]) }
                            + (next(2) == 0 ? [.mapping([("id", name("tick")), ("label", .scalar("Tick"))])] : []))
                ))
        }
        if next(40) == 0 { members.append(("initial", .scalar("s0"))) }
        if next(20) == 0 { members.append(("lint", .scalar("~"))) }
        for index in members.indices.reversed() { members.swapAt(index, next(index + 1)) }
        // Some collections in flow style, each decided once by its shape's hash of a number.
        let style = next(4)
        let seed = next(1000)
        let flow: (Value) -> Bool = { value in
            switch style {
            case 0: return false
            case 1: return true
            default:
                if case .mapping(let members) = value { return (members.count + seed) % 2 == 0 }
                if case .sequence(let items) = value { return (items.count + seed) % 3 == 0 }
                return false
            }
        }
        var text = write(.mapping(members), indent: 0, flow: flow) + "\n"
        if next(6) == 0 { text = "---\n" + text + pick(["", "...\n", "# the end\n"]) }
        if next(4) == 0, !text.isEmpty {
            // One edit anywhere: a deleted byte, or a byte that means something to YAML.
            text = ScannerAgreement.edit(text, at: next(text.utf8.count), inserting: next(2) == 0 ? nil : pick(Array(":-'\"&*[{\n #".utf8)))
        }
        return text
    }
}
