internal import FSMCore

/// Turns an XState config's document tree into a ``Machine``.
///
/// State ids are the nodes' key paths below the root joined with `.` (`auth.signedIn`), and
/// a nested state is labelled with its own key. The root becomes a state of its own only
/// when it has transitions, actions or parallel regions, which need a state to belong to.
struct XStateMachineBuilder {
    /// How errors and warnings name the file.
    let file: String
    private(set) var warnings: [(location: SourceLocation, message: String)] = []
    /// Every node's invocations, in document order, for the analysis of `done.invoke` events.
    private(set) var invocations: [MachineSemantics.Invocation] = []
    private var states: [State] = []
    /// Each state's position in `states`.
    private var stateIndex: [String: Int] = [:]
    private var transitions: [Transition] = []
    /// Every node by state id (`""` for the root), with its parsed fields.
    private var nodes: [String: Node] = [:]
    /// Explicit node `id`s and the machine's id, to the state id they name.
    private var explicitIDs: [String: String] = [:]
    /// How transitions re-enter their sources; known once every state is.
    private var reentry = XStateReentry(states: [], reentersByDefault: false)
    /// The XState major version the config is read as: given, or told by its keys.
    var version: Int?

    private struct Node {
        var path: [String]
        var stateID: String
        var object: [DocumentNode.Member]
        var location: SourceLocation
        var parentID: String?
    }

    static let nodeKeys = [
        "id", "key", "initial", "type", "history", "states", "on", "always", "after", "entry", "exit", "invoke",
        "onDone", "target", "context", "description", "meta", "tags", "output", "data", "predictableActionArguments",
        "preserveActionOrder", "version", "types", "schema", "tsTypes", "strict", "delimiter", "onEntry", "onExit",
        "activities", "params",
    ]
    static let transitionKeys = ["target", "guard", "cond", "actions", "in", "reenter", "internal", "description", "meta", "event", "delay"]

    /// A builder for the file named `file` in errors.
    init(file: String) {
        self.file = file
    }

    /// Reads the file's fields, naming it in errors.
    private var fields: DocumentFields { DocumentFields(path: file) }

    mutating func build(_ root: DocumentNode) throws(MachineFileError) -> Machine {
        let rootFields = try self.fields.object(root, "the machine config")
        if version == nil { version = XStateReentry.usesVersionFourKeys(root) ? 4 : 5 }
        let machineID = try self.fields.string(rootFields, "id")
        let rootType = try self.fields.string(rootFields, "type")
        let wrapsRoot =
            rootType == "parallel"
            || rootFields.contains { ["on", "always", "after", "entry", "exit", "invoke", "onEntry", "onExit"].contains($0.key) }
        let rootStateID = wrapsRoot ? (machineID ?? "machine") : ""
        if let machineID { explicitIDs[machineID] = rootStateID }
        try collect(root, fields: rootFields, path: [], stateID: rootStateID, parent: nil, isRoot: true)
        if let context = rootFields.first(where: { $0.key == "context" }) {
            warnings.append((context.keyLocation, "'context' (extended state) is not analysed: fsmviz reads guards as opaque conditions"))
        }
        // Transitions are read once every node, and so every target, is known.
        reentry = XStateReentry(states: states, reentersByDefault: version == 4)
        for stateID in states.map(\.id.rawValue) + (wrapsRoot ? [] : [""]) {
            if let node = nodes[stateID] { try readTransitions(of: node) }
        }
        if wrapsRoot {
            markInitial(rootStateID)
        } else if let node = nodes[""], let initial = try initialChild(of: node) {
            markInitial(initial)
        }
        guard states.contains(where: { $0.parent == nil && $0.kind == .initial }) else {
            throw .init(path: file, location: root.location, message: "the machine config has no 'initial' state")
        }
        let summary = try self.fields.string(rootFields, "description")
        do {
            return try Machine(name: machineID, summary: summary, states: states, transitions: transitions)
        } catch {
            throw .init(path: file, location: error.location ?? root.location, message: error.description)
        }
    }

    // MARK: - States

