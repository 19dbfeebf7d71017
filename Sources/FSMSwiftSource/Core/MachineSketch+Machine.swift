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
        let finalStates = tree.finalStates
        var states = stateEnum.cases.map { enumCase in
            State(
                StateID(enumCase.name), label: tree.stateLabels[enumCase.name] ?? label(of: enumCase),
                kind: tree.initialChildren.contains(enumCase.name) ? .initial : finalStates.contains(enumCase.name) ? .final : .normal,
                parent: tree.parents[enumCase.name].map { StateID($0) }, location: enumCase.location)
        }
        var transitions: [Transition] = []
        var warnings = self.warnings
        switch start {
        case .state(let written, let location):
            let name = stateEnum.caseName(written) ?? written
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
            warnings += startOnlyStates(path: path, because: "it starts in '\(expression)'")
        case .unknown:
            addUnknownStart(&states, &transitions, expression: "not set in the source", location: location)
            warnings += startOnlyStates(path: path, because: "the source does not show where it starts")
        }
        transitions += try expandedTransitions(path: path, limits: limits)
        do {
            // A state the code ends in by design is no forgotten way out; it is still no final
            // state, which other rules would take for a goal every run must be able to reach.
            let suppressions =
                terminalByDesign.sorted().map { Suppression(ruleID: "dead-end", state: StateID($0)) }
                + stateEnum.disabled.flatMap { $0.suppressions(of: nil) }
                + stateEnum.cases.flatMap { enumCase in enumCase.disabled.flatMap { $0.suppressions(of: enumCase.name) } }
            let machine = try Machine(
                name: name, states: states, events: events.map { Event(EventID($0.name), label: tree.eventLabels[$0.name], location: $0.location) },
                transitions: transitions, suppressions: suppressions)
            return ImportedMachine(
                machine: machine, warnings: warnings, semantics: MachineSemantics(source: .swift, unreadChanges: unreadChanges),
                stateType: stateEnum.qualifiedName)
        } catch {
            throw MachineFileError(path: location.file ?? path, location: location, message: "\(name): \(error)")
        }
    }

    /// A warning at each state no row enters, in a machine whose start syntax cannot see: lint
    /// cannot call it unreachable, since the machine may start there, but nothing else ever
    /// enters it (a case kept for previews, or a transition forgotten).
    private func startOnlyStates(path: String, because reason: String) -> [Diagnostic] {
        let entered = enteredStates
        return stateEnum.cases.filter { !entered.contains($0.name) }.map { enumCase in
            Diagnostic.warning(
                path: enumCase.location.file ?? path, location: enumCase.location.droppingFile,
                message: "state '\(enumCase.name)' of \(name) is entered by no transition: it is reachable only as the start (\(reason))")
        }
    }

    /// The states the code means to stay in: Swift has no final marker, but a state whose case
    /// the code handles by name (`case .closed: throw ...`, `case .signedOut: return
    /// .from(oldState)`) and that no row leaves, even by a wildcard, is terminal by design, not
    /// a forgotten way out.
    private var terminalByDesign: Set<String> {
        var handled: Set<String> = []
        var left: Set<String> = []
        for row in rows {
            let moves = row.outcome.moves
            guard let sources = row.sources else {
                if moves { left.formUnion(stateEnum.cases.map(\.name)) }
                continue
            }
            if moves { left.formUnion(sources) } else { handled.formUnion(sources) }
        }
        return handled.subtracting(left)
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
        // One statement read under two patterns of a case (`case .idle, .failed:` then `state =
        // .loading`, `await`, `state = .loaded`) gives the row it resumes with twice.
        var seen: Set<String> = []
        var made: Set<String> = []
        for row in rows
        where seen.insert(
            "\(String(describing: row.sources))|\(String(describing: row.events))|\(row.guardLabel ?? "")|\(row.outcome)|\(row.location)|\(row.effects)|\(row.eventless)"
        ).inserted {
            // An eventless row (a direct change of state) is one route among others from its source.
            let explicit = row.sources != nil && (row.events != nil || row.eventless)
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
                    // Two readings of one statement (a `catch` reached from two throwing calls in one
                    // state) are one transition.
                    guard made.insert("\(source)|\(event ?? "")|\(targets)|\(row.guardLabel ?? "")|\(row.location)|\(row.effects)").inserted
                    else { continue }
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
