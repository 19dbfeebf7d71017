internal import FSMAnalysis
internal import FSMCore
internal import FSMDOT

/// The machine as the HTML viewer's script reads it: a JSON document that names states by
/// their SVG element ids (docs/diagrams.md) and transitions by their numbers, so the script
/// finds what to highlight with `getElementById` and the `data-transition` attributes.
///
/// It is written for a `<script type="application/json">` element (``JSONValue/Layout/script``).
struct HTMLViewerData {
    let machine: Machine
    let findings: [Finding]

    /// The document, its object keys in a fixed order.
    var json: String {
        let states: [JSONValue] = machine.states.map { state in
            .ordered([
                ("element", element(state.id)),
                ("id", .string(state.id.rawValue)),
                ("label", .string(state.displayName)),
                ("parent", state.parent.map(element) ?? .null),
                ("at", place(state.location)),
            ])
        }
        let transitions: [JSONValue] = machine.transitions.map { transition in
            .ordered([
                ("source", element(transition.source)),
                ("targets", .array(transition.targets.map(element))),
                ("event", .nullable(transition.event.map { machine.event($0)?.displayName ?? $0.rawValue })),
                ("guard", .nullable(transition.guardLabel)),
                ("effects", .array(transition.effects.map(JSONValue.string))),
                ("text", .string(DiagramText.transition(transition, in: machine))),
                ("computed", .nullable(transition.computedTarget)),
                ("at", place(transition.location)),
            ])
        }
        let findings: [JSONValue] = findings.map { finding in
            let (path, pathTransitions) = witnessPath(finding.witness)
            return .ordered([
                ("rule", .string(finding.ruleID)),
                ("severity", .string(finding.severity.rawValue)),
                ("message", .string(finding.message)),
                ("states", .array(finding.states.map(element))),
                ("path", .array(path.map(element))),
                ("transitions", .array(pathTransitions.map(JSONValue.int))),
                ("witness", .nullable(finding.witness?.summary)),
            ])
        }
        return JSONValue.ordered([
            ("name", .nullable(machine.name)),
            ("states", .array(states)),
            ("transitions", .array(transitions)),
            ("findings", .array(findings)),
        ]).text(.script)
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

    /// A state named by its SVG element id.
    private func element(_ state: StateID) -> JSONValue { .string(DiagramElementID.state(state)) }

    /// `file:line:column` for an element read from source code, which names its file; `null`
    /// otherwise, since a machine file's positions are of the file the page was made from.
    private func place(_ location: SourceLocation?) -> JSONValue {
        guard let location, let file = location.file else { return .null }
        return .string("\(file):\(location.line):\(location.column)")
    }
}
