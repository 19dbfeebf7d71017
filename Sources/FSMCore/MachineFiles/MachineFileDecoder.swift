/// Turns a parsed machine file (format version 1, see `docs/machine-format.md`) into a
/// ``Machine``, reporting every problem at the position of the value that causes it.
public struct MachineFileDecoder {
    /// The format versions this decoder reads.
    public static let supportedVersions = [1]
    /// The longest identifier, label, guard or effect ``InputLimits/standard`` accepts, in
    /// Unicode scalars: longer text is almost certainly not meant for a diagram.
    public static let maximumTextLength = 1024

    /// How errors name the file.
    private let path: String

    /// Decodes a machine from a parsed document; `path` names the file in errors.
    /// - Throws: ``MachineFileError`` at the position of the value that causes it.
    public static func decode(_ root: DocumentNode, path: String) throws(MachineFileError) -> Machine {
        try MachineFileDecoder(path: path).decode(root)
    }

    private func decode(_ root: DocumentNode) throws(MachineFileError) -> Machine {
        let file = try ObjectReader<MachineKey>(root, what: "the machine", path: path)
        if let version = file.optional(.version) {
            guard case .number(let text) = version.value, let number = Int(text),
                Self.supportedVersions.contains(number)
            else {
                throw .at(path, version.location, "unsupported format version; this fsmviz reads version 1")
            }
        }
        var states = try decodeStates(try file.required(.states))
        let stateNames = states.map(\.id.rawValue)
        let index = Dictionary(states.indices.map { (states[$0].id, $0) }, uniquingKeysWith: { a, _ in a })

        let initialNode = try file.required(.initial)
        let initial = try string(initialNode, "'initial'")
        guard let initialIndex = index[StateID(initial)] else {
            throw .at(
                path, initialNode.location,
                "initial state '\(initial)' is not a declared state" + Suggestion.hint(for: initial, among: stateNames))
        }
        if let parent = states[initialIndex].parent {
            throw .at(
                path, initialNode.location,
                "initial state '\(initial)' is nested in '\(parent)'; name a top-level state and set 'initial' on its parent")
        }
        try markInitial(&states[initialIndex], at: initialNode.location)
        try markInitialChildren(&states, root: file.required(.states), index: index)

        let declaredEvents = try file.optional(.events).map { node throws(MachineFileError) in
            try decodeEvents(node)
        }
        let transitionsNode = try file.required(.transitions)
        let transitions = try decodeTransitions(transitionsNode)
        let name = try file.optionalString(.name)
        let summary = try file.optionalString(.description)
        let suppressions = try file.optional(.lint).map { node throws(MachineFileError) in
            try decodeSuppressions(node, stateNames: stateNames)
        }
        let machine: Machine
        do {
            machine = try Machine(
                name: name, summary: summary,
                states: states, events: declaredEvents ?? [], transitions: transitions,
                suppressions: suppressions ?? [])
        } catch {
            if error.undeclaredTransitionState != nil {
                try checkNames(in: transitionsNode, stateNames: stateNames, events: nil)
            }
            throw .at(path, error.location ?? root.location, error.description)
        }
        // The machine adds events that transitions use but `events` does not declare; with
        // `events` present, each of those is a mistake.
        if let declaredEvents, machine.events.count > declaredEvents.count {
            try checkNames(in: transitionsNode, stateNames: stateNames, events: declaredEvents.map(\.id.rawValue))
        }
        return machine
    }

    private func markInitial(_ state: inout State, at location: SourceLocation) throws(MachineFileError) {
        guard state.kind != .final else {
            throw .at(path, location, "state '\(state.id)' cannot be both initial and final")
        }
        state.kind = .initial
    }

    /// One entry of `states` or `events`: a bare identifier or an object with an `id`.
    private struct Declaration<Kind, Key: DeclarationKey> {
        var id: Identifier<Kind>
        var object: ObjectReader<Key>?
        var location: SourceLocation
    }

    /// Reads a list of declarations, rejecting empty and repeated identifiers.
    private func declarations<Kind, Key>(
        _ elements: [DocumentNode], noun: String, article: String
    ) throws(MachineFileError) -> [Declaration<Kind, Key>] {
        var result: [Declaration<Kind, Key>] = []
        result.reserveCapacity(elements.count)
        var seen: [Identifier<Kind>: SourceLocation] = [:]
        for element in elements {
            var declaration: Declaration<Kind, Key>
            if let id = element.text {
                declaration = Declaration(id: Identifier(id), object: nil, location: element.location)
            } else {
                let object = try ObjectReader<Key>(element, what: "\(article) \(noun)", path: path)
                let id = try string(try object.required(.id), "\(article) \(noun)'s 'id'")
                declaration = Declaration(id: Identifier(id), object: object, location: element.location)
            }
            guard !declaration.id.rawValue.isEmpty else {
                throw .at(path, element.location, "\(article) \(noun)'s 'id' must not be empty")
            }
            if let first = seen[declaration.id] {
                throw .at(path, element.location, "\(noun) '\(declaration.id)' is declared twice (first at \(first))")
            }
            seen[declaration.id] = element.location
            result.append(declaration)
        }
        return result
    }

