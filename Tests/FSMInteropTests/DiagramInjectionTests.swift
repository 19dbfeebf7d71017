import FSMCore
import Foundation
import TestSupport
import Testing

@testable import FSMInterop

/// Text from a machine file (a stranger's pull request) must stay text in every diagram
/// language: it can never start a line of its own, a directive, a comment or a block.
@Suite struct DiagramInjectionTests {
    /// Lines that, on a line of their own, make PlantUML read a file, define macros, change
    /// the drawing, start another diagram or comment out what follows; and Mermaid's.
    static let payloads = [
        "x\n!include \(HostileText.includedFile)", "x\n!include \(HostileText.includedFile)\ny",
        "x\n  !include \(HostileText.includedFile)\ny",
        "x\n!define A B", "x\n!theme spacelab", "x\n!pragma layout smetana", "x\n@startuml\nBob -> Alice\n@enduml",
        "x\n' comment", "x\n/' block", "x\r!include \(HostileText.includedFile)", "x\n%%{init: {\"theme\": \"dark\"}}%%",
        "x\nclick a href \"javascript:alert(1)\"", "x\nend note\nstate evil", "x\n}\nstate evil {",
    ]

    /// A machine holding `payload` in every text: name, description, a state's id and label,
    /// entry and exit effects, an event's id and label, a guard and an effect.
    static func machine(_ payload: String) throws -> Machine {
        try Machine(
            name: payload, summary: payload,
            states: [
                State("a", kind: .initial), State(StateID(payload), entryEffects: [payload], exitEffects: [payload]),
                State("b", label: payload),
            ],
            events: [Event("go", label: payload)],
            transitions: [
                Transition(from: "a", on: "go", to: StateID(payload), guard: payload, effects: [payload]),
                Transition(from: StateID(payload), on: EventID(payload), to: "b", guard: payload),
            ])
    }

    /// The writer's own lines that PlantUML treats specially; no other line may start so.
    @Test(arguments: payloads)
    func plantUMLTextNeverStartsADirectiveCommentOrDiagram(payload: String) throws {
        let text = try PlantUMLExporter().write(Self.machine(payload)).text
        #expect(Self.plantUMLSpecialLines(text).isEmpty, "\(Self.plantUMLSpecialLines(text)) in\n\(text)")
    }

    /// The lines of a PlantUML diagram, besides its own `@startuml` and `@enduml`, that
    /// PlantUML reads as more than text: a directive, a comment, the start or end of a
    /// diagram, a line break other than `\n`.
    static func plantUMLSpecialLines(_ text: String) -> [String] {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0.drop { $0 == " " || $0 == "\t" })) }
        guard lines.first == "@startuml", lines.last == "", lines.dropLast().last == "@enduml" else { return ["misplaced @startuml or @enduml"] }
        return lines.dropFirst().dropLast(2).filter { line in
            ["!", "'", "/'", "@", "%"].contains { line.hasPrefix($0) } || line.unicodeScalars.contains { $0 == "\r" }
        }
    }

    /// PlantUML itself draws each machine: the included file's text must not appear, and
    /// every payload is drawn as written. Each payload is also drawn as a guard alone: a
    /// payload in every text makes PlantUML fail before it draws what it included.
    @Test(.enabled(if: DiagramParsers.plantUML != nil || DiagramParsers.required, "PlantUML is not installed; scripts/setup --test installs it"))
    func plantUMLIncludesNoFileAndDrawsEveryPayloadAsWritten() throws {
        try HostileText.writeIncludedFile()
        let guarded = try Self.payloads.map { payload in
            try Machine(
                states: [State("a", kind: .initial), State("b")], transitions: [Transition(from: "a", on: "go", to: "b", guard: payload)])
        }
        let machines = try Self.payloads.map(Self.machine) + guarded
        let texts = try machines.map { try PlantUMLExporter().write($0).text }
        for (text, verdict) in zip(texts, try DiagramParsers.plantUMLSyntax(texts)) {
            #expect(verdict.hasPrefix("STATE"), "\(verdict)\n\(text)")
        }
        for (machine, (text, svg)) in zip(machines, zip(texts, try DiagramParsers.plantUMLSVG(texts))) {
            #expect(!svg.contains(HostileText.includedSecret), "the included file is drawn:\n\(text)")
            let drawn = DiagramPropertyTests.textRuns(svg).map(\.text).joined().unicodeScalars.filter { !$0.properties.isWhitespace }
            for expected in DiagramPropertyTests.plantUMLTexts(machine) {
                let compact = String(String.UnicodeScalarView(expected.unicodeScalars.filter { !$0.properties.isWhitespace }))
                #expect(String(String.UnicodeScalarView(drawn)).contains(compact), "\(expected.debugDescription) is not drawn:\n\(text)")
            }
        }
    }

    /// Mermaid's parser reads each machine as written: no payload adds a node, an edge, a
    /// directive or a click handler.
    @Test(.enabled(if: DiagramParsers.mermaidAvailable || DiagramParsers.required, "Mermaid's parser is not installed; scripts/setup --test installs it"))
    func mermaidReadsEveryPayloadAsText() throws {
        let machines = try Self.payloads.map(Self.machine)
        let texts = try machines.map { try MermaidExporter().write($0).text }
        for (machine, (text, graph)) in zip(machines, zip(texts, try DiagramParsers.mermaid(texts))) {
            let problems = DiagramPropertyTests.mermaidProblems(machine, text: text, graph: graph)
            #expect(problems.isEmpty, "\(problems)\n\(text)")
            let lines = text.split(separator: "\n").map { $0.drop { $0 == " " } }
            #expect(!lines.contains { $0.hasPrefix("%%") || $0.hasPrefix("click") }, "\(text)")
        }
    }
}
