internal import FSMCore

/// One SCXML document being written.
struct SCXMLWriter {
    let machine: Machine
    private var out = ""
    private var warnings: [String] = []
    /// The transitions leaving each state, as (first index, indices) groups written as one
    /// element.
    private var groups: [StateID: [[Int]]] = [:]
    /// The smallest transition index in each state's subtree, for ordering siblings.
    private var firstIndex: [StateID: Int] = [:]

    init(machine: Machine) {
        self.machine = machine
    }

    mutating func write() throws(Diagnostic) -> ExportedMachine {
        try checkNames()
        groupTransitions()
        out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        if let summary = machine.summary {
            out += "<!-- \(Self.commentText(summary)) -->\n"
            warnings.append("the machine's description is written as an XML comment, which is not read back")
        }
        var attributes = [
            ("xmlns", SCXMLNamespaces.scxml), ("xmlns:fsmviz", SCXMLNamespaces.fsmviz), ("version", "1.0"),
        ]
        if let name = machine.name { attributes.append(("name", name)) }
        if let initial = machine.state(machine.initialState) {
            if initial.pseudoState == .initial, let transition = machine.transitions(from: initial.id).first {
                attributes.append(("initial", transition.targets.map(\.rawValue).joined(separator: " ")))
                if !transition.effects.isEmpty {
                    warnings.append("the effects of the machine's initial transition are dropped: <scxml> has no <initial> element")
                }
            } else {
                attributes.append(("initial", initial.id.rawValue))
            }
        }
        out += "<scxml\(try Self.checkedAttributes(attributes))>\n"
        try writeContent(of: nil, indent: "  ")
        out += "</scxml>\n"
        noteLosses()
        return ExportedMachine(text: out, warnings: warnings)
    }