    private func decodeStates(_ node: DocumentNode) throws(MachineFileError) -> [State] {
        guard case .array(let elements) = node.value, !elements.isEmpty else {
            throw .at(path, node.location, "expected 'states' to be a non-empty array, found \(node.kindDescription)")
        }
        var states: [State] = []
        states.reserveCapacity(elements.count)
        let declared: [Declaration<StateIdentity, StateKey>] = try declarations(elements, noun: "state", article: "a")
        for declaration in declared {
            let object = declaration.object
            var pseudoState: PseudoState?
            if let node = object?.optional(.pseudo) {
                let name = try string(node, "'pseudo'")
                guard let kind = PseudoState(rawValue: name) else {
                    let names = PseudoState.allCases.map(\.rawValue)
                    let hint = Suggestion.hint(for: name, among: names)
                    throw .at(
                        path, node.location,
                        "unknown pseudo-state kind '\(name)'"
                            + (hint.isEmpty ? "; use 'initial', 'history' or 'deep-history'" : hint))
                }
                pseudoState = kind
            }
            let isParallel = try object?.optionalBool(.parallel) == true
            if isParallel, let initial = object?.optional(.initial) {
                throw .at(path, initial.location, "parallel state '\(declaration.id)' enters all its regions; it takes no 'initial'")
            }
            states.append(
                State(
                    declaration.id,
                    label: try object?.optionalString(.label),
                    kind: try object?.optionalBool(.final) == true ? .final : .normal,
                    parent: try object?.optionalString(.parent).map { StateID($0) },
                    isParallel: isParallel,
                    pseudoState: pseudoState,
                    entryEffects: try effects(object?.optional(.entry), "'entry'"),
                    exitEffects: try effects(object?.optional(.exit), "'exit'"),
                    location: declaration.location))
        }
        let ids = Set(states.map(\.id))
        for state in states {
            if let parent = state.parent, !ids.contains(parent) {
                throw .at(
                    path, state.location,
                    "state '\(state.id)' names parent '\(parent)', which is not a declared state"
                        + Suggestion.hint(for: parent.rawValue, among: states.map(\.id.rawValue)))
            }
        }
        return states
    }

    /// A string or a non-empty array of strings describing effects; none when absent.
    private func effects(_ node: DocumentNode?, _ what: String) throws(MachineFileError) -> [String] {
        guard let node else { return [] }
        return try strings(node, what).map(\.text)
    }

    /// Applies each compound state's `initial` key to the child it names.
    private func markInitialChildren(
        _ states: inout [State], root: DocumentNode, index: [StateID: Int]
    ) throws(MachineFileError) {
        guard case .array(let elements) = root.value else { return }
        for (position, element) in elements.enumerated() {
            guard case .object = element.value else { continue }
            let object = try ObjectReader<StateKey>(element, what: "a state", path: path)
            guard let initialNode = object.optional(.initial) else { continue }
            let child = StateID(try string(initialNode, "a state's 'initial'"))
            let parent = states[position].id
            guard let childIndex = index[child], states[childIndex].parent == parent else {
                let children = states.filter { $0.parent == parent }.map(\.id.rawValue)
                throw .at(
                    path, initialNode.location,
                    "'\(child)' is not a child of '\(parent)'" + Suggestion.hint(for: child.rawValue, among: children))
            }
            try markInitial(&states[childIndex], at: initialNode.location)
        }
    }

    private func decodeEvents(_ node: DocumentNode) throws(MachineFileError) -> [Event] {
        guard case .array(let elements) = node.value else {
            throw .at(path, node.location, "expected 'events' to be an array, found \(node.kindDescription)")
        }
        let declared: [Declaration<EventIdentity, EventKey>] = try declarations(elements, noun: "event", article: "an")
        var events: [Event] = []
        for declaration in declared {
            events.append(
                Event(declaration.id, label: try declaration.object?.optionalString(.label), location: declaration.location))
        }
        return events
    }

