internal import FSMAnalysis
internal import FSMDOT
internal import FSMCore

/// The machine as the HTML viewer's script reads it: a JSON document that names states by
/// their SVG element ids (docs/diagrams.md) and transitions by their numbers, so the script
/// finds what to highlight with `getElementById` and the `data-transition` attributes.
///
/// It is written for a `<script type="application/json">` element: besides JSON's own
/// escapes, every `<`, `>` and `&` is written as `\u003c`, `\u003e`, `\u0026`, so no state
/// name can close the element (`</script>`) or open a comment (`<!--`), and U+2028 and U+2029
/// are escaped too, and so is U+FEFF.
struct HTMLViewerData {
    let machine: Machine
    let findings: [Finding]

    /// The document, its object keys in a fixed order.
    var json: String {
        let states = machine.states.map { state in
            object([
                ("element", quoted(DiagramElementID.state(state.id))),
                ("id", quoted(state.id.rawValue)),
                ("label", quoted(state.displayName)),
                ("parent", state.parent.map { quoted(DiagramElementID.state($0)) } ?? "null"),
                ("at", place(state.location)),
            ])
        }
        let transitions = machine.transitions.map { transition in
            object([
                ("source", quoted(DiagramElementID.state(transition.source))),
                ("targets", array(transition.targets.map { quoted(DiagramElementID.state($0)) })),
                ("event", transition.event.map { quoted(machine.event($0)?.displayName ?? $0.rawValue) } ?? "null"),
                ("guard", transition.guardLabel.map(quoted) ?? "null"),
                ("effects", array(transition.effects.map(quoted))),
                ("text", quoted(DiagramText.transition(transition, in: machine))),
                ("computed", transition.computedTarget.map(quoted) ?? "null"),
                ("at", place(transition.location)),
            ])
        }
        let findings = findings.map { finding in
            let (path, pathTransitions) = witnessPath(finding.witness)
            return object([
                ("rule", quoted(finding.ruleID)),
                ("severity", quoted(finding.severity.rawValue)),
                ("message", quoted(finding.message)),
                ("states", array(finding.states.map { quoted(DiagramElementID.state($0)) })),
                ("path", array(path.map { quoted(DiagramElementID.state($0)) })),
                ("transitions", array(pathTransitions.map { String($0) })),
                ("witness", finding.witness.map { quoted($0.summary) } ?? "null"),
            ])
        }
        let document = object([
            ("name", machine.name.map(quoted) ?? "null"),
            ("states", array(states)),
            ("transitions", array(transitions)),
            ("findings", array(findings)),
        ])
        var safe = ""
        safe.reserveCapacity(document.utf8.count)
        // Outside strings JSON has none of these characters, so escaping them everywhere is
        // escaping them inside strings.
        for scalar in document.unicodeScalars {
            switch scalar {
            case "<": safe += "\\u003c"
            case ">": safe += "\\u003e"
            case "&": safe += "\\u0026"
            // Invisible, and dropped from the start of a string by some JSON readers
            // (Foundation's among them), so spelled out.
            case "\u{FEFF}": safe += "\\ufeff"
            default: safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    /// The states a witness passes through and the numbers of the transitions it takes: each
    /// step of a path is the transition on its event (or eventless) whose source is the state
    /// before or one of its ancestors and whose targets include the state after; the clashing
    /// transitions of a `.transitions` witness are found by what they declare.
    private func witnessPath(_ witness: Witness?) -> (states: [StateID], transitions: [Int]) {
        switch witness {
        case .none:
            return ([], [])
        case .transitions(let references):
            let numbers = machine.transitions.indices.filter { references.contains(TransitionReference(machine.transitions[$0])) }
            return (numbers.flatMap { [machine.transitions[$0].source] + machine.transitions[$0].targets }, numbers)
        case .path(let steps):
            var numbers: [Int] = []
            for (before, step) in zip(steps, steps.dropFirst()) {
                let event: EventID?
                switch step.via {
                case .event(let id): event = id
                case .automatic: event = nil
                case .initialChild, .none: continue
                }
                let taken = machine.transitions.indices.first { number in
                    let transition = machine.transitions[number]
                    return transition.event == event && transition.targets.contains(step.state)
                        && (transition.source == before.state || machine.isDescendant(before.state, of: transition.source))
                }
                if let taken { numbers.append(taken) }
            }
            return (steps.map(\.state), numbers)
        }
    }

    private func quoted(_ text: String) -> String { JSONText.quoted(text) }

    /// `file:line:column` for an element read from source code, which names its file; `null`
    /// otherwise, since a machine file's positions are of the file the page was made from.
    private func place(_ location: SourceLocation?) -> String {
        guard let location, let file = location.file else { return "null" }
        return quoted("\(file):\(location.line):\(location.column)")
    }

    private func array(_ elements: [String]) -> String { "[" + elements.joined(separator: ",") + "]" }

    private func object(_ members: [(String, String)]) -> String {
        "{" + members.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
