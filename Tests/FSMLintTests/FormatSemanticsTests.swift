import FSMAnalysis
import FSMCore
import FSMLint
import Foundation
import Testing

/// Lint follows each format's own rules, since a finding that the format's interpreter would
/// contradict is noise: document order in SCXML and XState,
/// guards it can read, events the interpreter never raises, strict SCXML, history states of
/// unreachable states, and "did you mean" for SCXML targets.
@Suite struct FormatSemanticsTests {
    /// The lint result of `text` written to a fresh file named `name`.
    static func lint(_ text: String, name: String) throws -> LintResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-semantics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return Linter().lint(file: url.path)
    }

    /// `rule severity: message` for each finding, in order.
    static func findings(_ text: String, name: String = "machine.scxml") throws -> [String] {
        try lint(text, name: name).findings.map { "\($0.ruleID) \($0.severity): \($0.message)" }
    }

    static func scxml(_ body: String, initial: String) -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="\(initial)">
        \(body)
        </scxml>
        """
    }

    // MARK: - 1. Document order

    @Test func scxmlUnguardedPairIsShadowedNotUndefined() throws {
        let text = Self.scxml(
            """
            <state id="idle">
              <transition event="go" target="a"/>
              <transition event="go" target="b"/>
            </state>
            <state id="a"><transition event="back" target="idle"/></state>
            <state id="b"><transition event="back" target="idle"/></state>
            """, initial: "idle")
        #expect(
            try Self.findings(text) == [
                "shadowed-transition warning: transition idle --go--> b can never fire: the unguarded idle --go--> a comes first in document order",
                "unreachable-state error: state 'b' cannot be reached from the initial state 'idle'; the transition into it, idle --go--> b (at 4:3), can never fire",
                "unreachable-transition info: transition b --back--> idle can never fire: 'b' is unreachable",
            ])
    }

    @Test func scxmlPartlyOverlappingGuardsSaySo() throws {
        let text = Self.scxml(
            """
            <state id="idle">
              <transition event="go" cond="x &gt; 1" target="a"/>
              <transition event="go" cond="x &lt; 3" target="b"/>
            </state>
            <state id="a"><transition event="back" target="idle"/></state>
            <state id="b"><transition event="back" target="idle"/></state>
            """, initial: "idle")
        #expect(
            try Self.findings(text) == [
                "shadowed-transition info: transition idle --go [x < 3]--> b fires only while [x > 1] is false: idle --go [x > 1]--> a comes first in document order, and the guards may both hold"
            ])
    }

    @Test func aLaterTransitionGuardedByTrueIsTheElse() throws {
        let text = Self.scxml(
            """
            <state id="s0">
              <transition cond="Var1" target="pass"/>
              <transition cond="True" target="fail"/>
            </state>
            <final id="pass"/>
            <final id="fail"/>
            """, initial: "s0")
        #expect(try Self.findings(text) == [])
    }

    @Test func scxmlGuardImpliedByAnEarlierOneNeverFires() throws {
        let text = Self.scxml(
            """
            <state id="idle">
              <transition event="go" cond="ready" target="a"/>
              <transition event="go" cond="ready &amp;&amp; fast" target="b"/>
              <transition event="go" cond="!ready" target="a"/>
            </state>
            <state id="a"><transition event="back" target="idle"/></state>
            <final id="b"/>
            """, initial: "idle")
        let findings = try Self.findings(text)
        #expect(
            findings.contains(
                "shadowed-transition warning: transition idle --go [ready && fast]--> b can never fire: idle --go [ready]--> a comes first in document order and is enabled whenever it is"
            ))
        #expect(findings.contains { $0.hasPrefix("unreachable-state error: state 'b' cannot be reached") })
        #expect(!findings.contains { $0.hasPrefix("nondeterministic-trigger") })
    }

    @Test func xstateTargetsOfOneEventAreTriedInOrder() throws {
        let text = """
            {"id": "m", "initial": "idle", "states": {
              "idle": {"on": {"go": ["a", "b"]}},
              "a": {"on": {"back": "idle"}},
              "b": {"on": {"back": "idle"}}
            }}
            """
        let findings = try Self.findings(text, name: "machine.json")
        #expect(
            findings.contains(
                "shadowed-transition warning: transition idle --go--> b can never fire: the unguarded idle --go--> a comes first in document order"))
        #expect(!findings.contains { $0.hasPrefix("nondeterministic-trigger") })
    }

    @Test func machineFilesKeepTheirConflict() throws {
        let text = """
            initial: Idle
            states: [Idle, A, B]
            transitions:
              - {from: Idle, event: go, to: A}
              - {from: Idle, event: go, to: B}
              - {from: A, event: back, to: Idle}
              - {from: B, event: back, to: Idle}
            """
        #expect(
            try Self.findings(text, name: "machine.yaml") == [
                "nondeterministic-trigger error: state 'Idle' has unguarded transitions on event 'go' to 'A' and 'B'; which one fires is undefined"
            ])
    }

    // MARK: - 2. Guards the analysis reads

    @Test func inStatesThatCannotBeActiveTogetherExcludeEachOther() throws {
        let text = Self.scxml(
            """
            <parallel id="p">
              <state id="control" initial="watch">
                <state id="watch">
                  <transition event="go" cond="In('on')" target="left"/>
                  <transition event="go" cond="In('off')" target="right"/>
                  <transition event="go" cond="!In('on') &amp;&amp; ready" target="right"/>
                </state>
                <state id="left"><transition event="back" target="watch"/></state>
                <state id="right"><transition event="back" target="watch"/></state>
              </state>
              <state id="power" initial="off">
                <state id="off"><transition event="flip" target="on"/></state>
                <state id="on"><transition event="flip" target="off"/></state>
              </state>
            </parallel>
            """, initial: "p")
        #expect(try Self.findings(text) == [])
    }

    @Test func xstateGuardCombinatorsAreRead() throws {
        let text = """
            {"id": "m", "initial": "idle", "states": {
              "idle": {"on": {
                "go": [
                  {"target": "a", "guard": {"type": "xstate.or", "guards": ["isAdmin", "isOwner"]}},
                  {"target": "b", "guard": "isAdmin"},
                  {"target": "b", "guard": {"type": "xstate.not", "guards": ["isAdmin"]}}
                ],
                "check": [
                  {"target": "a", "guard": "isValid"},
                  {"target": "b", "guard": {"type": "not", "guards": [{"type": "isValid"}]}}
                ]
              }},
              "a": {"on": {"back": "idle"}},
              "b": {"on": {"back": "idle"}}
            }}
            """
        let findings = try Self.findings(text, name: "machine.json")
        // The third `go` fires when neither holds; `isValid` and its negation exclude each other.
        #expect(
            findings == [
                "shadowed-transition warning: transition idle --go [isAdmin]--> b can never fire: idle --go [isAdmin || isOwner]--> a comes first in document order and is enabled whenever it is"
            ])
    }

    @Test func machineFileGuardsAreReadAsFormulas() throws {
        let text = """
            initial: Idle
            states: [Idle, A, B]
            transitions:
              - {from: Idle, event: go, to: A, guard: "paid && shipped"}
              - {from: Idle, event: go, to: B, guard: "!paid"}
              - {from: A, event: back, to: Idle}
              - {from: B, event: back, to: Idle}
            """
        #expect(try Self.findings(text, name: "machine.yaml") == [])
    }

    // MARK: - 3. Events that never happen

    @Test func doneStateOfAnAtomicStateNeverHappens() throws {
        let text = Self.scxml(
            """
            <state id="work">
              <transition event="done.state.work" target="next"/>
              <transition event="fail" target="work"/>
            </state>
            <final id="next"/>
            """, initial: "work")
        // With its only way out gone, 'work' is a trap: true. That 'next', the final state, is
        // unreachable is the same root cause, said once, in the impossible event's finding.
        #expect(
            try Self.findings(text) == [
                "trap error: state 'work' is a trap: once entered, no transition leads out of it and it is not final",
                "impossible-event warning: transition work --done.state.work--> next can never fire unless something outside the machine sends 'done.state.work': 'work' is atomic, so it is never done (only a compound or parallel state is); state 'next' is reachable only through it",
            ])
    }

    @Test func scxmlInvocationEventsComeOnlyFromTheirInvocation() throws {
        let text = Self.scxml(
            """
            <state id="load">
              <invoke id="fetchUser" type="http" src="u"/>
              <transition event="done.invoke.fetchUser" target="shown"/>
              <transition event="error.invoke.fetchUsr" target="failed"/>
            </state>
            <final id="shown"/>
            <final id="failed"/>
            """, initial: "load")
        let findings = try Self.lint(text, name: "machine.scxml").findings.filter { $0.ruleID != "fsmviz/unsupported-content" }
        #expect(
            findings.map { "\($0.ruleID) \($0.severity): \($0.message)" } == [
                "impossible-event warning: transition load --error.invoke.fetchUsr--> failed can never fire unless something outside the machine sends 'error.invoke.fetchUsr': no invocation has the id 'fetchUsr'; did you mean 'fetchUser'?; state 'failed' is reachable only through it"
            ])
    }

    @Test func xstateOnDoneWithoutAFinalChildNeverHappens() throws {
        let text = """
            {"id": "m", "initial": "load", "states": {
              "load": {
                "initial": "fetching",
                "invoke": {"id": "fetchUser", "src": "fetchUser", "onDone": "load.ready"},
                "states": {"fetching": {}, "ready": {}},
                "on": {"error.invoke.fetchUsr": "failed"},
                "onDone": "shown"
              },
              "shown": {"type": "final"},
              "failed": {"type": "final"}
            }}
            """
        let findings = try Self.findings(text, name: "machine.json")
        #expect(
            findings.contains {
                $0.hasPrefix("impossible-event warning: transition load --done.state.load--> shown can never fire")
                    && $0.hasSuffix("'load' has no final child state, so it is never done; state 'shown' is reachable only through it")
            })
        // An actor spawned in an action could send it: XState's invocation events are not claimed.
        #expect(!findings.contains { $0.contains("invoke.fetchU") && $0.hasPrefix("impossible-event") })
        #expect(!findings.contains { $0.hasPrefix("unreachable-state error: state 'shown'") }, "folded into the impossible event")
    }

    // MARK: - 4. Strict SCXML

    @Test func aMisspelledSCXMLElementOrAttributeIsAnError() throws {
        let element = try Self.lint(
            Self.scxml("<state id=\"a\">\n  <transtion event=\"go\" target=\"a\"/>\n</state>", initial: "a"),
            name: "machine.scxml")
        #expect(element.errors.map(\.message) == ["<transtion> is not an SCXML element; did you mean 'transition'?"])
        #expect(element.errors.first?.location?.line == 3)
        let attribute = try Self.lint(
            Self.scxml("<state id=\"a\">\n  <transition event=\"go\" targt=\"a\"/>\n</state>", initial: "a"),
            name: "machine.scxml")
        #expect(attribute.errors.map(\.message) == ["<transition> has no attribute 'targt'; did you mean 'target'?"])
    }

    @Test func otherNamespacesAreIgnoredQuietly() throws {
        let text = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:qt="http://www.qt.io/2015/02/scxml-ext" version="1.0" initial="a" qt:editorversion="4.8.0">
              <qt:editorinfo initialGeometry="1;2;3;4"/>
              <state id="a" qt:color="red">
                <qt:editorinfo scenegeometry="1;2;3;4" geometry="1;2;3;4"/>
                <transition event="go" target="b"><qt:editorinfo localGeometry="1;2"/></transition>
              </state>
              <final id="b"/>
            </scxml>
            """
        let result = try Self.lint(text, name: "machine.scxml")
        #expect(result.errors.isEmpty)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    // MARK: - 5. History states

    @Test func theHistoryOfAnUnreachableStateIsPartOfItsFinding() throws {
        let text = Self.scxml(
            """
            <state id="idle"><transition event="go" target="idle"/></state>
            <state id="player" initial="playing">
              <history id="resume"><transition target="playing"/></history>
              <state id="playing"><transition event="stop" target="idle"/></state>
            </state>
            """, initial: "idle")
        let unreachable = try Self.lint(text, name: "machine.scxml").findings.filter { $0.ruleID == "unreachable-state" }
        #expect(
            unreachable.map(\.message) == [
                "state 'player' cannot be reached from the initial state 'idle' (nor, with it, 'resume')",
                "state 'playing' cannot be reached from the initial state 'idle'",
            ])
        #expect(unreachable.first?.states.map(\.rawValue) == ["player", "resume"])
    }

    // MARK: - 6. Did you mean

    @Test func aMisspelledSCXMLTargetGetsASuggestion() throws {
        let result = try Self.lint(
            Self.scxml("<state id=\"idle\"><transition event=\"go\" target=\"Laoding\"/></state>\n<state id=\"Loading\"/>", initial: "idle"),
            name: "machine.scxml")
        #expect(result.errors.map(\.message).first?.hasSuffix("; did you mean 'Loading'?") == true, "\(result.errors.map(\.message))")
    }
}
