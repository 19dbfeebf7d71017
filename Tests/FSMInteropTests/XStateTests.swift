import FSMAnalysis
import FSMCore
import FSMDOT
import FSMInterop
import FSMLint
import Foundation
import TestSupport
import Testing

/// Five machines transcribed from XState's documentation into its JSON config shape, golden
/// tested like the corpus, and the importer's rules one by one.
@Suite struct XStateTests {
    static let directory = Golden.fixtures().appendingPathComponent("xstate")

    static func configs() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func thereAreFiveConfigs() throws {
        #expect(try Self.configs() == ["fetch.json", "game.json", "payment.json", "traffic-light.json", "word-processor.json"])
    }

    @Test(arguments: try configs())
    func lintAndDOTMatchTheirGoldenFiles(config: String) throws {
        let path = Self.directory.appendingPathComponent(config).path
        let report = TextReporter().report([Linter().lint(file: path)])
            .replacingOccurrences(of: Self.directory.path + "/", with: "xstate/")
        let name = config.replacingOccurrences(of: ".json", with: "")
        Golden.check(report, against: Golden.fixtures().appendingPathComponent("xstate-golden/\(name).lint.txt"))
        let machine = try MachineReader.read(path: path).machine
        Golden.check(DOTWriter().write(machine), against: Golden.fixtures().appendingPathComponent("xstate-golden/\(name).dot"))
    }

    static func machine(_ json: String) throws -> ImportedMachine {
        try MachineDocumentImporter(syntax: .json).read(Array(json.utf8), path: "config.json")
    }

    static func error(_ json: String) -> String {
        do {
            _ = try machine(json)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    /// JavaScript keeps the last of two equal keys, so XState would start in `b`; reading the
    /// first would describe another machine. Refused at the repeat.
    @Test func aKeyWrittenTwiceIsRefusedAtItsRepeat() {
        #expect(
            Self.error(#"{"id": "m", "initial": "a", "initial": "b", "states": {"a": {}, "b": {}}}"#)
                == "config.json:1:29: error: key 'initial' appears twice in an object (first at 1:13)")
        #expect(
            Self.error("{\"id\": \"m\", \"initial\": \"a\",\n \"states\": {\"a\": {\"on\": {\"GO\": \"a\", \"GO\": \"b\"}}, \"b\": {}}}")
                == "config.json:2:37: error: key 'GO' appears twice in an object (first at 2:26)")
    }

    @Test func targetsResolveAsXStateResolvesThem() throws {
        let machine = try Self.machine(
            """
            {"id": "m", "initial": "a", "states": {
              "a": {"initial": "x", "states": {
                "x": {"on": {"SIBLING": "y", "BY_ID": "#deep", "CHILD_OF_ID": "#m.b.z", "MANY": {"target": ["#m.b.z"]}}},
                "y": {"id": "deep"}},
                "on": {"CHILD": ".y", "UP": "b"}},
              "b": {"initial": "z", "states": {"z": {}}}}}
            """
        ).machine
        let targets = machine.transitions.map { "\($0.source) \($0.event?.rawValue ?? "-") \($0.targets.map(\.rawValue))" }
        #expect(
            targets == [
                "a CHILD [\"a.y\"]", "a UP [\"b\"]",
                "a.x SIBLING [\"a.y\"]", "a.x BY_ID [\"a.y\"]", "a.x CHILD_OF_ID [\"b.z\"]", "a.x MANY [\"b.z\"]",
            ])
        #expect(machine.state("a.y")?.label == "y")
        #expect(machine.initialState == "a")
        #expect(machine.initialChild(of: "a") == "a.x")
    }

