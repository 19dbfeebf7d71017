import FSMCore
import Foundation
import PropertyBased
import TestSupport
import Testing
import Yams

@testable import FSMInterop

/// The Mermaid and PlantUML writers on hundreds of random machines whose texts are all
/// hostile (``HostileMachine``), checked by the languages' own parsers, each run once on the
/// whole batch (``DiagramParsers``). The batch comes from a random seed that every failure
/// names; `FSMVIZ_DIAGRAM_SEED=<seed>` draws the same machines again.
@Suite struct DiagramPropertyTests {
    static let seedVariable = "FSMVIZ_DIAGRAM_SEED"

    /// `count` hostile machines and the seed they come from.
    static func batch(_ count: Int) -> (seed: String, machines: [Machine]) {
        var generator = ProcessInfo.processInfo.environment[seedVariable].flatMap(Xoshiro.init(seed:)) ?? Xoshiro()
        let seed = generator.currentSeed
        return (seed, (0..<count).map { _ in HostileMachine.machines.run(using: &generator) })
    }

    // MARK: - Mermaid

    @Test(.enabled(if: DiagramParsers.mermaidAvailable || DiagramParsers.required, "Mermaid's parser is not installed; scripts/setup --test installs it"))
    func mermaidReadsEveryHostileMachineAsWritten() throws {
        let (seed, machines) = Self.batch(TestScale.count(500))
        let texts = try machines.map { try MermaidExporter().write($0).text }
        let graphs = try DiagramParsers.mermaid(texts)
        for (machine, (text, graph)) in zip(machines, zip(texts, graphs)) {
            let problems = Self.mermaidProblems(machine, text: text, graph: graph)
            if !problems.isEmpty {
                Issue.record("\(problems.joined(separator: "\n"))\n\(text)\n(\(Self.seedVariable)=\(seed))")
            }
        }
    }

    /// Found by the property above: Mermaid names the start of a composite state `X`
    /// `X_start`, so a state with that id was taken into `X`.
    @Test(.enabled(if: DiagramParsers.mermaidAvailable || DiagramParsers.required, "Mermaid's parser is not installed; scripts/setup --test installs it"))
    func statesNamedLikeMermaidsStartAndEndNodesStayWhereTheyAre() throws {
        let machine = try Machine(
            states: [
                State("game", kind: .initial), State("inner", kind: .initial, parent: "game"), State("game_start"),
                State("game_end", kind: .final), State("root_start"),
            ],
            transitions: [Transition(from: "game_start", on: "go", to: "game_end")])
        let text = try MermaidExporter().write(machine).text
        let graph = try #require(try DiagramParsers.mermaid([text]).first)
        #expect(Self.mermaidProblems(machine, text: text, graph: graph).isEmpty, "\(Self.mermaidProblems(machine, text: text, graph: graph))\n\(text)")
    }

