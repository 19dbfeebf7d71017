internal import FSMCore

/// Writes the Mermaid and PlantUML state diagrams, which share their structure: nested
/// `state X { }` blocks, `--` between parallel regions, `[*]` for start and end, and
/// `A --> B : label` transitions. The dialect decides the spelling.
struct DiagramWriter {
    enum Dialect {
        case mermaid
        case plantUML
    }

    let machine: Machine
    let dialect: Dialect
    private var ids: DiagramIdentifiers
    private var out = ""
    private var warnings: [String] = []
    /// Links from initial pseudo-states to deeper states, written with the transitions: in a
    /// composite block, naming a state declared in a nested block would move it there.
    private var deferredLinks: [String] = []

    init(machine: Machine, dialect: Dialect) {
        self.machine = machine
        self.dialect = dialect
        let states = machine.states.map(\.id)
        ids =
            dialect == .mermaid
            ? MermaidExporter.identifiers(states) : DiagramIdentifiers(states, reserved: PlantUMLExporter.reserved)
    }

    private func text(_ raw: String) -> String {
        dialect == .mermaid ? MermaidExporter.escaped(raw) : PlantUMLExporter.escaped(raw)
    }

    mutating func write() -> ExportedMachine {
        switch dialect {
        case .mermaid:
            if let name = machine.name {
                out += "---\ntitle: \"\(name.unicodeScalars.map { Self.yamlEscaped($0) }.joined())\"\n---\n"
            }
            out += "stateDiagram-v2\n"
        case .plantUML:
            out += "@startuml\n"
            if let name = machine.name { out += "title \(PlantUMLExporter.title(name))\n" }
            out += "hide empty description\n"
        }
        writeBlock(of: nil, indent: "    ")
        out += "\n"
        out += deferredLinks.joined()
        writeTransitions()
        if dialect == .plantUML { out += "@enduml\n" }
        return ExportedMachine(text: out, warnings: warnings)
    }

    /// The states inside `parent` (the whole diagram for `nil`): declarations, composite
    /// blocks, the start arrow and the arrows from final children to the end.
    private mutating func writeBlock(of parent: StateID?, indent: String) {
        let children = machine.children(of: parent)
        let regions = parent.map { machine.regions(of: $0) } ?? []
        var first = true
        for child in children {
            guard let state = machine.state(child) else { continue }
            if state.pseudoState == .initial { continue }
            if !regions.isEmpty, regions.contains(child) {
                if !first { out += "\(indent)--\n" }
                first = false
            }
            writeState(state, indent: indent)
        }
        if let initial = parent.map({ machine.initialChild(of: $0) }) ?? machine.initialChild(of: nil) {
            writeStart(initial, indent: indent)
        }
        for child in children where machine.state(child)?.kind == .final {
            out += "\(indent)\(ids[child]) --> [*]\n"
        }
    }

    /// `[*] --> child`, or, for an initial pseudo-state entering deeper or several states, a
    /// fork node whose links to them are written with the transitions.
    private mutating func writeStart(_ initial: StateID, indent: String) {
        guard machine.state(initial)?.pseudoState == .initial, let transition = machine.transitions(from: initial).first else {
            out += "\(indent)[*] --> \(ids[initial])\n"
            return
        }
        let label = TransitionText.label(transition, in: machine)
        let suffix = label.isEmpty ? "" : " : \(text(label))"
        let parent = machine.state(initial)?.parent
        if transition.targets.count == 1, machine.state(transition.targets[0])?.parent == parent {
            out += "\(indent)[*] --> \(ids[transition.targets[0]])\(suffix)\n"
            return
        }
        out += "\(indent)state \(ids[initial]) <<fork>>\n"
        out += "\(indent)[*] --> \(ids[initial])\(suffix)\n"
        for target in transition.targets {
            deferredLinks.append("    \(ids[initial]) --> \(self.target(target, from: initial))\n")
        }
    }

