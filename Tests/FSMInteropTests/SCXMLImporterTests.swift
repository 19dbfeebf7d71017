import FSMCore
import Foundation
import TestSupport
import Testing

@testable import FSMInterop

@Suite struct SCXMLImporterTests {
    static func read(_ body: String, attributes: String = "initial=\"a\"") throws -> ImportedMachine {
        let text = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:fsmviz="https://fsmviz.dev/scxml" \(attributes)>
            \(body)
            </scxml>
            """
        return try SCXMLImporter().read(Array(text.utf8), path: "m.scxml")
    }

    @Test func transitionsSplitByEventAndKeepTargetsGuardsAndEffects() throws {
        let machine = try Self.read(
            """
            <state id="a">
              <transition event="x y" cond="n &gt; 1" target="b"><raise event="z"/><send event="t" delay="1s"/></transition>
              <transition target="b"/>
              <transition event="stay"><log label="L" expr="1"/></transition>
            </state>
            <final id="b"/>
            """
        ).machine
        let summary = machine.transitions.map {
            "\($0.source) \($0.event?.rawValue ?? "-") \($0.targets.map(\.rawValue)) \($0.guardLabel ?? "-") \($0.effects)"
        }
        #expect(
            summary == [
                "a x [\"b\"] n > 1 [\"raise z\", \"send t after 1s\"]", "a y [\"b\"] n > 1 [\"raise z\", \"send t after 1s\"]",
                "a - [\"b\"] - []", "a stay [] - [\"log L: 1\"]",
            ])
        #expect(machine.transitions[0].location == SourceLocation(line: 3, column: 3))
        #expect(machine.state("b")?.kind == .final)
    }

    @Test func targetlessAndInternalTransitionsKeepTheirMeaning() throws {
        let imported = try Self.read(
            """
            <state id="a" initial="a1">
              <state id="a1"><transition event="next" target="a2"/></state>
              <state id="a2"/>
              <transition event="tick"><log expr="1"/></transition>
              <transition event="reset" target="a1" type="internal"/>
              <transition event="restart" target="a1" type="external"/>
              <transition event="odd" target="a1" type="sideways"/>
            </state>
            """)
        let machine = imported.machine
        let transitions = machine.transitions.filter { $0.source == "a" }
        #expect(transitions.map(\.targets) == [[], ["a1"], ["a1"], ["a1"]])
        #expect(transitions.map(\.kind) == [.external, .internal, .external, .external])
        #expect(transitions.map(machine.keepsSourceActive) == [true, true, false, false])
        #expect(imported.warnings.map(\.message) == ["transition type 'sideways' is neither 'internal' nor 'external'; read as 'external'"])
        #expect(imported.warnings.first?.location == SourceLocation(line: 8, column: 3))
        // The export writes them in SCXML's own terms, and reads back the same.
        let written = try SCXMLExporter().write(machine).text
        #expect(written.contains(#"<transition event="tick">"#), "\(written)")
        #expect(written.contains(#"<transition event="reset" target="a1" type="internal"/>"#), "\(written)")
        let reread = try SCXMLImporter().read(Array(written.utf8), path: "rewritten.scxml").machine
        #expect(try Unlocated.machine(reread) == Unlocated.machine(machine), "\(written)")
    }

    @Test func emptyBranchesOfAnIfSaySoInsteadOfEndingInAColon() throws {
        let machine = try Self.read(
            """
            <state id="a">
              <transition event="go" target="b"><if cond="x"><elseif cond="y"/><raise event="e"/><else/></if></transition>
            </state>
            <final id="b"/>
            """
        ).machine
        #expect(machine.transitions[0].effects == ["if x: nothing; elseif y: raise e; else: nothing"])
    }

    @Test func hierarchyParallelHistoryAndInitialsMapOntoTheModel() throws {
        let machine = try Self.read(
            """
            <state id="a">
              <initial><transition target="p1 p2"><raise event="go"/></transition></initial>
              <history id="h" type="deep"><transition target="p"/></history>
              <parallel id="p">
                <state id="p1"/><state id="p2"/>
              </parallel>
            </state>
            <state id="b" initial="b2" fsmviz:label="Bee"><state id="b1"/><state id="b2"/></state>
            """
        ).machine
        #expect(machine.state("a.initial")?.pseudoState == .initial)
        #expect(machine.initialChild(of: "a") == "a.initial")
        #expect(machine.transitions(from: "a.initial").first?.effects == ["raise go"])
        #expect(machine.entersTogether(machine.transitions(from: "a.initial")[0]))
        #expect(machine.state("h")?.pseudoState == .deepHistory)
        #expect(machine.regions(of: "p") == ["p1", "p2"])
        #expect(machine.initialChild(of: "b") == "b2")
        #expect(machine.state("b")?.label == "Bee")
    }

    @Test func withoutInitialTheFirstChildStateIsEntered() throws {
        let machine = try Self.read("<state id='x'><history id='h'/><state id='x1'/><state id='x2'/></state>", attributes: "")
        #expect(machine.machine.initialState == "x")
        #expect(machine.machine.initialChild(of: "x") == "x1")
    }

    @Test func statesWithoutIDsGetOnesFromTheirPosition() throws {
        let machine = try Self.read("<state id='a'><transition event='e' target='a'/></state>\n<state/>").machine
        #expect(machine.states.map(\.id.rawValue) == ["a", "state@3:1"])
    }

    @Test func unsupportedElementsAreWarningsNeverDropped() throws {
        let imported = try Self.read(
            """
            <datamodel><data id="n" expr="0"/></datamodel>
            <script>setup()</script>
            <state id="a">
              <invoke type="http" src="x"/>
              <onentry><assign location="n" expr="1"/><final/></onentry>
              <other:thing xmlns:other="urn:other"/>
              <transition event="e" target="b"/>
            </state>
            <final id="b"><donedata><content expr="1"/></donedata></final>
            """)
        #expect(
            imported.warnings.map(\.description) == [
                "m.scxml:2:1: warning: <datamodel> is not analysed: fsmviz reads conditions as opaque guards",
                "m.scxml:3:1: warning: a global <script> is not supported: it is not run or drawn",
                "m.scxml:5:3: warning: <invoke> is not supported: the invoked service and the events it sends are not modelled",
                "m.scxml:6:43: warning: <final> is not executable content; ignored",
                "m.scxml:10:15: warning: <donedata> is not supported: the data a final state returns is not modelled",
            ])
        #expect(imported.machine.state("a")?.entryEffects == ["n = 1"])
    }

    /// What Apache Commons SCXML, uscxml and PySCXML documents write beyond the recommendation:
    /// an earlier draft's final states and `<assign name>` are read, other attributes that are
    /// no misspelling of one the element takes are warnings, and a misspelling stays an error.
    @Test func enginesAndDraftsAttributesAreReadOrWarnedAbout() throws {
        let imported = try Self.read(
            """
            <datamodel><data id="n" type="int" expr="0"/></datamodel>
            <state id="a">
              <onentry><assign name="n" expr="1"/></onentry>
              <transition event="e" target="done"/>
            </state>
            <state id="done" final="true"/>
            """)
        #expect(imported.machine.state("done")?.kind == .final)
        #expect(imported.machine.state("a")?.entryEffects == ["n = 1"])
        #expect(
            imported.warnings.map(\.description) == [
                "m.scxml:2:1: warning: <datamodel> is not analysed: fsmviz reads conditions as opaque guards",
                "m.scxml:2:12: warning: <data> has no attribute 'type' in SCXML; ignored",
            ])
        let misspelled = #expect(throws: MachineFileError.self) {
            try Self.read("<state id='a' intial='b'><state id='b'/></state>")
        }
        #expect(misspelled?.message == "<state> has no attribute 'intial'; did you mean 'initial'?")
        // On a state or transition, any attribute SCXML does not define would change the drawing.
        let guarded = #expect(throws: MachineFileError.self) {
            try Self.read("<state id='a'><transition event='e' guard='ok' target='a'/></state>")
        }
        #expect(guarded?.message == "<transition> has no attribute 'guard'")
    }

    @Test func aDraftsFinalAttributeIsReadOnlyOnAnAtomicStateAsTrueOrFalse() throws {
        let imported = try Self.read(
            """
            <state id="a" final="true"><state id="a1" final="yes"/></state>
            <parallel id="p" initial="r1"><state id="r1" final="false"/></parallel>
            """)
        #expect(imported.machine.state("a")?.kind != .final)
        #expect(imported.machine.state("a1")?.kind != .final)
        #expect(imported.machine.state("r1")?.kind != .final)
        #expect(
            imported.warnings.map(\.description) == [
                "m.scxml:2:1: warning: final=\"true\" is ignored on a <state> with child states: only an atomic state can be final",
                "m.scxml:2:28: warning: final=\"yes\" is neither 'true' nor 'false'; read as 'false'",
                "m.scxml:3:1: warning: 'initial' on a parallel state is ignored: a parallel state enters all its regions",
            ])
    }

    /// Every element of every corpus file is mapped onto the model or covered by a warning at
    /// its position or an enclosing element's.
    @Test func noCorpusElementIsDroppedSilently() throws {
        let mapped: Set<String> = [
            "scxml", "state", "parallel", "final", "history", "initial", "transition", "onentry", "onexit",
            "raise", "send", "assign", "log", "script", "cancel", "if", "elseif", "else", "foreach",
        ]
        // Parts of <send> and <assign> that their summary stands for.
        let summarisedInside: Set<String> = ["content", "param"]
        var unexplained: [String] = []
        // A file strict SCXML refuses drops nothing silently: it is not read at all.
        for file in Golden.corpusFiles() where file.hasSuffix(".scxml") && CorpusTests.expectedRefusals[file] == nil {
            let bytes = Array(try Data(contentsOf: Golden.corpusFile(file)))
            let imported = try SCXMLImporter().read(bytes, path: file)
            let warned = Set(imported.warnings.compactMap(\.location))
            let root = try XMLTreeParser.parse(bytes)
            var pending: [(XMLTreeElement, covered: Bool, parent: String)] = [(root, false, "")]
            while let (element, covered, parent) = pending.popLast() {
                // Other namespaces' elements are extensions, ignored by design with what they hold.
                let isForeign = !element.namespace.isEmpty && element.namespace != "http://www.w3.org/2005/07/scxml"
                let isCovered = covered || isForeign || warned.contains(element.location)
                let explained =
                    isCovered || (mapped.contains(element.name) && element.namespace == "http://www.w3.org/2005/07/scxml")
                    || (summarisedInside.contains(element.name) && ["send", "invoke", "donedata"].contains(parent))
                    || ["assign", "content"].contains(parent) || covered
                if !explained { unexplained.append("\(file):\(element.location): <\(element.name)>") }
                // What a summary stands for (an assignment's value, a message's content) is
                // covered along with it.
                let coversChildren = isCovered || ["assign", "content"].contains(element.name)
                pending += element.children.map { ($0, coversChildren, element.name) }
            }
        }
        #expect(unexplained.isEmpty, "\(unexplained.prefix(20))")
    }

    @Test func theRootMustBeSCXML() {
        let html = #expect(throws: MachineFileError.self) { try SCXMLImporter().read(Array("<html/>".utf8), path: "x.scxml") }
        #expect(html?.message == "the root element is <html>, not SCXML's <scxml>")
        // Coin3D's navigation machines: <scxml> of a namespace of its own, with other elements.
        let other = #expect(throws: MachineFileError.self) {
            try SCXMLImporter().read(Array(#"<scxml xmlns="http://www.coin3d.org/scxml/coin/1.0"/>"#.utf8), path: "x.scxml")
        }
        #expect(
            other?.message
                == "the root element <scxml> is in the namespace 'http://www.coin3d.org/scxml/coin/1.0', not SCXML's (http://www.w3.org/2005/07/scxml)"
        )
    }
}

extension SCXMLImporterTests {
    @Test func misplacedInitialAndEntryElementsAreReported() throws {
        let imported = try Self.read(
            """
            <onentry><raise event="x"/></onentry>
            <parallel id="a"><initial><transition target="p"/></initial><state id="p"/></parallel>
            <state id="b"><initial><transition target="b1"/></initial><initial><transition target="b2"/></initial><state id="b1"/><state id="b2"/></state>
            """)
        #expect(
            imported.warnings.map(\.description) == [
                "m.scxml:2:1: warning: <onentry> is not supported inside <scxml>; ignored",
                "m.scxml:3:18: warning: <initial> is ignored: only the first one inside a compound <state> chooses its initial state",
                "m.scxml:4:59: warning: <initial> is ignored: only the first one inside a compound <state> chooses its initial state",
            ])
        #expect(imported.machine.initialChild(of: "b") == "b1")
    }
}
