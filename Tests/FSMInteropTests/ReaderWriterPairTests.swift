import FSMCore
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import FSMInterop

/// Every name a reader gives is one every writer writes: machines with hostile state and event
/// names are written in each read-only format's own syntax (XState, SCXML, python-statemachine,
/// sismic), read, and written in every format fsmviz writes; each writer accepts the machine,
/// and where fsmviz reads the written format too, it reads back the machine that was read. A
/// writer may refuse only what docs/interop.md says it refuses of the names in the input (SCXML:
/// white space in an id, or a character XML cannot carry), never a name the reader made up,
/// as an XState `after` delay's event once was (`after 3000`, which SCXML cannot list).
@Suite struct ReaderWriterPairTests {
    /// The names of a generated machine and how its transitions connect them, before a
    /// format's syntax is chosen.
    struct Shape: CustomStringConvertible {
        var states: [String]
        var events: [String]
        /// Each state's transitions: an index into `events` (`nil`: none) and one into `states`.
        var transitions: [[(event: Int?, target: Int)]]
        /// XState `after` delays: each state's delay keys with a target.
        var delays: [[(delay: String, target: Int)]]

        var description: String {
            "states \(states.debugDescription), events \(events.debugDescription), transitions \(transitions), delays \(delays)"
        }

        /// Every name the input holds, delay keys too (the event a reader makes of a delay holds it).
        var names: [String] { states + events + delays.flatMap { $0.map(\.delay) } }
    }

    /// The read-only formats, each with the names its syntax cannot carry as plain names.
    enum Reader: String, CaseIterable, CustomTestStringConvertible {
        case xstate, scxml, pythonStateMachine, sismic

        var testDescription: String { rawValue }

        var format: MachineFormat {
            switch self {
            case .xstate: .xstate
            case .scxml: .scxml
            case .pythonStateMachine: .pythonStateMachine
            case .sismic: .sismic
            }
        }

        /// Whether `name` is a plain state name in this syntax, not one of its paths or lists.
        func isStateName(_ name: String) -> Bool {
            guard !name.isEmpty else { return false }
            switch self {
            // A dot is a path in an XState target, `#` an id reference.
            case .xstate: return !name.contains(".") && !name.hasPrefix("#")
            // Targets are space-separated lists, and XML carries no control characters.
            case .scxml: return !name.unicodeScalars.contains { isXMLWhiteSpace($0) || isForbiddenInXML($0) }
            case .pythonStateMachine: return !name.unicodeScalars.contains(where: isXMLWhiteSpace)
            // The generated root state is named `root`.
            case .sismic: return name != "root"
            }
        }

        /// Whether `name` is a plain event name in this syntax.
        func isEventName(_ name: String) -> Bool {
            switch self {
            case .xstate: return !name.isEmpty
            case .scxml: return isStateName(name)
            case .pythonStateMachine: return isStateName(name)
            case .sismic: return !name.isEmpty
            }
        }

        /// The machine `shape` describes, in this format's syntax.
        func document(_ shape: Shape) -> String {
            switch self {
            case .xstate: return Self.xstate(shape)
            case .scxml: return Self.scxml(shape)
            case .pythonStateMachine: return Self.pythonStateMachine(shape)
            case .sismic: return Self.sismic(shape)
            }
        }

        /// The path the document is read from, which tells python-statemachine's reader its syntax.
        var path: String { self == .scxml ? "generated.scxml" : "generated.json" }