    private mutating func collect(
        _ document: DocumentNode, fields: [DocumentNode.Member], path: [String], stateID: String, parent: String?,
        isRoot: Bool
    ) throws(MachineFileError) {
        for member in fields where !Self.nodeKeys.contains(member.key) {
            throw .init(
                path: file, location: member.keyLocation,
                message: "unknown key '\(member.key)' in a state node" + Suggestion.hint(for: member.key, among: Self.nodeKeys))
        }
        let type = try self.fields.string(fields, "type")
        if let type, !["atomic", "compound", "parallel", "final", "history"].contains(type) {
            throw .init(
                path: file, location: fields.first { $0.key == "type" }?.value.location,
                message: "unknown state type '\(type)'; XState's are 'atomic', 'compound', 'parallel', 'final' and 'history'")
        }
        if let id = try self.fields.string(fields, "id"), !isRoot { explicitIDs[id] = stateID }
        nodes[stateID] = Node(path: path, stateID: stateID, object: fields, location: document.location, parentID: parent)
        if !stateID.isEmpty {
            var state = State(
                StateID(stateID), label: path.count > 1 ? path.last : nil, kind: type == "final" ? .final : .normal,
                parent: parent.map { StateID($0) }, isParallel: type == "parallel", location: document.location)
            if type == "history" {
                let depth = try self.fields.string(fields, "history")
                state.pseudoState = depth == "deep" ? .deepHistory : .history
            }
            state.entryEffects = try actions(fields, ["entry", "onEntry"]) + invocationEffects(fields)
            invocations += try invocationIDs(fields).map { MachineSemantics.Invocation(state: StateID(stateID), id: $0) }
            state.exitEffects = try actions(fields, ["exit", "onExit"])
            stateIndex[stateID] = states.count
            states.append(state)
        }
        guard let children = fields.first(where: { $0.key == "states" }) else { return }
        guard case .object(let members) = children.value.value else {
            throw .init(path: file, location: children.value.location, message: "expected 'states' to be an object of state nodes")
        }
        for member in members {
            let childPath = path + [member.key]
            let childFields = try self.fields.object(member.value, "state '\(member.key)'")
            try collect(
                member.value, fields: childFields, path: childPath, stateID: childPath.joined(separator: "."),
                parent: stateID.isEmpty ? nil : stateID, isRoot: false)
        }
        if type != "parallel", !stateID.isEmpty, let node = nodes[stateID], let initial = try initialChild(of: node) {
            markInitial(initial)
        }
    }

    /// The child a compound node's `initial` names. XState v5 requires one on compound nodes;
    /// v4 warns and enters the node alone, its children only when a transition targets them.
    private mutating func initialChild(of node: Node) throws(MachineFileError) -> String? {
        guard let children = node.object.first(where: { $0.key == "states" }), case .object(let members) = children.value.value,
            !members.isEmpty
        else { return nil }
        guard let initial = node.object.first(where: { $0.key == "initial" }) else {
            let name = node.stateID.isEmpty ? "(machine)" : node.stateID
            guard version == 4, !node.stateID.isEmpty else {
                throw .init(path: file, location: node.location, message: "state '\(name)' has child states but no 'initial'; XState requires one")
            }
            warnings.append(
                (
                    node.location,
                    "state '\(name)' has child states but no 'initial': XState v4 enters it with no child active (v5 refuses the config); its children are entered only by transitions that target them"
                ))
            return nil
        }
        var name: String
        switch initial.value.value {
        case .string(let text): name = text
        case .object(let fields):
            guard let target = fields.first(where: { $0.key == "target" }), case .string(let text) = target.value.value else {
                throw .init(path: file, location: initial.value.location, message: "expected 'initial' to name a child state")
            }
            name = text
        default:
            throw .init(path: file, location: initial.value.location, message: "expected 'initial' to name a child state")
        }
        if name.hasPrefix(".") { name.removeFirst() }
        let childID = (node.path + [name]).joined(separator: ".")
        guard nodes[childID] != nil || members.contains(where: { $0.key == name }) else {
            throw .init(
                path: file, location: initial.value.location,
                message: "initial state '\(name)' is not a child of '\(node.stateID.isEmpty ? "(machine)" : node.stateID)'"
                    + Suggestion.hint(for: name, among: members.map(\.key)))
        }
        return childID
    }

    private mutating func markInitial(_ id: String) {
        guard let index = stateIndex[id], states[index].kind == .normal else { return }
        states[index].kind = .initial
    }

    // MARK: - Transitions