    @Test func alwaysAfterGuardsActionsAndInvocationsBecomeTransitionsAndEffects() throws {
        let machine = try Self.machine(
            """
            {"initial": "a", "states": {
              "a": {"entry": ["start", {"type": "log"}], "exit": "stop",
                    "always": [{"target": "b", "guard": "ready"}, {"target": "c", "cond": {"type": "late"}}],
                    "after": {"1000": "c"},
                    "on": {"TICK": {"actions": "count"}, "GO": {"target": "b", "guard": "ok", "in": "#c"}},
                    "invoke": {"id": "loader", "src": "load", "onDone": "b", "onError": "c"}},
              "b": {"initial": "b1", "states": {"b1": {"type": "final"}}, "onDone": "c"},
              "c": {"type": "final"}}}
            """
        ).machine
        let a = try #require(machine.state("a"))
        #expect(a.entryEffects == ["start", "log", "invoke loader"])
        #expect(a.exitEffects == ["stop"])
        let summary = machine.transitions.map {
            "\($0.source) \($0.event?.rawValue ?? "-") \($0.targets.map(\.rawValue).joined()) \($0.guardLabel ?? "-") \($0.effects)"
        }
        #expect(
            summary == [
                "a - b ready []", "a - c late []", "a after(1000) c - []", "a TICK  - [\"count\"]", "a GO b ok and in #c []",
                "a done.invoke.loader b - []", "a error.invoke.loader c - []", "b done.state.b c - []",
            ])
    }

    /// What the XState reader names (a delayed transition's event above all) every writer can
    /// write: the documents' own example converts an XState config with `after` to SCXML.
    @Test(arguments: try configs().map { directory.appendingPathComponent($0) } + [Golden.samplesDirectory.appendingPathComponent("xstate/checkout.json")])
    func everyConfigIsWritableInEveryFormat(config: URL) throws {
        let machine = try MachineReader.read(path: config.path, format: .xstate).machine
        for format in MachineFormat.allCases {
            guard let exporter = format.exporter else { continue }
            #expect(throws: Never.self, "\(config.lastPathComponent) as \(format)") { try exporter.write(machine) }
        }
    }

    /// XState v5: a transition re-enters its source only with `reenter: true`; v4 (a config
    /// using `cond` or `internal`): only a targetless, `.child` or `internal: true` one does not.
    @Test func reentryFollowsXStateVersionRules() throws {
        let states = """
            "a": {"initial": "x", "states": {"x": {"on": {"SELF": "x", "SELF_AGAIN": {"target": "x", "reenter": true}}}, "y": {}},
                  "on": {"TICK": {"actions": "count"}, "NOOP": {"target": null}, "DOWN": ".y", "BY_ID": "#why",
                         "AGAIN": {"target": "#why", "reenter": true}, "RESET": "a", "OUT": "b"}},
            "b": {"type": "parallel", "states": {"r1": {"initial": "p", "states": {"p": {}}}, "r2": {"initial": "q", "states": {"q": {}}}},
                  "on": {"RESTART": "b"}}
            """.replacingOccurrences(of: #""y": {}"#, with: #""y": {"id": "why"}"#)
        func transitions(_ extra: String) throws -> [String] {
            let machine = try Self.machine(#"{"initial": "a", \#(extra)"states": {\#(states)}}"#).machine
            return machine.transitions.map { "\($0.event?.rawValue ?? "-") \($0.targets.map(\.rawValue)) \($0.kind)" }
        }
        #expect(
            try transitions("") == [
                "TICK [] external", "NOOP [] external", "DOWN [\"a.y\"] internal", "BY_ID [\"a.y\"] internal",
                "AGAIN [\"a.y\"] external", "RESET [\"a.x\"] internal", "OUT [\"b\"] external",
                "SELF [] external", "SELF_AGAIN [\"a.x\"] external", "RESTART [\"b.r1\", \"b.r2\"] internal",
            ])
        #expect(
            try transitions(#""predictableActionArguments": true, "#) == [
                "TICK [] external", "NOOP [] external", "DOWN [\"a.y\"] internal", "BY_ID [\"a.y\"] external",
                "AGAIN [\"a.y\"] external", "RESET [\"a\"] external", "OUT [\"b\"] external",
                "SELF [\"a.x\"] external", "SELF_AGAIN [\"a.x\"] external", "RESTART [\"b\"] external",
            ])
        let internalV4 = try Self.machine(
            """
            {"initial": "a", "states": {"a": {"initial": "x", "states": {"x": {}, "y": {}},
              "on": {"IN": {"target": "a.y", "internal": true}, "OUT": {"target": ".y", "internal": false}}}}}
            """
        ).machine
        #expect(internalV4.transitions.map(\.kind) == [.internal, .external])
        #expect(
            Self.error(#"{"initial": "a", "states": {"a": {"on": {"GO": {"target": "a", "reenter": "yes"}}}}}"#)
                == "config.json:1:75: error: expected 'reenter' to be true or false, found a string")
    }

    @Test func parallelRootsAndHistoryMapOntoTheModel() throws {
        let machine = try Self.machine(
            """
            {"id": "p", "type": "parallel", "states": {
              "r1": {"initial": "a", "states": {"a": {"on": {"X": "h"}}, "h": {"type": "history", "history": "deep", "target": "a"}}},
              "r2": {"initial": "b", "states": {"b": {}}}}}
            """
        ).machine
        #expect(machine.initialState == "p")
        #expect(machine.isParallel("p"))
        #expect(machine.regions(of: "p") == ["r1", "r2"])
        #expect(machine.state("r1.h")?.pseudoState == .deepHistory)
        #expect(machine.transitions(from: "r1.h").map(\.targets) == [["r1.a"]])
    }

    @Test func mistakesAreErrorsAtTheirPosition() {
        #expect(
            Self.error(#"{"initial": "a", "states": {"a": {"on": {"GO": "nowhere"}}}}"#)
                == "config.json:1:48: error: transition target 'nowhere' is not a state")
        #expect(
            Self.error(#"{"initial": "a", "states": {"a": {"intial": "b"}}}"#)
                == "config.json:1:35: error: unknown key 'intial' in a state node; did you mean 'initial'?")
        // A field of the wrong type, found by the field reader the builder makes with the path.
        #expect(
            Self.error(#"{"id": 3, "initial": "a", "states": {"a": {}}}"#)
                == "config.json:1:8: error: expected 'id' to be a string, found a number")
        #expect(
            Self.error(#"{"initial": "b", "states": {"a": {}}}"#)
                == "config.json:1:13: error: initial state 'b' is not a child of '(machine)'; did you mean 'a'?")
        #expect(
            Self.error(#"{"initial": "a", "states": {"a": {"states": {"x": {}}}}}"#)
                == "config.json:1:34: error: state 'a' has child states but no 'initial'; XState requires one")
        #expect(Self.error(#"{"initial": "a", "states": {"a": {"type": "weird"}}}"#).contains("unknown state type 'weird'"))
        #expect(
            Self.error(#"{"initial": "a", "states": {"a": {"on": {"GO": {"target": "a", "gaurd": "x"}}}}}"#)
                .contains("unknown key 'gaurd' in a transition; did you mean 'guard'?"))
    }

    @Test func aMachineFileWithStatesAsAnObjectIsNotTakenForXState() {
        #expect(
            Self.error(#"{"initial": "a", "states": {"a": {}}, "transitions": []}"#)
                == "config.json:1:28: error: expected 'states' to be a non-empty array, found an object")
    }

    @Test func contextIsReportedAsNotAnalysed() throws {
        let imported = try Self.machine(#"{"initial": "a", "context": {"n": 1}, "states": {"a": {}}}"#)
        #expect(
            imported.warnings.map(\.description) == [
                "config.json:1:18: warning: 'context' (extended state) is not analysed: fsmviz reads guards as opaque conditions"
            ])
    }
}
