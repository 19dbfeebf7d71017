import FSMCore
import FSMInterop

extension MachineSketch {
    /// The id of the start point drawn when syntax does not show the initial state; a state
    /// enum's case cannot collide with it, since Swift identifiers hold no spaces.
    static let unknownStartID = StateID("start point")

    /// The machine the sketch describes: its rows expanded with Swift's first-match rule, so a
    /// wildcard row adds only the state and event pairs no earlier unguarded row handles, while
    /// an explicit row that an earlier one beats stays, for `shadowed-transition` to report.
    /// - Throws: When the expansion exceeds `limits`, or the machine does not validate.
    func machine(path: String, limits: InputLimits) throws(MachineFileError) -> ImportedMachine {
        var states = stateEnum.cases.map { enumCase in
            State(
                StateID(enumCase.name), label: tree.stateLabels[enumCase.name] ?? label(of: enumCase),
                kind: tree.initialChildren.contains(enumCase.name) ? .initial : tree.finalStates.contains(enumCase.name) ? .final : .normal,
                parent: tree.parents[enumCase.name].map { StateID($0) }, location: enumCase.location)
        }
        var transitions: [Transition] = []
        var warnings = self.warnings
        switch start {
        case .state(let name, let location):
            if let index = states.firstIndex(where: { $0.id.rawValue == name }) {
                states[index].kind = StateKind.initial
            } else {
                warnings.append(
                    Diagnostic.warning(
                        path: location.file ?? path, location: location.droppingFile,
                        message: "the initial state '\(name)' is not a case of \(stateEnum.qualifiedName)"))
                addUnknownStart(&states, &transitions, expression: name, location: location)
            }
        case .computed(let expression, let location):
            addUnknownStart(&states, &transitions, expression: expression, location: location)
            warnings.append(
                Diagnostic.warning(
                    path: location.file ?? path, location: location.droppingFile,
                    message: "\(name) starts in '\(expression)', which syntax cannot resolve to one state; lint takes it as any state"))
        case .unknown:
            addUnknownStart(&states, &transitions, expression: "not set in the source", location: location)
        }
        transitions += try expandedTransitions(path: path, limits: limits)
        do {
            let machine = try Machine(
                name: name, states: states, events: events.map { Event(EventID($0.name), label: tree.eventLabels[$0.name], location: $0.location) },
                transitions: transitions)
            return ImportedMachine(machine: machine, warnings: warnings, semantics: MachineSemantics(source: .swift, unreadChanges: unreadChanges))
        } catch {
            throw MachineFileError(path: location.file ?? path, location: location, message: "\(name): \(error)")
        }
    }

    private func label(of enumCase: EnumCatalog.Case) -> String? {
        enumCase.hasAssociatedValues ? "\(enumCase.name)(…)" : nil
    }

    /// A start point whose automatic transition may enter any state: the machine starts where
    /// code outside the syntax says, and analyses must not call any state unreachable for it.
    private func addUnknownStart(
        _ states: inout [State], _ transitions: inout [Transition], expression: String, location: SourceLocation
    ) {
        states.insert(State(Self.unknownStartID, kind: StateKind.initial, pseudoState: PseudoState.initial, location: location), at: 0)
        transitions.append(
            Transition(
                from: Self.unknownStartID, on: nil, to: stateEnum.cases.map { StateID($0.name) }, location: location,
                computedTarget: expression))
    }

    private func expandedTransitions(path: String, limits: InputLimits) throws(MachineFileError) -> [Transition] {
        let allStates = stateEnum.cases.map(\.name)
        let allEvents = events.map(\.name)
        var handled: Set<[String]> = []
        var transitions: [Transition] = []
        let maximum = limits.transitions ?? .max
        for row in rows {
            let explicit = row.sources != nil && row.events != nil
            for source in row.sources ?? allStates {
                for event in row.eventless ? [nil] : (row.events ?? allEvents).map(Optional.some) {
                    let pair = [source, event ?? ""]
                    if !explicit, handled.contains(pair) { continue }
                    if row.guardLabel == nil { handled.insert(pair) }
                    // A row that stays but runs effects is a transition that changes no state.
                    let moves: (targets: [String], computed: String?)
                    switch row.outcome {
                    case .moves(let targets, let computed): moves = (targets, computed)
                    case .stays where explicit && !row.effects.isEmpty: moves = ([], nil)
                    case .stays, .refuses: continue
                    }
                    let (targets, computed) = moves
                    transitions.append(
                        Transition(
                            from: StateID(source), on: event.map { EventID($0) }, to: targets.map { StateID($0) },
                            guard: row.guardLabel, effects: row.effects, location: row.location,
                            computedTarget: computed))
                    if transitions.count > maximum {
                        throw MachineFileError(
                            path: location.file ?? path, location: row.location,
                            message: "\(name) has more than \(maximum) transitions, the limit")
                    }
                }
            }
        }
        return transitions
    }
}