    /// `text` as an XML comment may hold it: no `--` and no trailing `-`, so dashes next to
    /// each other are spaced apart; control characters XML cannot carry at all (a comment has
    /// no character references) become their Unicode pictures (U+0000 as U+2400 `␀`), and
    /// U+FFFE and U+FFFF the replacement character. The comment is not read back, so this
    /// loses nothing the model keeps.
    static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: result.unicodeScalars.append(scalar)
            case 0x00...0x1F: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0xFFFE, 0xFFFF: result.unicodeScalars.append("\u{FFFD}")
            case 0x2D where result.unicodeScalars.last == "-": result += " -"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result.unicodeScalars.last == "-" ? result + " " : result
    }

    /// State and event ids go in space-separated lists, so they cannot hold the white space
    /// that separates items there. Events no transition uses are not written, so their ids
    /// do not matter.
    private func checkNames() throws(Diagnostic) {
        for state in machine.states where state.id.rawValue.unicodeScalars.contains(where: SCXMLList.isSeparator) {
            throw .exportError(
                format: "SCXML",
                reason:
                    "state id '\(state.id)' contains white space, which SCXML's space-separated target lists cannot hold; give the state an id without it and a label"
            )
        }
        for event in machine.transitions.compactMap(\.event) where event.rawValue.unicodeScalars.contains(where: SCXMLList.isSeparator) {
            throw .exportError(
                format: "SCXML",
                reason: "event '\(event)' contains white space, which SCXML's space-separated event lists cannot hold")
        }
    }

    private mutating func groupTransitions() {
        for (index, transition) in machine.transitions.enumerated() {
            if let last = groups[transition.source]?.last, let previous = last.last, previous == index - 1,
                Self.sameButEvent(machine.transitions[previous], transition)
            {
                groups[transition.source, default: []][groups[transition.source, default: []].count - 1].append(index)
            } else {
                groups[transition.source, default: []].append([index])
            }
            var current: StateID? = transition.source
            while let id = current, firstIndex[id] == nil {
                firstIndex[id] = index
                current = machine.state(id)?.parent
            }
        }
    }

    private static func sameButEvent(_ lhs: Transition, _ rhs: Transition) -> Bool {
        lhs.event != nil && rhs.event != nil && lhs.event != rhs.event && lhs.targets == rhs.targets
            && lhs.guardLabel == rhs.guardLabel && lhs.effects == rhs.effects && lhs.kind == rhs.kind
    }

    /// The transitions and child states inside `parent` (the document for `nil`), merged so
    /// that the transitions read back in the machine's order.
    private mutating func writeContent(of parent: StateID?, indent: String) throws(Diagnostic) {
        var own = parent.map { groups[$0] ?? [] } ?? []
        var children = machine.children(of: parent).filter { machine.state($0)?.pseudoState != .initial }
        if let parent, let state = machine.state(parent), !state.isParallel,
            let initial = machine.initialChild(of: parent), machine.state(initial)?.pseudoState == .initial,
            let transition = machine.transitions(from: initial).first
        {
            out += "\(indent)<initial>\n"
            try writeTransition([transition], indent: indent + "  ")
            out += "\(indent)</initial>\n"
        }
        while !own.isEmpty || !children.isEmpty {
            let nextOwn = own.first.map { $0[0] } ?? .max
            if let child = children.first, (firstIndex[child] ?? -1) < nextOwn {
                children.removeFirst()
                try writeState(child, indent: indent)
            } else {
                let group = own.removeFirst()
                try writeTransition(group.map { machine.transitions[$0] }, indent: indent)
            }
        }
    }

    private mutating func writeState(_ id: StateID, indent: String) throws(Diagnostic) {
        guard let state = machine.state(id) else { return }
        let element: String
        var attributes = [("id", id.rawValue)]
        switch (state.pseudoState, state.kind, state.isParallel) {
        case (.history?, _, _), (.deepHistory?, _, _):
            element = "history"
            attributes.append(("type", state.pseudoState == .deepHistory ? "deep" : "shallow"))
        case (_, .final, _): element = "final"
        case (_, _, true): element = "parallel"
        default: element = "state"
        }
        if element == "state", machine.isCompound(id) {
            if let initial = machine.initialChild(of: id) {
                if machine.state(initial)?.pseudoState != .initial { attributes.append(("initial", initial.rawValue)) }
            } else if let first = machine.children(of: id).first(where: { machine.state($0)?.pseudoState == nil }) {
                warnings.append("compound state '\(id)' has no initial child; SCXML enters its first child, '\(first)'")
            }
        }
        if let label = state.label { attributes.append(("fsmviz:label", label)) }
        let hasContent =
            !state.entryEffects.isEmpty || !state.exitEffects.isEmpty || machine.isCompound(id)
            || !(groups[id] ?? []).isEmpty
        guard hasContent else {
            out += "\(indent)<\(element)\(try Self.checkedAttributes(attributes))/>\n"
            return
        }
        out += "\(indent)<\(element)\(try Self.checkedAttributes(attributes))>\n"
        for (tag, effects) in [("onentry", state.entryEffects), ("onexit", state.exitEffects)] where !effects.isEmpty {
            out += "\(indent)  <\(tag)>\n"
            for effect in effects { out += "\(indent)    <fsmviz:effect>\(try Self.escaped(effect, inAttribute: false))</fsmviz:effect>\n" }
            out += "\(indent)  </\(tag)>\n"
        }
        try writeContent(of: id, indent: indent + "  ")
        out += "\(indent)</\(element)>\n"
    }

    /// One `<transition>` for a group of transitions that differ only in their event.
    private mutating func writeTransition(_ group: [Transition], indent: String) throws(Diagnostic) {
        guard let transition = group.first else { return }
        var attributes: [(String, String)] = []
        let events = group.compactMap(\.event).map(\.rawValue)
        if !events.isEmpty { attributes.append(("event", events.joined(separator: " "))) }
        if let guardLabel = transition.guardLabel { attributes.append(("cond", guardLabel)) }
        // SCXML's targetless transition is one without the attribute (an empty one is invalid).
        if !transition.isTargetless {
            attributes.append(("target", transition.targets.map(\.rawValue).joined(separator: " ")))
        }
        if transition.kind == .internal { attributes.append(("type", "internal")) }
        if transition.targets.count > 1, !machine.entersTogether(transition) {
            warnings.append(
                "transition \(transition.source) --\(transition.event?.rawValue ?? "(automatic)")--> "
                    + "\(transition.targets.map(\.rawValue).joined(separator: " | ")) picks one target at run time; "
                    + "SCXML enters every target of a transition, so engines will reject or misread it")
        }
        guard !transition.effects.isEmpty else {
            out += "\(indent)<transition\(try Self.checkedAttributes(attributes))/>\n"
            return
        }
        out += "\(indent)<transition\(try Self.checkedAttributes(attributes))>\n"
        for effect in transition.effects {
            out += "\(indent)  <fsmviz:effect>\(try Self.escaped(effect, inAttribute: false))</fsmviz:effect>\n"
        }
        out += "\(indent)</transition>\n"
    }

    /// What SCXML has no place for, said once each.
    private mutating func noteLosses() {
        let used = Set(machine.transitions.compactMap(\.event))
        let unused = machine.events.filter { !used.contains($0.id) }.map { "'\($0.id)'" }
        if !unused.isEmpty {
            warnings.append("events no transition uses (\(unused.joined(separator: ", "))) are dropped: SCXML does not declare events")
        }
        if machine.events.contains(where: { $0.label != nil }) {
            warnings.append("event labels are dropped: SCXML has no place for them")
        }
        if !machine.suppressions.isEmpty {
            warnings.append("the machine's lint suppressions are dropped: SCXML has no place for them")
        }
    }

    private static func checkedAttributes(_ pairs: [(String, String)]) throws(Diagnostic) -> String {
        var text = ""
        for (name, value) in pairs { text += " \(name)=\"\(try escaped(value, inAttribute: true))\"" }
        return text
    }

    /// `text` escaped for XML; control characters XML 1.0 cannot carry at all are an error.
    static func escaped(_ text: String, inAttribute: Bool) throws(Diagnostic) -> String {
        if let scalar = text.unicodeScalars.first(where: { !XMLText.canCarry($0) }) {
            throw .exportError(
                format: "SCXML",
                reason:
                    "the text \(text.debugDescription) holds control character U+\(String(scalar.value, radix: 16, uppercase: true)), which XML cannot carry")
        }
        return XMLText.escaped(text, inAttribute: inAttribute)
    }
}
