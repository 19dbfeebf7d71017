import FSMCore
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import FSMInterop

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every in-process writer, on thousands of random machines whose texts are all hostile
/// (``HostileMachine``): the output is read back by a real parser and says exactly what the
/// machine says, or, where the format cannot hold a character, the writer does what
/// docs/interop.md documents. A failure prints the seed to reproduce it with
/// `.fixedSeed(...)`.
@Suite struct WriterPropertyTests {
    @Test(arguments: MachineFileFormat.allCases)
    func machineFilesReadBackAsTheSameMachine(format: MachineFileFormat) async {
        let accepted = AcceptedCases()
        await propertyCheck(count: TestScale.count(1_500), input: HostileMachine.machines) { machine in
            accepted.add()
            let text: String
            do {
                text = try MachineFileExporter(format: format).write(machine).text
            } catch {
                Issue.record("\(format) writer refused \(machine): \(error)")
                return
            }
            do {
                let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: format, path: "written")
                #expect(MachineModel(reread) == MachineModel(machine), "\(text)")
                #expect(reread.summary == machine.summary, "\(text)")
            } catch {
                Issue.record("\(format) written is not read back: \(error)\n\(text)")
            }
        }
        accepted.expect(atLeast: 1_200)
    }

    /// Yams built each scalar with Foundation's `String(bytes:encoding:)`, which dropped a
    /// U+FEFF at its start as if it were a byte-order mark; the reader now makes its strings
    /// from libyaml's bytes, so such a text survives a YAML machine file, as one inside does.
    @Test func aTextStartingWithU_FEFFKeepsItInYAML() throws {
        for id: StateID in ["\u{FEFF}Idle", "a\u{FEFF}b"] {
            let machine = try Machine(states: [State(id, label: "\u{FEFF}label", kind: .initial)], transitions: [])
            let text = try MachineFileExporter(format: .yaml).write(machine).text
            let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: .yaml, path: "written.yaml")
            #expect(MachineModel(reread) == MachineModel(machine), "\(text)")
        }
    }

    /// What SCXML keeps of a machine: its name, its states with their labels, hierarchy and
    /// effects, the order of each state's children and of its transitions. SCXML nests
    /// children in their parent, so states read back in document order; event declarations
    /// and labels, and lint suppressions, have no place in SCXML (the writer warns).
    struct SCXMLView: Equatable {
        var name: String?
        var states: [StateID: State]
        var children: [StateID?: [StateID]]
        var transitions: [StateID: [Transition]]

        init(_ machine: Machine) {
            name = machine.name
            states = Dictionary(
                uniqueKeysWithValues: machine.states.map { state in
                    var state = state
                    state.location = nil
                    return (state.id, state)
                })
            children = Dictionary(grouping: machine.states.map(\.id)) { machine.state($0)?.parent }
            transitions = Dictionary(
                grouping: machine.transitions.map { transition in
                    var transition = transition
                    transition.location = nil
                    return transition
                }, by: \.source)
        }
    }

    /// The characters XML 1.0 cannot carry at all, not even as character references.
    static func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// White space in the sense of XML and SCXML's space-separated lists.
    static func isXMLWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// Whether docs/interop.md says the SCXML writer refuses `machine`: a state id, or the id
    /// of an event a transition uses, with white space, or a text SCXML reads back that holds
    /// a character XML cannot carry.
    static func scxmlRefuses(_ machine: Machine) -> Bool {
        let ids = machine.states.map(\.id.rawValue) + machine.transitions.compactMap(\.event?.rawValue)
        if ids.contains(where: { $0.unicodeScalars.contains(where: isXMLWhiteSpace) }) { return true }
        var texts = ids + [machine.name ?? ""]
        for state in machine.states { texts += [state.label ?? ""] + state.entryEffects + state.exitEffects }
        for transition in machine.transitions { texts += [transition.guardLabel ?? ""] + transition.effects }
        return texts.contains { $0.unicodeScalars.contains(where: isForbiddenInXML) }
    }

    @Test func scxmlIsWellFormedAndReadsBackOrIsRefusedAsDocumented() async {
        let writableCases = AcceptedCases()
        await propertyCheck(count: TestScale.count(1_500), input: HostileMachine.machines) { machine in
            // Most hostile machines hold some character SCXML refuses; the same machine
            // without those characters must then be written, so the rest is checked too.
            do {
                let written = try SCXMLExporter().write(machine)
                #expect(!Self.scxmlRefuses(machine), "written although it cannot be read back:\n\(written.text)")
                Self.checkSCXML(written.text, of: machine)
            } catch {
                #expect(Self.scxmlRefuses(machine), "refused without cause: \(error)\n\(machine)")
            }
            func withoutForbidden(_ text: String) -> String {
                String(String.UnicodeScalarView(text.unicodeScalars.filter { !Self.isForbiddenInXML($0) }))
            }
            guard
                var writable = HostileMachine.rewritten(
                    machine,
                    id: { String(String.UnicodeScalarView(withoutForbidden($0).unicodeScalars.filter { !Self.isXMLWhiteSpace($0) })) },
                    text: withoutForbidden)
            else { return }
            writableCases.add()
            // The description goes in a comment, which must stay well-formed whatever it holds.
            writable.summary = machine.summary
            #expect(!Self.scxmlRefuses(writable))
            do {
                Self.checkSCXML(try SCXMLExporter().write(writable).text, of: writable)
            } catch {
                Issue.record("refused without cause: \(error)\n\(writable)")
            }
        }
        writableCases.expect(atLeast: 1_200)
    }

    /// Whether libxml2 finds `text` well-formed. Through `XMLParser`, which frees what it parses:
    /// FoundationXML's `XMLDocument` never frees a document on Linux (the address sanitizer pass
    /// reports every one).
    static func isWellFormed(_ text: String) -> Bool {
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldResolveExternalEntities = false
        return parser.parse()
    }

    /// Records an issue unless `text` is well-formed XML that the importer reads as `machine`.
    static func checkSCXML(_ text: String, of machine: Machine, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        if !isWellFormed(text) {
            Issue.record("not well-formed XML:\n\(text)", sourceLocation: sourceLocation)
        }
        do {
            let reread = try SCXMLImporter().read(Array(text.utf8), path: "written.scxml")
            #expect(SCXMLView(reread.machine) == SCXMLView(machine), "\(text)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("SCXML written is not read back: \(error)\n\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func theDescriptionCommentKeepsXMLWellFormed() throws {
        #expect(SCXMLWriter.commentText("a--b-") == "a- -b- ")
        #expect(SCXMLWriter.commentText("-\u{301}-") == "-\u{301}- ", "a combining mark does not hide a dash")
        #expect(SCXMLWriter.commentText("--\u{301}") == "- -\u{301}")
        #expect(SCXMLWriter.commentText("nul\u{0} bell\u{7} esc\u{1B} tab\t \u{FFFF}") == "nul\u{2400} bell\u{2407} esc\u{241B} tab\t \u{FFFD}")
        let machine = try Machine(summary: "<!-- \u{0} -->--", states: [State("a", kind: .initial)], transitions: [])
        let text = try SCXMLExporter().write(machine).text
        #expect(Self.isWellFormed(text))
        #expect(!Self.isWellFormed("<a><!-- -- --></a>"), "the check itself must catch what the escaping prevents")
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- <!- - \u{2400} - ->- -  -->\n"))
    }

}