    private mutating func readTransitions(of node: Node) throws(MachineFileError) {
        let source = StateID(node.stateID)
        for member in node.object {
            switch member.key {
            case "on":
                switch member.value.value {
                case .object(let events):
                    for event in events {
                        try add(event.value, from: node, source: source, event: event.key.isEmpty ? nil : event.key)
                    }
                case .array(let items):
                    for item in items {
                        let fields = try self.fields.object(item, "a transition")
                        try add(item, from: node, source: source, event: try self.fields.string(fields, "event"))
                    }
                default:
                    throw .init(path: file, location: member.value.location, message: "expected 'on' to map events to transitions")
                }
            case "always":
                try add(member.value, from: node, source: source, event: nil)
            case "after":
                // `after(1000)`, without white space: SCXML's event lists are space-separated, and
                // every name a reader gives must be one every writer can write.
                switch member.value.value {
                case .object(let delays):
                    for delay in delays { try add(delay.value, from: node, source: source, event: "after(\(delay.key))") }
                case .array(let items):
                    for item in items {
                        let fields = try self.fields.object(item, "a delayed transition")
                        let delay = fields.first { $0.key == "delay" }.map { Self.scalarText($0.value) } ?? "?"
                        try add(item, from: node, source: source, event: "after(\(delay))")
                    }
                default:
                    throw .init(path: file, location: member.value.location, message: "expected 'after' to map delays to transitions")
                }
            case "onDone":
                try add(member.value, from: node, source: source, event: "done.state.\(node.stateID)")
            case "invoke":
                for invocation in try invocationList(member.value) {
                    let fields = try self.fields.object(invocation, "an invocation")
                    let name = try invocationName(fields)
                    if let done = fields.first(where: { $0.key == "onDone" }) {
                        try add(done.value, from: node, source: source, event: "done.invoke.\(name)")
                    }
                    if let failure = fields.first(where: { $0.key == "onError" }) {
                        try add(failure.value, from: node, source: source, event: "error.invoke.\(name)")
                    }
                }
            case "target" where stateIndex[node.stateID].map({ states[$0].pseudoState?.isHistory == true }) == true:
                try add(member.value, from: node, source: source, event: nil)
            default:
                continue
            }
        }
    }

    /// Adds the transitions a transition config stands for: a target string, a transition
    /// object, or an array of them (tried in order, as guarded alternatives).
    private mutating func add(
        _ config: DocumentNode, from node: Node, source: StateID, event: String?
    ) throws(MachineFileError) {
        switch config.value {
        case .array(let items):
            for item in items { try add(item, from: node, source: source, event: event) }
            return
        case .string, .null:
            let (targets, kind) = reentry.resolve(
                targets: try resolve(config, from: node), names: Self.targetNames(config), source: source, reenter: nil,
                isInternal: nil)
            transitions.append(
                Transition(from: source, on: event.map { EventID($0) }, to: targets, kind: kind, location: config.location))
        case .object(let fields):
            for field in fields where !Self.transitionKeys.contains(field.key) {
                throw .init(
                    path: file, location: field.keyLocation,
                    message: "unknown key '\(field.key)' in a transition" + Suggestion.hint(for: field.key, among: Self.transitionKeys))
            }
            let target = fields.first { $0.key == "target" }?.value
            let (targets, kind) = reentry.resolve(
                targets: try target.map { field throws(MachineFileError) in try resolve(field, from: node) } ?? [],
                names: target.map(Self.targetNames) ?? [], source: source,
                reenter: try optionalBool(fields, "reenter"), isInternal: try optionalBool(fields, "internal"))
            var conditions: [String] = []
            for key in ["guard", "cond"] {
                if let field = fields.first(where: { $0.key == key }) { conditions.append(try guardText(field.value, from: node)) }
            }
            if let field = fields.first(where: { $0.key == "in" }) {
                conditions.append(stateGuard(field.value, from: node) ?? "in \(Self.scalarText(field.value))")
            }
            transitions.append(
                Transition(
                    from: source, on: event.map { EventID($0) }, to: targets,
                    guard: conditions.isEmpty ? nil : conditions.joined(separator: " and "),
                    effects: try actions(fields, ["actions"]), kind: kind, location: config.location))
        default:
            throw .init(
                path: file, location: config.location, message: "expected a transition: a target, an object or an array, found \(config.kindDescription)")
        }
    }