        static func xstate(_ shape: Shape) -> String {
            let states = shape.states.indices.map { index in
                var fields: [String] = []
                var on: [String: [String]] = [:]
                var order: [String] = []
                for transition in shape.transitions[index] {
                    let event = transition.event.map { shape.events[$0] } ?? ""
                    if on[event] == nil { order.append(event) }
                    on[event, default: []].append(json(shape.states[transition.target]))
                }
                if !order.isEmpty {
                    fields.append("\"on\": {" + order.map { "\(json($0)): [\(on[$0, default: []].joined(separator: ", "))]" }.joined(separator: ", ") + "}")
                }
                if !shape.delays[index].isEmpty {
                    fields.append(
                        "\"after\": ["
                            + shape.delays[index].map { "{\"delay\": \(json($0.delay)), \"target\": \(json(shape.states[$0.target]))}" }.joined(separator: ", ")
                            + "]")
                }
                return "\(json(shape.states[index])): {\(fields.joined(separator: ", "))}"
            }
            return "{\"id\": \"generated\", \"initial\": \(json(shape.states[0])), \"states\": {\(states.joined(separator: ", "))}}"
        }

        static func scxml(_ shape: Shape) -> String {
            var text = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" initial=\"\(xml(shape.states[0]))\">\n"
            for (index, state) in shape.states.enumerated() {
                text += "  <state id=\"\(xml(state))\">\n"
                for transition in shape.transitions[index] {
                    let event = transition.event.map { " event=\"\(xml(shape.events[$0]))\"" } ?? ""
                    text += "    <transition\(event) target=\"\(xml(shape.states[transition.target]))\"/>\n"
                }
                text += "  </state>\n"
            }
            return text + "</scxml>\n"
        }

        static func pythonStateMachine(_ shape: Shape) -> String {
            let states = shape.states.indices.map { index in
                let initial = index == 0 ? "\"initial\": true, " : ""
                return "\(json(shape.states[index])): {\(initial)\"transitions\": \(transitionList(shape, from: index))}"
            }
            return "{\"name\": \"generated\", \"states\": {\(states.joined(separator: ", "))}}"
        }

        static func sismic(_ shape: Shape) -> String {
            let states = shape.states.indices.map { index in
                "{\"name\": \(json(shape.states[index])), \"transitions\": \(transitionList(shape, from: index))}"
            }
            return "{\"statechart\": {\"name\": \"generated\", \"root state\": {\"name\": \"root\", \"initial\": "
                + "\(json(shape.states[0])), \"states\": [\(states.joined(separator: ", "))]}}}"
        }

        /// A state's transitions as python-statemachine and sismic list them: objects with an
        /// `event` (none for an automatic one) and a `target`.
        static func transitionList(_ shape: Shape, from index: Int) -> String {
            let transitions = shape.transitions[index].map { transition in
                let event = transition.event.map { "\"event\": \(json(shape.events[$0])), " } ?? ""
                return "{\(event)\"target\": \(json(shape.states[transition.target]))}"
            }
            return "[" + transitions.joined(separator: ", ") + "]"
        }
    }

    /// A JSON string, as fsmviz's own writers quote one: every reader here reads JSON (sismic's
    /// statecharts too), so no input is lost to YAML's own limits.
    static func json(_ text: String) -> String { JSONValue.quoted(text) }

    /// An XML attribute value, as the SCXML writer escapes one (white space as character
    /// references, which attribute-value normalisation keeps); the SCXML names here hold no
    /// character XML cannot carry.
    static func xml(_ text: String) -> String { (try? SCXMLWriter.escaped(text, inAttribute: true)) ?? "" }

    static func isXMLWhiteSpace(_ scalar: Unicode.Scalar) -> Bool { WriterPropertyTests.isXMLWhiteSpace(scalar) }
    static func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool { WriterPropertyTests.isForbiddenInXML(scalar) }

