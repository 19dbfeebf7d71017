import FSMCore
import FSMInterop
import FSMLint
import FSMSwiftSource
import Foundation
import Testing

/// Swift files are user input: whatever they hold, reading them ends with machines or a clear
/// error at a position, never a crash, a hang or an unbounded result.
@Suite struct HostileSourceTests {
    /// A fresh directory holding `files` (name to contents).
    static func directory(_ files: [String: [UInt8]]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    static func read(_ text: String, limits: InputLimits = .standard) throws(MachineFileError) -> [ModuleMachine] {
        let directory = (try? directory(["Input.swift": Array(text.utf8)])) ?? FileManager.default.temporaryDirectory
        defer { try? FileManager.default.removeItem(at: directory) }
        return try SwiftSourceReader().machines(in: [directory.appendingPathComponent("Input.swift").path], limits: limits).machines
    }

    @Test func aFileThatDoesNotParseIsAnErrorAtItsPosition() {
        #expect(throws: MachineFileError.self) { try Self.read("enum State { case a\nfunc f( {\n") }
        do {
            _ = try Self.read("enum State {\n  case a\n}\nstruct M { var state: State = .a\n  func f() -> State { switch (state { } }\n}\n")
            Issue.record("a file that does not parse was read")
        } catch {
            #expect(error.message == "the file is not valid Swift: expected ')' to end tuple", "in swift-syntax's words")
            #expect(error.location?.line == 5)
            #expect(error.location?.file == nil, "the diagnostic names the file once, in its path")
        }
    }

    @Test func hundredThousandNestedBracesAreRefusedNotRecursedInto() throws {
        let text = "func f() {" + String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000) + "}"
        #expect(throws: MachineFileError.self) { try Self.read(text) }
    }

    /// The reader walks the tree recursively, as swift-syntax does: 7,000 `else if`s or a call
    /// chain of 100,000 links overflowed the stack. Such a file is refused where it gets too
    /// deep, and the deepest code hand-written code holds is still read.
    @Test func codeNestedPastTheDepthLimitIsRefusedWhereItGetsTooDeep() throws {
        let chain = (1..<1_000).map { "    else if x == \($0) { state = .c }\n" }.joined()
        let elseIfs =
            "enum S { case a, b, c }\nstruct M {\n  var state: S = .a\n  mutating func go(_ x: Int) {\n    if x == 0 { state = .b }\n" + chain + "  }\n}\n"
        let calls = "struct M {\n  func f() {\n    let x = a" + String(repeating: ".b()", count: 20_000) + "\n  }\n}\n"
        for text in [elseIfs, calls] {
            do {
                _ = try Self.read(text, limits: InputLimits(labelLength: nil))
                Issue.record("code nested past the limit was read")
            } catch {
                #expect(error.message.hasPrefix("code nested more than 800 levels deep"), "\(error.message)")
                #expect((error.location?.line ?? 0) > 2)
            }
        }
        let shallow = (1..<100).map { "    else if x == \($0) { state = .c }\n" }.joined()
        let read = try Self.read(
            "enum S { case a, b, c }\nstruct M {\n  var state: S = .a\n  mutating func go(_ x: Int) {\n    if x == 0 { state = .b }\n" + shallow + "  }\n}\n",
            limits: InputLimits(labelLength: nil))
        #expect(read.count == 1)
    }

    /// swift-syntax's time doubles with each `[` nested in another; a fuzzer's mutated swift-nio
    /// file held 60 of them and never finished parsing.
    @Test func squareBracketsNestedPastTheLimitAreRefusedAtTheBracket() {
        let text = "struct M {\n  let x = " + String(repeating: "[", count: 60) + " allocator: allocator,\n}\n"
        do {
            _ = try Self.read(text)
            Issue.record("60 nested square brackets were parsed")
        } catch {
            #expect(error.message.hasPrefix("square brackets nested more than 16 deep"))
            #expect(error.location == SourceLocation(line: 2, column: 11 + 16))
        }
        let interpolated = "let s = \"\\(" + String(repeating: "[", count: 17) + "1" + String(repeating: "]", count: 17) + ")\""
        #expect(throws: MachineFileError.self, "an interpolation is code") { try Self.read(interpolated) }
        // A `"` in a regex literal opens no string, so the brackets after it still count.
        for regex in ["#/\"/#", "/\"/", "##/a\"/#b/##"] {
            let text = "let r = \(regex); let x = " + String(repeating: "[", count: 60) + "1\n"
            do {
                _ = try Self.read(text)
                Issue.record("60 brackets after \(regex) were parsed")
            } catch {
                #expect(error.message.hasPrefix("square brackets nested more than 16 deep"), "\(regex): \(error.message)")
            }
        }
    }