    /// The states a `target` names: `sibling.child`, `.child` (below the node), `#id.path`.
    private func resolve(_ target: DocumentNode, from node: Node) throws(MachineFileError) -> [StateID] {
        var names: [(String, SourceLocation)] = []
        switch target.value {
        case .null: return []
        case .string(let text): names = [(text, target.location)]
        case .array(let items):
            for item in items {
                guard case .string(let text) = item.value else {
                    throw .init(path: file, location: item.location, message: "expected a target to be a string")
                }
                names.append((text, item.location))
            }
        default:
            throw .init(path: file, location: target.location, message: "expected 'target' to be a string or an array of strings")
        }
        var result: [StateID] = []
        for (name, location) in names { result.append(try resolve(name: name, at: location, from: node)) }
        return result
    }

    /// The state one target name names: `sibling.child`, `.child` (below the node), `#id.path`.
    private func resolve(name: String, at location: SourceLocation, from node: Node) throws(MachineFileError) -> StateID {
        var path: [String]
        if name.hasPrefix("#") {
            let parts = name.dropFirst().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let base = explicitIDs[parts[0]], let baseNode = nodes[base] else {
                throw .init(
                    path: file, location: location,
                    message: "target '\(name)' names no state id" + Suggestion.hint(for: parts[0], among: explicitIDs.keys.sorted()))
            }
            path = baseNode.path + parts.dropFirst()
        } else if name.hasPrefix(".") {
            path = node.path + name.dropFirst().split(separator: ".").map(String.init)
        } else {
            // A history node's default target is relative to the history node's parent too.
            path = node.path.dropLast() + name.split(separator: ".").map(String.init)
        }
        let id = path.joined(separator: ".")
        guard nodes[id] != nil else {
            let siblings = nodes.values.filter { $0.path.count == path.count }.map { $0.path.last ?? "" }.sorted()
            throw .init(
                path: file, location: location,
                message: "transition target '\(name)' is not a state" + Suggestion.hint(for: path.last ?? name, among: siblings))
        }
        let resolved = nodes[id]?.stateID ?? id
        // Only an unwrapped root has the empty id, and nothing can target it.
        guard !resolved.isEmpty else {
            throw .init(path: file, location: location, message: "target '\(name)' names the machine itself, which is not a state")
        }
        return StateID(resolved)
    }

    /// A state guard (v4's `in:`, v5's `stateIn` guard) as SCXML writes it, `In('state')`, so the
    /// analysis knows which states it tests: its value is `#id.path`, a path from the machine's
    /// root, or a state value (`{"power": "off"}`). `nil` when it names no state.
    private func stateGuard(_ value: DocumentNode, from node: Node) -> String? {
        var path: [String] = []
        var current = value
        while case .object(let members) = current.value, members.count == 1, let member = members.first {
            path.append(member.key)
            current = member.value
        }
        guard case .string(let text) = current.value else { return nil }
        let name = path.isEmpty && text.hasPrefix("#") ? text : "." + (path + [text]).joined(separator: ".")
        guard let root = nodes.values.first(where: { $0.path.isEmpty }),
            let state = try? resolve(name: name, at: value.location, from: name.hasPrefix("#") ? node : root)
        else { return nil }
        let quote = state.rawValue.contains("'") ? "\"" : "'"
        return "In(\(quote)\(state.rawValue)\(quote))"
    }

    // MARK: - Actions and invocations

    /// Action names under the first of `keys` present: a string, `{type}`, or an array.
    private func actions(_ fields: [DocumentNode.Member], _ keys: [String]) throws(MachineFileError) -> [String] {
        var result: [String] = []
        for key in keys {
            guard let field = fields.first(where: { $0.key == key }) else { continue }
            if case .array(let items) = field.value.value {
                for item in items { result.append(try actionName(item, "an action")) }
            } else {
                result.append(try actionName(field.value, "an action"))
            }
        }
        return result
    }

    /// The name of an action or guard: a string, or an object's `type`.
    private func actionName(_ node: DocumentNode, _ what: String) throws(MachineFileError) -> String {
        switch node.value {
        case .string(let name): return name
        case .object(let fields):
            if let type = fields.first(where: { $0.key == "type" }), case .string(let name) = type.value.value { return name }
            throw .init(path: file, location: node.location, message: "expected \(what) object to have a 'type'")
        default:
            throw .init(path: file, location: node.location, message: "expected \(what) to be a name or an object with a 'type'")
        }
    }