    /// How the parsed diagram differs from `machine`: every state a node with its name as
    /// label, in its parent; every transition an edge (through a choice or fork node for
    /// several targets) with its label, except targetless and internal ones, which are lines
    /// in their state's note with its effects; the title.
    static func mermaidProblems(_ machine: Machine, text: String, graph: DiagramParsers.MermaidGraph) -> [String] {
        if let error = graph.error { return ["rejected: \(error)"] }
        var problems: [String] = []
        let decoded = DiagramParsers.decodedMermaid
        let nodes = Dictionary(graph.nodes.map { ($0.id, $0) }) { first, _ in first }
        let ids = MermaidExporter.identifiers(machine.states.map(\.id))
        for state in machine.states {
            let id = ids[state.id]
            guard let node = nodes[id] else {
                problems.append("no node \(id) for state \(state.id.rawValue.debugDescription)")
                continue
            }
            // Mermaid has no empty label: an empty name is a zero-width space.
            if decoded(node.label) != (state.displayName.isEmpty ? "\u{200B}" : state.displayName) {
                problems.append("state \(state.id.rawValue.debugDescription) reads as \(decoded(node.label).debugDescription)")
            }
            // The composite a node sits in, looking through the dividers between regions.
            var parent = node.parentId
            while let candidate = parent, nodes[candidate]?.shape == "divider" { parent = nodes[candidate]?.parentId }
            if parent != state.parent.map({ ids[$0] }) {
                problems.append("state \(state.id.rawValue.debugDescription) is in \(node.parentId ?? "nothing")")
            }
            let effects = TransitionText.compartment(state, in: machine)
            guard !effects.isEmpty else { continue }
            let note = graph.nodes.first { $0.shape == "note" && $0.id.hasPrefix("\(id)----note") }
            // The note's own line breaks come with the block's indentation.
            let lines = note?.label.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.drop { $0 == " " } }.joined(separator: "\n")
            if lines.map(decoded) != effects.joined(separator: "\n") {
                problems.append("effects of \(state.id.rawValue.debugDescription) read as \(lines.map(decoded).debugDescription)")
            }
        }
        let edges = Set(graph.edges.map { DiagramParsers.MermaidGraph.Edge(start: $0.start, end: $0.end, label: decoded($0.label)) })
        for transition in machine.transitions {
            let label = TransitionText.label(transition, in: machine)
            let source = ids[transition.source]
            // Listed in its state's note, checked above.
            if machine.keepsSourceActive(transition) { continue }
            if transition.targets.count == 1 {
                let edge = DiagramParsers.MermaidGraph.Edge(start: source, end: ids[transition.targets[0]], label: label)
                if !edges.contains(edge) { problems.append("no edge \(edge)") }
                continue
            }
            let entersAll = edges.contains { edge in
                edge.start == source && edge.label == label
                    && transition.targets.allSatisfy { edges.contains(.init(start: edge.end, end: ids[$0], label: "")) }
            }
            if !entersAll { problems.append("no choice of \(transition.targets) from \(source) labelled \(label.debugDescription)") }
        }
        // Yams, unlike Mermaid's YAML reader, drops a U+FEFF that starts a text (it builds its
        // strings with Foundation, which takes one for a byte-order mark), so that one is not
        // asked of it.
        if title(of: text) != machine.name.map({ String($0.trimmingPrefix("\u{FEFF}")) }) {
            problems.append("title reads as \(title(of: text).debugDescription)")
        }
        return problems
    }

    // MARK: - PlantUML

    @Test(.enabled(if: DiagramParsers.plantUML != nil || DiagramParsers.required, "PlantUML is not installed; scripts/setup --test installs it"))
    func plantUMLAcceptsEveryHostileMachine() throws {
        let (seed, machines) = Self.batch(TestScale.count(300))
        let texts = try machines.map { try PlantUMLExporter().write($0).text }
        for (text, verdict) in zip(texts, try DiagramParsers.plantUMLSyntax(texts)) {
            if !verdict.hasPrefix("STATE") { Issue.record("\(verdict)\n\(text)\n(\(Self.seedVariable)=\(seed))") }
            let special = DiagramInjectionTests.plantUMLSpecialLines(text)
            if !special.isEmpty { Issue.record("lines read as more than text: \(special)\n\(text)\n(\(Self.seedVariable)=\(seed))") }
        }
    }

    /// PlantUML's syntax check says nothing of what it draws: its creole markup (`**bold**`,
    /// `--struck--`, `[[links]]`) and its entity decoding run only when it draws. So a smaller
    /// batch is drawn, and every text must appear in the SVG as written, in plain type.
    @Test(.enabled(if: DiagramParsers.plantUML != nil || DiagramParsers.required, "PlantUML is not installed; scripts/setup --test installs it"))
    func plantUMLDrawsEveryHostileTextAsWritten() throws {
        let (seed, machines) = Self.batch(TestScale.count(40))
        try HostileText.writeIncludedFile()
        let texts = try machines.map { try PlantUMLExporter().write($0).text }
        for (machine, (text, svg)) in zip(machines, zip(texts, try DiagramParsers.plantUMLSVG(texts))) {
            let runs = Self.textRuns(svg)
            var problems = runs.filter(\.styled).map { "styled text \($0.text.debugDescription)" }
            if svg.contains(HostileText.includedSecret) { problems.append("\(HostileText.includedFile) is drawn") }
            // Compared by scalars without white space: PlantUML breaks lines and trims them,
            // and a combining mark at the start of one text joins the end of the one before.
            let drawn = Array(runs.map(\.text).joined().unicodeScalars.filter { !$0.properties.isWhitespace })
            for expected in Self.plantUMLTexts(machine) {
                let compact = Array(expected.unicodeScalars.filter { !$0.properties.isWhitespace })
                let found =
                    compact.isEmpty
                    || drawn.indices.contains { start in
                        drawn[start...].starts(with: compact)
                    }
                if !found { problems.append("\(expected.debugDescription) is not drawn") }
            }
            guard !problems.isEmpty else { continue }
            let report =
                "\(problems.joined(separator: "\n"))\ndrawn: \(String(String.UnicodeScalarView(drawn)).debugDescription)\n\(text)\n(\(Self.seedVariable)=\(seed))"
            // Known and not yet fixed: PlantUML draws the text after a U+0085 (NEL) on a line of
            // its own, where a following `/'` opens one of its block comments and hides the rest.
            if Self.plantUMLTexts(machine).contains(where: { $0.unicodeScalars.contains("\u{85}") }) {
                withKnownIssue("PlantUML breaks a line at U+0085") { Issue.record(Comment(rawValue: report)) }
            } else if try DiagramParsers.plantUMLLayoutLosesAnEdge(text) {
                // Not the text: Graphviz (2.43 here) cannot route one of the edges of the graph
                // PlantUML lays out, and PlantUML then draws neither the edge nor its label.
                withKnownIssue("Graphviz loses an edge in PlantUML's layout") { Issue.record(Comment(rawValue: report)) }
            } else {
                Issue.record(Comment(rawValue: report))
            }
        }
    }

    /// Every text PlantUML should draw for `machine`, as docs/interop.md says it draws them:
    /// an empty label as a zero-width space, U+0000 as its picture `␀`.
    static func plantUMLTexts(_ machine: Machine) -> [String] {
        func pictured(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{2400}" : $0 }))
        }
        func shown(_ text: String) -> String { text.isEmpty ? "\u{200B}" : pictured(text) }
        var texts = machine.name.map { [shown($0)] } ?? []
        for state in machine.states {
            texts.append(state.pseudoState.map(TransitionText.historyMark) ?? shown(state.displayName))
            texts += TransitionText.compartment(state, in: machine).map(shown)
        }
        for transition in machine.transitions where !machine.keepsSourceActive(transition) {
            let label = TransitionText.label(transition, in: machine, guards: false)
            if !label.isEmpty { texts.append(shown(label)) }
            if let guardLabel = transition.guardLabel { texts.append("[\(pictured(guardLabel))]") }
        }
        return texts
    }

    /// The `<text>` elements of an SVG in order, with their entities decoded, and whether
    /// each is set in bold, italics or with a line. Read by scalars: a combining mark or a
    /// zero-width joiner after `>` or `;` would hide it from a search by characters.
    static func textRuns(_ svg: String) -> [(text: String, styled: Bool)] {
        let scalars = Array(svg.unicodeScalars)
        func find(_ pattern: String, from start: Int) -> Int? {
            let needle = Array(pattern.unicodeScalars)
            guard needle.count <= scalars.count else { return nil }
            var index = start
            while index + needle.count <= scalars.count {
                if scalars[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        var runs: [(text: String, styled: Bool)] = []
        var position = 0
        while let open = find("<text", from: position), let close = find(">", from: open) {
            // An empty element, `<text .../>`, draws nothing.
            guard scalars[close - 1] != "/" else {
                position = close
                continue
            }
            guard let end = find("</text>", from: close) else { break }
            let attributes = text(open..<close)
            let styled = ["font-weight", "font-style", "text-decoration"].contains { attributes.contains($0) }
            runs.append((xmlDecoded(text(close + 1..<end)), styled))
            position = end
        }
        return runs
    }

    /// XML text with its character and entity references replaced.
    static func xmlDecoded(_ text: String) -> String {
        let named: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        var result = String.UnicodeScalarView()
        var pending: String.UnicodeScalarView?
        for scalar in text.unicodeScalars {
            guard var reference = pending else {
                if scalar == "&" { pending = String.UnicodeScalarView() } else { result.append(scalar) }
                continue
            }
            guard scalar == ";" else {
                reference.append(scalar)
                pending = reference
                continue
            }
            let name = String(reference)
            if let value = named[name] {
                result.append(value)
            } else if let code = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil,
                let value = Unicode.Scalar(code)
            {
                result.append(value)
            } else {
                result.append(contentsOf: "&\(name);".unicodeScalars)
            }
            pending = nil
        }
        if let pending { result.append(contentsOf: "&".unicodeScalars + pending) }
        return String(result)
    }

    /// The `title` of a diagram's front matter, read by a YAML parser as Mermaid reads it.
    static func title(of text: String) -> String? {
        guard text.hasPrefix("---\n"), let end = text.range(of: "\n---\n") else { return nil }
        let header = try? Yams.load(yaml: String(text[text.index(text.startIndex, offsetBy: 4)..<end.lowerBound]))
        return (header as? [String: Any])?["title"] as? String
    }
}
