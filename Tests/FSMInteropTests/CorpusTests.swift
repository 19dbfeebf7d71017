import FSMAnalysis
import FSMCore
import FSMDOT
import FSMInterop
import FSMLint
import Foundation
import TestSupport
import Testing

/// Every corpus file (SCXML from the W3C test suite and python-statemachine's format-parity
/// set, sismic's examples and test statecharts, which scripts/setup fetches, and the project's
/// own machines) imports, or is refused for a stated reason.
@Suite struct CorpusTests {

    /// Files refused, and the start of the reason each must give.
    static let expectedRefusals: [String: String] = {
        var refusals: [String: String] = [:]
        let unknownFormat = "cannot tell the file's format from its name"
        for data in ["mandatory/test552.txt", "optional/test446.txt", "optional/test557.txt", "optional/test558.txt", "LICENSE"] {
            refusals["w3c-irp/\(data)"] = unknownFormat
        }
        // The W3C test misspells `initial` on <state id="s0">; strict SCXML refuses the typo
        // rather than silently entering the first child.
        refusals["w3c-irp/mandatory/test387.scxml"] = "<state> has no attribute 'intial'; did you mean 'initial'?"
        return refusals
    }()

    @Test func theCorpusIsThere() {
        Golden.requireCorpus()
    }

    @Test func everyFileImportsOrIsRefusedForAStatedReason() throws {
        guard Golden.requireCorpus() else { return }
        let files = Golden.corpusFiles()
        var imported: [String] = []
        var refused: [String: String] = [:]
        var inventory = ""
        for file in files {
            let path = Golden.corpusFile(file).path
            do {
                let result = try MachineReader.read(path: path)
                imported.append(file)
                let machine = result.machine
                inventory +=
                    "imported \(file): \(machine.states.count) states, \(machine.transitions.count) transitions, "
                    + "\(result.warnings.count) warnings\n"
            } catch {
                refused[file] = error.message
                inventory += "refused  \(file): \(error.message)\n"
            }
        }
        #expect(imported.count == 248, "imported \(imported.count) of \(files.count) files")
        // SCXML, python-statemachine's own JSON and YAML definitions, and sismic's statecharts.
        #expect(
            imported.allSatisfy {
                $0.hasSuffix(".scxml") || $0.hasPrefix("python-statemachine-format-parity/") || $0.hasPrefix("sismic-")
            })
        #expect(files.filter { $0.hasSuffix(".scxml") }.count == 209, "every SCXML file but test387 imports")
        #expect(Set(refused.keys) == Set(Self.expectedRefusals.keys))
        for (file, prefix) in Self.expectedRefusals {
            #expect(refused[file]?.hasPrefix(prefix) == true, "\(file): \(refused[file] ?? "imported")")
        }
        #expect(refused.count == 6)
        Golden.check(inventory, against: Golden.fixtures().appendingPathComponent("corpus/inventory.txt"))
    }

    /// Nested, parallel, history and multi-event machines, golden-tested for lint and DOT.
    static let goldenFiles = [
        "w3c-irp/mandatory/test364.scxml",  // deep and multiple initial targets, parallel
        "w3c-irp/mandatory/test388.scxml",  // shallow and deep history
        "w3c-irp/mandatory/test403b.scxml",  // parallel with conflicting transitions
        "w3c-irp/mandatory/test413.scxml",  // initial targets in parallel regions
        "w3c-irp/mandatory/test570.scxml",  // parallel regions reaching final states
        "w3c-irp/mandatory/test576.scxml",  // root initial with two parallel targets
        "w3c-irp/mandatory/test579.scxml",  // history as an <initial> target
        "w3c-irp/mandatory/test580.scxml",  // history inside a parallel state
        "own-machines/calculator.scxml",  // 16 states, depth 3, dotted events
        "own-machines/ftp-client.scxml",  // multi-event transitions
        "own-machines/media-player.scxml",  // guards that may both hold
        "own-machines/traffic-light.scxml",  // parallel regions, compound states, history
        "own-machines/puzzle.scxml",  // targetless transitions with executable content
        "own-machines/invoke.scxml",  // <invoke> of an inline machine
    ]

    @Test(arguments: goldenFiles)
    func lintAndDOTMatchTheirGoldenFiles(file: String) throws {
        let path = Golden.corpusFile(file).path
        let name = file.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ".scxml", with: "")
        let result = Linter().lint(file: path)
        let report = TextReporter().report([result]).replacingOccurrences(of: path, with: "corpus/\(file)")
        Golden.check(report, against: Golden.fixtures().appendingPathComponent("corpus/\(name).lint.txt"))
        let machine = try MachineReader.read(path: path).machine
        Golden.check(DOTWriter().write(machine), against: Golden.fixtures().appendingPathComponent("corpus/\(name).dot"))
    }

    /// README: these tests hold states unreachable on purpose, which python-statemachine
    /// misses because it starts from the first state rather than the root's `initial`.
    @Test func purposelyUnreachableStatesAreFound() throws {
        let expected: [String: Set<String>] = [
            "test576": ["s0", "s111", "s11p111", "s11p121"],
            "test413": ["s1", "s2p111", "s2p121"],
        ]
        for (test, states) in expected {
            let machine = try MachineReader.read(path: Golden.corpusFile("w3c-irp/mandatory/\(test).scxml").path).machine
            let flagged = Analyzer(rules: [UnreachableState.self]).analyze(machine).flatMap(\.states).map(\.rawValue)
            #expect(Set(flagged) == states, "\(test)")
        }
    }
}