    private mutating func writeState(_ state: State, indent: String) {
        let id = ids[state.id]
        var display = state.displayName
        if let pseudo = state.pseudoState { display = TransitionText.historyMark(pseudo) }
        let named = display != id || !ids.keepsName(state.id)
        if machine.isCompound(state.id) {
            out += "\(indent)state \(named ? "\"\(text(display))\" as " : "")\(id) {\n"
            writeBlock(of: state.id, indent: indent + "    ")
            out += "\(indent)}\n"
        } else if named {
            out += "\(indent)state \"\(text(display))\" as \(id)\n"
        } else {
            out += "\(indent)\(dialect == .plantUML ? "state " : "")\(id)\n"
        }
        // Targetless and internal transitions are internal activities, listed with the
        // effects: drawn as edges they would read as self-loops, which exit and re-enter.
        let effects = TransitionText.compartment(state, in: machine)
        guard !effects.isEmpty else { return }
        switch dialect {
        case .mermaid:
            out += "\(indent)note right of \(id)\n"
            for line in effects { out += "\(indent)    \(MermaidExporter.noteLine(line))\n" }
            out += "\(indent)end note\n"
        case .plantUML:
            for line in effects { out += "\(indent)\(id) : \(text(line))\n" }
        }
    }

    private mutating func writeTransitions() {
        var nodes = 0
        for transition in machine.transitions {
            if machine.state(transition.source)?.pseudoState == .initial { continue }
            guard !machine.keepsSourceActive(transition), let first = transition.targets.first else { continue }
            // A choice or fork node is declared at the top level, so its links cross into
            // parallel regions from outside them, and end at the border as any such link does.
            let throughNode = transition.targets.count > 1
            let source = self.target(transition.source, from: throughNode ? nil : first)
            var label = TransitionText.label(transition, in: machine, guards: dialect == .mermaid)
            let crossed = transition.targets.map { self.target($0, from: throughNode ? nil : transition.source) }
            if dialect == .plantUML {
                if source != ids[transition.source] { label = "(from \(transition.source.rawValue)) " + label }
                for (target, shown) in zip(transition.targets, crossed) where shown != ids[target] {
                    label += (label.isEmpty ? "" : " ") + "(to \(target.rawValue))"
                }
            }
            let suffix = label.isEmpty ? "" : " : \(text(label))"
            if transition.targets.count == 1 {
                out += "    \(source) --> \(crossed[0])\(suffix)\n"
            } else {
                nodes += 1
                let kind = machine.entersTogether(transition) ? "fork" : "choice"
                let node = ids.fresh("\(kind)_\(nodes)")
                out += "    state \(node) <<\(kind)>>\n"
                out += "    \(source) --> \(node)\(suffix)\n"
                for target in crossed { out += "    \(node) --> \(target)\n" }
            }
            if dialect == .plantUML, let guardLabel = transition.guardLabel {
                let lines = PlantUMLExporter.noteLines(guardLabel)
                out += "    note on link\n        [" + lines.joined(separator: "\n        ") + "]\n    end note\n"
            }
        }
    }

    /// The identifier to link for `state` in a transition with `other` at its other end (`nil`:
    /// a node outside every state). PlantUML cannot link into a parallel region from outside
    /// it, so there the link ends at the outermost parallel state that `other` is not inside.
    /// A region that is a single state cannot be linked outside its parallel state's block at
    /// all, not even to itself, so its links end at that parallel state too.
    private mutating func target(_ state: StateID, from other: StateID?) -> String {
        guard dialect == .plantUML else { return ids[state] }
        let isSingleStateRegion = !machine.isCompound(state)
        var result = state
        var current = machine.state(state)?.parent
        var child = state
        while let ancestor = current {
            let isOutside = other.map { !isInside($0, child) } ?? true
            if machine.isParallel(ancestor), isOutside || (child == state && isSingleStateRegion) { result = ancestor }
            child = ancestor
            current = machine.state(ancestor)?.parent
        }
        if result != state {
            warnings.append(
                "PlantUML cannot link into a parallel region from outside it: the link between '\(other?.rawValue ?? "a choice or fork")' and '\(state)' is drawn to '\(result)'"
            )
        }
        return ids[result]
    }

    /// Whether `state` is `ancestor` or nested in it.
    private func isInside(_ state: StateID, _ ancestor: StateID) -> Bool {
        var current: StateID? = state
        while let id = current {
            if id == ancestor { return true }
            current = machine.state(id)?.parent
        }
        return false
    }

    /// `scalar` in a YAML double-quoted scalar. Besides control characters, the characters
    /// YAML 1.1 reads as line breaks (NEL, LS, PS), the byte-order mark and the non-characters
    /// U+FFFE and U+FFFF, which YAML does not allow written as they are, are escaped, so that
    /// every YAML reader, whichever version it follows, reads the same title.
    private static func yamlEscaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        // `<` and `>` too: Mermaid sanitizes the whole text as HTML before it reads the front
        // matter, and takes `<javascript:[*]="` for a tag whose quote it rewrites.
        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "<", ">":
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        default: String(scalar)
        }
    }
}