    @Test func bracketsInTextDoNotCountTowardTheLimit() throws {
        let deep = String(repeating: "[", count: 40)
        let text =
            "// \(deep)\n/* /* \(deep) */ */\nlet a = \"\(deep)\"\nlet b = #\"\\\"\(deep)\"#\n"
            + "let c = \"\"\"\n\(deep) \" \"\"\n\"\"\"\n"
            + "let e = " + String(repeating: "[", count: 16) + "1" + String(repeating: "]", count: 16) + "\n"
        #expect(try Self.read(text).isEmpty)
    }

    @Test func nonUTF8BytesAreAnErrorAtTheirPosition() throws {
        let directory = try Self.directory(["Bad.swift": Array("enum State {\n  case a".utf8) + [0xFF] + Array(" }".utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try SwiftSourceReader().machines(in: [directory.appendingPathComponent("Bad.swift").path], limits: .standard)
            Issue.record("non-UTF-8 bytes were read")
        } catch {
            #expect(error.message == "the file is not valid UTF-8")
            #expect(error.location == SourceLocation(line: 2, column: 9))
        }
    }

    @Test func aSwitchWithFiftyThousandCasesIsReadWhole() throws {
        let count = 50_000
        let cases = (0..<count).map { "    case s\($0)" }.joined(separator: "\n")
        let rows = (0..<count).map { "        case (.s\($0), .go): return .s\(($0 + 1) % count)" }.joined(separator: "\n")
        let text =
            "enum S {\n\(cases)\n}\nenum E { case go }\nstruct M {\n    var state: S = .s0\n"
            + "    func next(_ state: S, _ event: E) -> S {\n        switch (state, event) {\n\(rows)\n        }\n    }\n}\n"
        let machines = try Self.read(text)
        #expect(machines.count == 1)
        #expect(machines.first?.imported.machine.transitions.count == count)
    }

    @Test func aMachineOverTheLimitsIsReportedNotRead() throws {
        let text = """
            enum Big { case a, b, c }
            enum Small { case x, y }
            enum Go { case go }
            struct M {
                var big: Big = .a
                var small: Small = .x
                func nextBig(_ state: Big, _ event: Go) -> Big {
                    switch (state, event) {
                    case (.a, .go): return .b
                    case (.b, .go): return .c
                    case (.c, .go): return .a
                    }
                }
            }
            """
        let directory = try Self.directory(["Input.swift": Array(text.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let found = try SwiftSourceReader().machines(in: [directory.appendingPathComponent("Input.swift").path], limits: InputLimits(states: 2))
        #expect(found.machines.isEmpty, "a machine of 3 states is over a limit of 2")
        #expect(found.warnings.map(\.message) == ["machine 'M' left out: the machine has 3 states, more than the limit of 2"])
    }

    @Test func aDirectoryWithASymbolicLinkLoopIsSearchedOnce() throws {
        let directory = try Self.directory([
            "Machine.swift": Array(
                "enum S { case a, b }\nenum E { case go }\nstruct M { var state: S = .a\n func next(_ state: S, _ event: E) -> S { switch (state, event) { case (.a, .go): return .b\n default: return state } } }\n"
                    .utf8)
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("loop"), withDestinationURL: directory)
        let files = Linter.files(in: directory.path, sourceReader: SwiftSourceReader()).paths
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["Machine.swift"])
        #expect(try SwiftSourceReader().machines(in: files, limits: .standard).machines.count == 1)
    }
}