    /// A guard as text the analysis reads: a name, an object's `type`, or the combinators
    /// `not`, `and` and `or` (`{"type": "xstate.not", "guards": ["isValid"]}`, the shape of
    /// XState's `not(...)`, `and([...])` and `or([...])`) as `!g`, `g && h` and `g || h`.
    private func guardText(_ node: DocumentNode, from state: Node) throws(MachineFileError) -> String {
        if case .object(let fields) = node.value, let type = fields.first(where: { $0.key == "type" }),
            case .string(let name) = type.value.value, ["stateIn", "xstate.stateIn"].contains(name),
            let value = fields.first(where: { $0.key == "stateValue" || $0.key == "params" }),
            let text = stateGuard(value.value, from: state)
        {
            return text
        }
        guard case .object(let fields) = node.value, let type = fields.first(where: { $0.key == "type" }),
            case .string(let name) = type.value.value,
            let combinator = Self.guardCombinators[name.hasPrefix("xstate.") ? String(name.dropFirst(7)) : name],
            let operands = fields.first(where: { $0.key == "guards" || $0.key == "guard" })
        else { return try actionName(node, "a guard") }
        let items: [DocumentNode]
        if case .array(let list) = operands.value.value { items = list } else { items = [operands.value] }
        guard !items.isEmpty, combinator != "!" || items.count == 1 else {
            throw .init(
                path: file, location: operands.value.location,
                message: "expected '\(name)' to combine \(combinator == "!" ? "one guard" : "one or more guards")")
        }
        var texts: [String] = []
        for item in items {
            let text = try guardText(item, from: state)
            // An operand that combines others is parenthesized, so the text reads as it nests.
            let isCombined = text.contains(" && ") || text.contains(" || ") || (text.hasPrefix("!") && combinator == "!")
            texts.append(isCombined ? "(\(text))" : text)
        }
        return combinator == "!" ? "!" + texts[0] : texts.joined(separator: " \(combinator) ")
    }

    /// XState's guard combinators by name, with the operator their text uses.
    private static let guardCombinators = ["not": "!", "and": "&&", "or": "||"]

    private func invocationList(_ node: DocumentNode) throws(MachineFileError) -> [DocumentNode] {
        if case .array(let items) = node.value { return items }
        return [node]
    }

    private func invocationName(_ fields: [DocumentNode.Member]) throws(MachineFileError) -> String {
        if let id = try self.fields.string(fields, "id") { return id }
        if let source = fields.first(where: { $0.key == "src" }) { return try actionName(source.value, "an invocation's 'src'") }
        return "invocation"
    }

    /// The explicit `id` of each of a node's invocations; `nil` where XState generates one.
    private func invocationIDs(_ fields: [DocumentNode.Member]) throws(MachineFileError) -> [String?] {
        guard let invoke = fields.first(where: { $0.key == "invoke" }) else { return [] }
        var result: [String?] = []
        for invocation in try invocationList(invoke.value) {
            result.append(try self.fields.string(try self.fields.object(invocation, "an invocation"), "id"))
        }
        return result
    }

    /// `invoke X` entry effects for a node's invocations.
    private func invocationEffects(_ fields: [DocumentNode.Member]) throws(MachineFileError) -> [String] {
        guard let invoke = fields.first(where: { $0.key == "invoke" }) else { return [] }
        var result: [String] = []
        for invocation in try invocationList(invoke.value) {
            let fields = try self.fields.object(invocation, "an invocation")
            result.append("invoke \(try invocationName(fields))")
        }
        return result
    }

    // MARK: - Helpers

    private func optionalBool(_ fields: [DocumentNode.Member], _ key: String) throws(MachineFileError) -> Bool? {
        guard let field = fields.first(where: { $0.key == key }) else { return nil }
        switch field.value.value {
        case .bool(let flag): return flag
        case .null: return nil
        default:
            throw .init(path: file, location: field.value.location, message: "expected '\(key)' to be true or false, found \(field.value.kindDescription)")
        }
    }

    /// The target strings of a `target` value, as written.
    private static func targetNames(_ target: DocumentNode) -> [String] {
        switch target.value {
        case .string(let text): [text]
        case .array(let items): items.compactMap { if case .string(let text) = $0.value { text } else { nil } }
        default: []
        }
    }

    private static func scalarText(_ node: DocumentNode) -> String {
        switch node.value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: "?"
        }
    }
}