    /// `lint: {disable: [rule, ...], states: {State: [rule, ...]}}`.
    private func decodeSuppressions(
        _ node: DocumentNode, stateNames: [String]
    ) throws(MachineFileError) -> [Suppression] {
        let lint = try ObjectReader<LintKey>(node, what: "'lint'", path: path)
        var suppressions: [Suppression] = []
        if let disabled = lint.optional(.disable) {
            for rule in try strings(disabled, "'disable'") {
                suppressions.append(Suppression(ruleID: rule.text, location: rule.location))
            }
        }
        if let perState = lint.optional(.states) {
            guard case .object(let members) = perState.value else {
                throw .at(path, perState.location, "expected 'states' in 'lint' to map state ids to rule ids, found \(perState.kindDescription)")
            }
            for member in members {
                guard stateNames.contains(member.key) else {
                    throw .at(
                        path, member.keyLocation,
                        "'lint' names state '\(member.key)', which is not a declared state"
                            + Suggestion.hint(for: member.key, among: stateNames))
                }
                for rule in try strings(member.value, "the rules silenced for '\(member.key)'") {
                    suppressions.append(Suppression(ruleID: rule.text, state: StateID(member.key), location: rule.location))
                }
            }
        }
        return suppressions
    }

    /// Reads the transitions without checking the names they use: ``Machine`` checks them in
    /// one pass, and ``checkNames(in:stateNames:events:)`` explains a failure precisely.
    private func decodeTransitions(_ node: DocumentNode) throws(MachineFileError) -> [Transition] {
        guard case .array(let elements) = node.value else {
            throw .at(path, node.location, "expected 'transitions' to be an array, found \(node.kindDescription)")
        }
        var transitions: [Transition] = []
        transitions.reserveCapacity(elements.count)
        for element in elements {
            let object = try ObjectReader<TransitionKey>(element, what: "a transition", path: path)
            let sources = try strings(try object.required(.from), "'from'")
            let targets = try targetNames(object).map { StateID($0.text) }
            var event: EventID?
            if let eventNode = object.optional(.event) {
                let name = try string(eventNode, "'event'")
                guard !name.isEmpty else { throw .at(path, eventNode.location, "'event' must not be empty; omit it for an automatic transition") }
                event = EventID(name)
            }
            let kind = try transitionKind(object)
            let guardLabel = try object.optionalString(.guard)
            let effects = try effects(object.optional(.effects), "'effects'")
            let computedTarget = try object.optionalString(.computed)
            for source in sources {
                transitions.append(
                    Transition(
                        from: StateID(source.text), on: event, to: targets, guard: guardLabel, effects: effects,
                        kind: kind, location: element.location, computedTarget: computedTarget))
            }
        }
        return transitions
    }

    /// A transition's `to`: absent, `null` or `[]` for a targetless transition.
    private func targetNames(
        _ object: ObjectReader<TransitionKey>
    ) throws(MachineFileError) -> [(text: String, location: SourceLocation)] {
        guard let node = object.optional(.to) else { return [] }
        if case .array(let elements) = node.value, elements.isEmpty { return [] }
        return try strings(node, "'to'")
    }

    /// A transition's `type`: `external` (the default) or `internal`.
    private func transitionKind(_ object: ObjectReader<TransitionKey>) throws(MachineFileError) -> TransitionKind {
        guard let node = object.optional(.type) else { return .external }
        let name = try string(node, "'type'")
        guard let kind = TransitionKind(rawValue: name) else {
            let hint = Suggestion.hint(for: name, among: TransitionKind.allCases.map(\.rawValue))
            throw .at(
                path, node.location,
                "unknown transition type '\(name)'" + (hint.isEmpty ? "; use 'external' or 'internal'" : hint))
        }
        return kind
    }

    /// Finds the first state or event name in `node`'s transitions that is not declared and
    /// reports it at its own position, with the closest declared name.
    private func checkNames(
        in node: DocumentNode, stateNames: [String], events: [String]?
    ) throws(MachineFileError) {
        guard case .array(let elements) = node.value else { return }
        let states = Set(stateNames)
        let declaredEvents = events.map(Set.init)
        for element in elements {
            let object = try ObjectReader<TransitionKey>(element, what: "a transition", path: path)
            let sources = try strings(try object.required(.from), "'from'")
            for (names, role) in [(sources, "source"), (try targetNames(object), "target")] {
                for name in names where !states.contains(name.text) {
                    throw .at(
                        path, name.location,
                        "transition \(role) '\(name.text)' is not a declared state" + Suggestion.hint(for: name.text, among: stateNames))
                }
            }
            if let declaredEvents, let eventNode = object.optional(.event),
                let name = eventNode.text, !declaredEvents.contains(name)
            {
                throw .at(
                    path, eventNode.location,
                    "event '\(name)' is not declared in 'events'" + Suggestion.hint(for: name, among: events ?? []))
            }
        }
    }

    private func string(_ node: DocumentNode, _ what: String) throws(MachineFileError) -> String {
        try node.string(what, path: path)
    }

    private func strings(_ node: DocumentNode, _ what: String) throws(MachineFileError) -> [(text: String, location: SourceLocation)] {
        try node.strings(what, path: path)
    }
}