    /// The shape `texts` and `numbers` describe for `reader`: its names the hostile texts that
    /// reader's syntax carries as names, deterministic for the same lists.
    static func shape(for reader: Reader, texts: [String], numbers: [Int]) -> Shape? {
        var seen: Set<String> = []
        let states = texts.filter { reader.isStateName($0) && seen.insert($0).inserted }.prefix(6)
        let events = texts.filter(reader.isEventName).prefix(4)
        guard states.count >= 2 else { return nil }
        var next = numbers.makeIterator()
        func number() -> Int { next.next() ?? 0 }
        var shape = Shape(states: Array(states), events: Array(events), transitions: [], delays: [])
        for _ in shape.states {
            var transitions: [(event: Int?, target: Int)] = []
            var used: Set<Int?> = []
            for _ in 0..<(number() % 3) {
                let event: Int? = shape.events.isEmpty || number() % 5 == 0 ? nil : number() % shape.events.count
                // One transition per event and state keeps XState's `on` a plain object.
                guard used.insert(event).inserted else { continue }
                transitions.append((event, number() % shape.states.count))
            }
            shape.transitions.append(transitions)
            var delays: [(delay: String, target: Int)] = []
            if reader == .xstate, number() % 2 == 0 {
                let hostile = texts[number() % texts.count]
                delays.append((number() % 2 == 0 ? String(number() * 10) : hostile, number() % shape.states.count))
            }
            shape.delays.append(delays)
        }
        return shape
    }

    /// Whether docs/interop.md lets `format`'s writer refuse a machine read from input with
    /// these names: SCXML for white space in a name or a character XML cannot carry.
    static func mayRefuse(_ format: MachineFormat, names: [String]) -> Bool {
        guard format == .scxml else { return false }
        return names.contains { $0.unicodeScalars.contains { isXMLWhiteSpace($0) || isForbiddenInXML($0) } }
    }

    @Test(arguments: Reader.allCases)
    func everyWriterWritesWhatTheReaderRead(reader: Reader) async {
        let accepted = AcceptedCases()
        let writers = MachineFormat.allCases.filter(\.isWritable)
        let input = zip(HostileText.texts.array(of: 4...16), Gen<Int>.int(in: 0...9_999).array(of: 16...48))
        await propertyCheck(count: TestScale.count(400), input: input) { texts, numbers in
            guard let shape = Self.shape(for: reader, texts: texts, numbers: numbers) else { return }
            let document = reader.document(shape)
            // sismic's statecharts are read from JSON as a `.json` file is.
            guard let importer = (reader == .sismic ? MachineFormat.json : reader.format).importer(xstateVersion: 5) else {
                Issue.record("fsmviz has no reader for \(reader)")
                return
            }
            let machine: Machine
            do {
                machine = try importer.read(Array(document.utf8), path: reader.path).machine
            } catch {
                Issue.record("\(reader) did not read its own syntax: \(error)\n\(document)")
                return
            }
            accepted.add()
            for writer in writers {
                guard let exporter = writer.exporter else { continue }
                let text: String
                do {
                    text = try exporter.write(machine).text
                } catch {
                    #expect(
                        Self.mayRefuse(writer, names: shape.names),
                        "the \(writer) writer refused what the \(reader) reader read: \(error)\n\(document)")
                    continue
                }
                Self.expectReadBack(text, as: writer, equal: machine, from: document)
            }
        }
        accepted.expect(atLeast: TestScale.count(400) / 2)
    }

    /// Records an issue unless `text`, written as `format`, reads back as `machine` (as much
    /// of it as the format holds); formats fsmviz only writes are not read.
    static func expectReadBack(_ text: String, as format: MachineFormat, equal machine: Machine, from document: String) {
        do {
            switch format {
            case .json, .yaml:
                let syntax: MachineFileFormat = format == .json ? .json : .yaml
                let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: syntax, path: "written")
                #expect(MachineModel(reread) == MachineModel(machine), "\(format) of\n\(document)\nis\n\(text)")
            case .scxml:
                let reread = try SCXMLImporter().read(Array(text.utf8), path: "written.scxml").machine
                #expect(
                    WriterPropertyTests.SCXMLView(reread) == WriterPropertyTests.SCXMLView(machine),
                    "scxml of\n\(document)\nis\n\(text)")
            case .xstate, .pythonStateMachine, .sismic, .mermaid, .plantuml:
                return
            }
        } catch {
            Issue.record("\(format) written is not read back: \(error)\nfrom\n\(document)\nwritten\n\(text)")
        }
    }
}
