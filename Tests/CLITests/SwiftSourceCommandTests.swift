import Foundation
import TestSupport
import Testing

/// The commands on Swift source, run as a user would: `list`, `lint`, `dot`, `render` and
/// `convert` on the FSMSwiftSourceTests fixtures.
@Suite struct SwiftSourceCommandTests {
    static let styles = "Tests/FSMSwiftSourceTests/Fixtures/styles"
    static let four = [
        "transition-function/AuthResolver.swift", "mutating-methods/ConnectionStateMachine.swift", "transition-function/Loadable.swift",
        "transition-function/Player.swift",
    ]

    /// A directory holding four of the fixtures, as a package's `Sources/` would.
    static func sources() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in four {
            try FileManager.default.copyItem(
                at: Golden.packageRoot.appendingPathComponent("\(styles)/\(name)"), to: directory.appendingPathComponent((name as NSString).lastPathComponent))
        }
        return directory
    }

    @Test func listNamesEveryMachineWithItsStyleAndCounts() throws {
        let result = try CommandRunner.run(["list"] + Self.four.map { "\(Self.styles)/\($0)" })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdoutText == """
                \(Self.styles)/mutating-methods/ConnectionStateMachine.swift:14:17: ConnectionStateMachine (mutating-methods): 6 states, 4 events, 10 transitions
                \(Self.styles)/transition-function/AuthResolver.swift:7:9: AuthResolver (transition-function): 4 states, 4 events, 5 transitions
                \(Self.styles)/transition-function/Loadable.swift:20:9: LoadableReducer (transition-function): 4 states, 4 events, 6 transitions
                \(Self.styles)/transition-function/Player.swift:24:9: Player (transition-function): 6 states, 6 events, 12 transitions

                """)
    }

    @Test func lintReportsAnUnreachableCaseAtItsSwiftLineWithItsWitness() throws {
        let result = try CommandRunner.run(["lint", "\(Self.styles)/transition-function/Player.swift"])
        #expect(result.status == 1)
        #expect(
            result.stdoutText.contains(
                "\(Self.styles)/transition-function/Player.swift:8:10: error: state 'archived' cannot be reached from the initial state 'idle' [unreachable-state]"
            ))
    }

    @Test func lintOnAFileWithoutAMachineSaysSoUnlessEmptyIsAllowed() throws {
        let file = "\(Self.styles)/transition-function/near-misses/NotMachines.swift"
        let refused = try CommandRunner.run(["lint", file])
        #expect(refused.status == 2)
        #expect(refused.stdoutText.contains("\(file): error: no state machine in the Swift source here"))
        let allowed = try CommandRunner.run(["lint", file, "--allow-empty"])
        #expect(allowed.status == 0, "\(allowed.stdoutText)")
    }

    @Test func aSwiftFileBesideOthersThatHoldMachinesIsPartOfTheirModule() throws {
        let support = "\(Self.styles)/transition-function/near-misses/NotMachines.swift"
        let result = try CommandRunner.run(["lint", "\(Self.styles)/transition-function/Loadable.swift", support])
        #expect(result.status != 2, "\(result.stdoutText)")
        #expect(!result.stdoutText.contains("no state machine"), "\(result.stdoutText)")
    }

    @Test func severalMachinesNeedAMachineNameAndAWrongOneIsNamed() throws {
        let sources = try Self.sources()
        defer { try? FileManager.default.removeItem(at: sources) }
        let ambiguous = try CommandRunner.run(["dot", sources.path])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("4 machines here (AuthResolver, ConnectionStateMachine, LoadableReducer, Player); choose one with --machine NAME"))
        let typo = try CommandRunner.run(["dot", sources.path, "--machine", "Playr"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("no machine named 'Playr' here; did you mean 'Player'?"))
        let chosen = try CommandRunner.run(["dot", sources.path, "--machine", "Player"])
        #expect(chosen.status == 0)
        #expect(chosen.stdoutText.hasPrefix("digraph Player {"))
    }

    @Test func theDrawingNamesTheSwiftLineAndTheComputedTarget() throws {
        let result = try CommandRunner.run(["dot", "\(Self.styles)/transition-function/Player.swift"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("tooltip=\"archived (Player.swift:8)\""))
        #expect(result.stdoutText.contains("load → retries > 3 ? .failed : .loading(url: \\\"again\\\") (Player.swift:36)"))
    }

    @Test func convertWritesOneMachineFilePerMachineThatLintsAlike() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-swift-\(UUID().uuidString)/")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = try Self.sources()
        defer { try? FileManager.default.removeItem(at: sources) }
        let result = try CommandRunner.run(["convert", sources.path, "-o", directory.path + "/"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["AuthResolver.yaml", "ConnectionStateMachine.yaml", "LoadableReducer.yaml", "Player.yaml"])
        let player = try String(contentsOf: directory.appendingPathComponent("Player.yaml"), encoding: .utf8)
        #expect(player.contains("computed: 'retries > 3 ? .failed : .loading(url: \"again\")'"))
        let lint = try CommandRunner.run(["lint", directory.appendingPathComponent("Player.yaml").path])
        #expect(lint.stdoutText.contains("error: state 'archived' cannot be reached"))
    }

    /// A machine whose enums are in one file and whose routes are in another is found whole only
    /// when the files are read together, as `render` and `lint` read several inputs.
    @Test func convertReadsSeveralSwiftFilesAsTheirModule() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-split-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let types = directory.appendingPathComponent("DoorTypes.swift")
        let routes = directory.appendingPathComponent("Door.swift")
        try """
        enum DoorState { case shut, ajar }
        enum DoorEvent { case push, pull }
        typealias DoorMachine = StateMachine<DoorState, DoorEvent>
        """.write(to: types, atomically: true, encoding: .utf8)
        try """
        final class Door {
            let machine = DoorMachine(state: .shut)
            func wire() {
                machine.addRoutes(event: .push, transitions: [.shut => .ajar])
                machine.addRoutes(event: .pull, transitions: [.ajar => .shut])
            }
        }
        """.write(to: routes, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("door.yaml").path
        let result = try CommandRunner.run(["convert", types.path, routes.path, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains("name: Door.machine"))
        #expect(written.contains("initial: shut"))
        #expect(written.contains("- from: ajar\n  event: pull\n  to: shut"))
        // Alone, neither file holds the machine.
        let alone = try CommandRunner.run(["convert", routes.path, "-o", output])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("no state machine found"))
        // A machine file among them is its own machine: one output file cannot hold two.
        let mixed = try CommandRunner.run(["convert", types.path, "samples/door.scxml", "-o", output])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("several inputs make one machine only when all are Swift source"))
    }

    @Test func renderDrawsEachMachineIntoADirectoryNamedAfterIt() throws {
        let sources = try Self.sources()
        defer { try? FileManager.default.removeItem(at: sources) }
        let output = sources.appendingPathComponent("diagrams").path + "/"
        let result = try CommandRunner.run(["render", sources.path, "\(Self.styles)/state-diagram/UploadTree.swift", "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(names == ["AuthResolver.svg", "ConnectionStateMachine.svg", "LoadableReducer.svg", "Player.svg", "Upload.svg"])
        let player = try String(contentsOfFile: output + "Player.svg", encoding: .utf8)
        #expect(player.contains("<title>archived</title>"))
        // Without -o, a directory's drawings go inside it.
        let beside = try CommandRunner.run(["render", sources.path, "--machine", "Player", "--quiet"])
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(FileManager.default.fileExists(atPath: sources.appendingPathComponent("Player.svg").path))
        #expect(!FileManager.default.fileExists(atPath: sources.appendingPathComponent("AuthResolver.svg").path))
    }

    /// A Swift file that holds two machines is drawn as a directory of them is: each to its own
    /// file, named after it, in `-o DIR/` or beside the file; only one output file for both is
    /// refused, naming them and both ways out.
    @Test func renderDrawsEachMachineOfOneFileToItsOwnFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Flow.swift").path
        let texts = try ["transition-function/AuthResolver.swift", "transition-function/Player.swift"].map {
            try String(contentsOf: Golden.packageRoot.appendingPathComponent("\(Self.styles)/\($0)"), encoding: .utf8)
        }
        try Data(texts.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let diagrams = directory.appendingPathComponent("diagrams").path + "/"
        let each = try CommandRunner.run(["render", file, "-o", diagrams, "--quiet"])
        #expect(each.status == 0, "\(each.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: diagrams).sorted() == ["AuthResolver.svg", "Player.svg"])
        let beside = try CommandRunner.run(["render", file, "--quiet"])
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["AuthResolver.svg", "Flow.swift", "Player.svg", "diagrams"])
        let one = try CommandRunner.run(["render", file, "-o", directory.appendingPathComponent("flow.svg").path])
        #expect(one.status == 2)
        #expect(
            one.stderr
                == "\(file): error: 2 machines here (AuthResolver, Player) for one output file; choose one with --machine NAME, or draw each to its own file with -o DIR/\n"
        )
        let chosen = try CommandRunner.run(["render", file, "-o", directory.appendingPathComponent("flow.svg").path, "--machine", "Player"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(try String(contentsOfFile: directory.appendingPathComponent("flow.svg").path, encoding: .utf8).contains("<title>archived</title>"))
    }

    @Test func watchDrawsADirectoryOfSwiftSources() throws {
        let sources = try Self.sources()
        defer { try? FileManager.default.removeItem(at: sources) }
        let (process, transcript) = try WatchCommandTests.watch([".", "-o", "diagrams/"], in: sources)
        WatchCommandTests.waitUntil("the machines are drawn", seconds: 60) {
            FileManager.default.fileExists(atPath: sources.appendingPathComponent("diagrams/Player.svg").path)
        }
        WatchCommandTests.stop(process)
        (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
        #expect(!transcript.current.contains("not a regular file"), "\(transcript.current)")
        #expect(process.terminationStatus == 0)
    }

    @Test func renderOfCodeWithoutAMachineFailsUnlessEmptyIsAllowed() throws {
        let file = "\(Self.styles)/transition-function/near-misses/NotMachines.swift"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-swift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = try CommandRunner.run(["render", file, "-o", directory.path + "/"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(file): error: no state machine found"))
        let allowed = try CommandRunner.run(["render", file, "-o", directory.path + "/", "--allow-empty"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// What was close to a machine is said where a user looks: by `list --explain`, and under
    /// "no state machine found", one line per enum, at its declaration.
    @Test func nearMissesAreSaidWhenAskedAndWhenNothingIsFound() throws {
        let file = "Tests/FSMSwiftSourceTests/Fixtures/findings/NearMisses.swift"
        let closure = "\(file):4:10: warning: enum FeedLoader.LoadState looks like a state type but is read as no machine: FeedLoader.state"
        let listed = try CommandRunner.run(["list", "--explain", file])
        #expect(listed.status == 2)
        #expect(listed.stderr.contains(closure), "\(listed.stderr)")
        let drawn = try CommandRunner.run(["dot", file])
        #expect(drawn.status == 2)
        let lines = drawn.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("\(file): error: no state machine found in the Swift source here") })
        #expect(lines.contains { $0.hasPrefix(closure) }, "a line of its own: \(drawn.stderr)")
        let linted = try CommandRunner.run(["lint", file])
        #expect(linted.status == 2)
        #expect(linted.stdoutText.contains("'fsmviz list --explain \(file)' says what came close"), "\(linted.stdoutText)")
        let quiet = try CommandRunner.run(["list", "\(Self.styles)/transition-function/Player.swift"])
        #expect(quiet.status == 0)
        #expect(!quiet.stderr.contains("looks like a state type"))
    }

    /// A `// fsmviz:disable:next` comment above a state's case, or `disable:this` after it,
    /// silences the rule for that state; one that misspells a rule is an input error at the
    /// comment (exit 2), and a dead end left says how to silence it.
    @Test func commentsAtACaseSilenceItsRules() throws {
        let file = "Tests/FSMSwiftSourceTests/Fixtures/findings/DisabledRules.swift"
        let result = try CommandRunner.run(["lint", file])
        #expect(result.status == 2)
        let lines = result.stdoutText.split(separator: "\n").filter { $0.hasPrefix(file) }
        #expect(
            lines == [
                "\(file):10:5: error: lint suppression for state 'failed' names unknown rule 'dead-ends'; did you mean 'dead-end'?",
                "\(file):9:10: warning: state 'stalled' is not final but no transition leaves it; if it ends the machine by design, write `// fsmviz:disable:next dead-end` above its case, or list it under final-states in .fsmviz.yml [dead-end]",
                "\(file):11:10: warning: state 'failed' is not final but no transition leaves it; if it ends the machine by design, write `// fsmviz:disable:next dead-end` above its case, or list it under final-states in .fsmviz.yml [dead-end]",
            ], "\(result.stdoutText)")
    }

    @Test func aFileThatIsNotSwiftFailsAtItsPosition() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Broken.swift")
        try Data("enum State {\n    case a\n    func (\n}\n".utf8).write(to: file)
        let result = try CommandRunner.run(["render", file.path, "-o", directory.appendingPathComponent("out.svg").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file.path):3:"))
        #expect(result.stderr.contains("error: the file is not valid Swift"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.svg").path))
    }

    /// `--from swift` reads a file whatever its name says, and standard input, in every command
    /// that takes `--from`.
    @Test func fromSwiftReadsAFileNamedOtherwiseAndStandardInput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try Data(contentsOf: Golden.packageRoot.appendingPathComponent("\(Self.styles)/transition-function/Player.swift"))
        let file = directory.appendingPathComponent("Player.txt")
        try source.write(to: file)
        for input in [file.path, "-"] {
            let stdin = input == "-" ? [UInt8](source) : []
            let dot = try CommandRunner.run(["dot", "--from", "swift", input], stdin: stdin)
            #expect(dot.status == 0, "\(dot.stderr)")
            #expect(dot.stdoutText.hasPrefix("digraph Player {"))
            let lint = try CommandRunner.run(["lint", "--from", "swift", input], stdin: stdin)
            #expect(lint.status == 1, "\(lint.stdoutText)")
            #expect(lint.stdoutText.contains(":8:10: error: state 'archived' cannot be reached from the initial state 'idle' [unreachable-state]"))
            let convert = try CommandRunner.run(["convert", "--from", "swift", input, "--to", "json", "-o", "-"], stdin: stdin)
            #expect(convert.status == 0, "\(convert.stderr)")
            #expect(convert.stdoutText.contains("\"name\": \"Player\""))
        }
    }

    /// Two packages' targets of one name are two modules, and their machines of one name and
    /// line get names of their own: each drawn to its own file, and `--machine` with the name
    /// they share refused with each one's place rather than the first taken.
    @Test func machinesOfOneNameInTwoPackagesAreToldApart() throws {
        let door =
            "enum Door {\n    case open, closed\n    mutating func toggle() {\n        switch self {\n"
            + "        case .open: self = .closed\n        case .closed: self = .open\n        }\n    }\n}\n"
        let directory = try CommandRunner.temporaryDirectory(holding: ["P/A/Sources/Lib/D.swift": door, "P/B/Sources/Lib/D.swift": door])
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = ["Lib.Door@P/A/Sources/Lib/D.swift:1", "Lib.Door@P/B/Sources/Lib/D.swift:1"]
        let list = try CommandRunner.run(["list", "P"], in: directory)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdoutText == """
                P/A/Sources/Lib/D.swift:1:6: \(names[0]) (mutating-methods): 3 states, 1 events, 3 transitions
                P/B/Sources/Lib/D.swift:1:6: \(names[1]) (mutating-methods): 3 states, 1 events, 3 transitions

                """)
        let render = try CommandRunner.run(["render", "P", "-o", "out/", "--format", "dot"], in: directory)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains("wrote 2 files into out/"), "\(render.stderr)")
        let drawn = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path).sorted()
        #expect(drawn == names.map { $0.replacingOccurrences(of: "/", with: "_") + ".dot" })
        let ambiguous = try CommandRunner.run(["dot", "P", "--machine", "Door"], in: directory)
        #expect(ambiguous.status == 2)
        #expect(
            ambiguous.stderr.contains(
                "P: error: 2 machines here are named 'Door': \(names[0]) (P/A/Sources/Lib/D.swift:1:6), \(names[1]) (P/B/Sources/Lib/D.swift:1:6); choose one with --machine NAME"
            ), "\(ambiguous.stderr)")
        let chosen = try CommandRunner.run(["dot", "P", "--machine", names[1]], in: directory)
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stdoutText.hasPrefix("digraph \"\(names[1])\" {"))
    }
}
