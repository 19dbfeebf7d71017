internal import FSMCore

/// Turns a sismic statechart's document tree into a ``Machine``.
///
/// State ids are the states' names, which sismic requires to be unique. A compound state
/// without `initial` enters its first child; a history state's `memory` becomes its default
/// transition, and a compound state whose `initial` is its history state starts at an initial
/// pseudo-state that enters it. A transition's `priority` (an integer, `high` or `low`) is kept
/// beside the machine, in ``priorities``.
struct SismicMachineBuilder {
    /// How errors and warnings name the file.
    let file: String
    private(set) var warnings: [(location: SourceLocation, message: String)] = []
    /// The priority of each transition that has one other than 0, by its position in the
    /// machine's transitions.
    private(set) var priorities: [Int: Int] = [:]
    private var states: [State] = []
    private var transitions: [Transition] = []
    /// Every state name in the file, so that an added pseudo-state's id collides with none.
    private var names: Set<String> = []

    static let statechartKeys = ["name", "description", "preamble", "root state", "initial state"]
    static let stateKeys = [
        "name", "initial", "memory", "on entry", "on exit", "type", "states", "parallel states", "transitions", "contract",
    ]
    static let transitionKeys = ["target", "event", "guard", "action", "contract", "priority"]

    /// A builder for the file named `file` in errors.
    init(file: String) {
        self.file = file
    }

    /// Reads the file's fields, naming it in errors.
    private var fields: DocumentFields { DocumentFields(path: file) }

    mutating func build(_ root: DocumentNode) throws(MachineFileError) -> Machine {
        let top = try self.fields.object(root, "the file")
        try self.fields.checkKeys(top, ["statechart"], "the file")
        guard let statechart = top.first(where: { $0.key == "statechart" }) else {
            throw .init(path: file, location: root.location, message: "a sismic file holds a 'statechart'")
        }
        let fields = try self.fields.object(statechart.value, "'statechart'")
        try self.fields.checkKeys(fields, Self.statechartKeys, "the statechart")
        if let preamble = fields.first(where: { $0.key == "preamble" }) {
            warnings.append((preamble.keyLocation, "'preamble' is not analysed: fsmviz reads guards as opaque conditions"))
        }
        let roots = fields.filter { $0.key == "root state" || $0.key == "initial state" }
        guard let rootState = roots.first else {
            throw .init(path: file, location: statechart.value.location, message: "the statechart has no 'root state'")
        }
        if roots.count > 1 {
            // sismic reads one and drops the other; which one is a guess fsmviz does not make.
            throw .init(
                path: file, location: roots[1].keyLocation,
                message:
                    "the statechart has both '\(roots[0].key)' (at \(roots[0].keyLocation.line):\(roots[0].keyLocation.column)) and '\(roots[1].key)'; keep one"
            )
        }
        names = Self.names(in: rootState.value)
        try addState(rootState.value, parent: nil, isInitial: true)
        return try self.fields.machine(fields, root: root, states: states, transitions: transitions)
    }

    private mutating func addState(_ node: DocumentNode, parent: StateID?, isInitial: Bool) throws(MachineFileError) {
        let fields = try self.fields.object(node, "a state")
        try self.fields.checkKeys(fields, Self.stateKeys, "a state")
        guard let name = try self.fields.string(fields, "name") else {
            throw .init(path: file, location: node.location, message: "a state needs a 'name'")
        }
        let id = StateID(name)
        let type = try self.fields.string(fields, "type")
        var state = State(id, kind: isInitial ? .initial : .normal, parent: parent, location: node.location)
        switch type {
        case nil: break
        case "final": state.kind = .final
        case "shallow history": state.pseudoState = .history
        case "deep history": state.pseudoState = .deepHistory
        case let other?:
            throw .init(
                path: file, location: fields.first { $0.key == "type" }?.value.location,
                message: "unknown state type '\(other)'; sismic's are 'final', 'shallow history' and 'deep history'")
        }
        state.entryEffects = Self.code(try self.fields.string(fields, "on entry"))
        state.exitEffects = Self.code(try self.fields.string(fields, "on exit"))
        if let contract = fields.first(where: { $0.key == "contract" }) {
            warnings.append((contract.keyLocation, "'contract' is not analysed: its conditions are checked only by sismic"))
        }
        let children = fields.first { $0.key == "states" }
        let regions = fields.first { $0.key == "parallel states" }
        if children != nil, regions != nil {
            throw .init(path: file, location: node.location, message: "state '\(name)' has both 'states' and 'parallel states'")
        }
        state.isParallel = regions != nil
        states.append(state)
        if let memory = try self.fields.string(fields, "memory") {
            transitions.append(Transition(from: id, on: nil, to: StateID(memory), location: fields.first { $0.key == "memory" }?.value.location))
        }
        if let list = fields.first(where: { $0.key == "transitions" }) { try addTransitions(list.value, from: id) }
        guard let nested = children ?? regions else { return }
        guard case .array(let items) = nested.value.value else {
            throw .init(
                path: file, location: nested.value.location, message: "expected '\(nested.key)' to be a list of states, found \(nested.value.kindDescription)")
        }
        let childNames = try items.map { item throws(MachineFileError) in
            try self.fields.string(try self.fields.object(item, "a state"), "name")
        }
        let initial = try self.fields.string(fields, "initial")
        if let initial, !childNames.contains(initial) {
            // sismic refuses such a statechart; entering no child would draw every child unreachable.
            throw .init(
                path: file, location: fields.first { $0.key == "initial" }?.value.location,
                message: "initial state '\(initial)' of '\(id)' is not one of its children"
                    + Suggestion.hint(for: initial, among: childNames.compactMap { $0 }))
        }
        let entered = regions == nil ? initial ?? childNames.first ?? nil : nil
        let enteredItem = zip(items, childNames).first { $0.1 == entered }?.0
        // sismic enters a history state named as `initial` as it enters any other: its memory
        // the first time, the remembered state after. fsmviz's model enters a compound state at
        // a state it can rest in, so an initial pseudo-state leads to the history state.
        let entersHistory = try enteredItem.map { item throws(MachineFileError) in try isHistory(item) } ?? false
        if entersHistory, let entered {
            let pseudo = freshName("\(name).initial")
            let location = fields.first { $0.key == "initial" }?.value.location ?? node.location
            states.append(State(StateID(pseudo), kind: .initial, parent: id, pseudoState: .initial, location: location))
            transitions.append(Transition(from: StateID(pseudo), on: nil, to: StateID(entered), location: location))
        }
        for (item, childName) in zip(items, childNames) {
            try addState(item, parent: id, isInitial: childName == entered && !entersHistory)
        }
    }

    private func isHistory(_ item: DocumentNode) throws(MachineFileError) -> Bool {
        let type = try self.fields.string(try self.fields.object(item, "a state"), "type")
        return type == "shallow history" || type == "deep history"
    }

    /// `base`, or `base` with a number after it, whichever no state of the file is named.
    private mutating func freshName(_ base: String) -> String {
        var name = base
        var number = 2
        while names.contains(name) {
            name = "\(base)\(number)"
            number += 1
        }
        names.insert(name)
        return name
    }

    /// The names of `node` and of every state nested in it.
    private static func names(in node: DocumentNode) -> Set<String> {
        var names: Set<String> = []
        var pending = [node]
        while let current = pending.popLast() {
            guard case .object(let members) = current.value else { continue }
            for member in members {
                if member.key == "name", let name = member.value.text { names.insert(name) }
                if member.key == "states" || member.key == "parallel states", case .array(let items) = member.value.value {
                    pending += items
                }
            }
        }
        return names
    }

    private mutating func addTransitions(_ node: DocumentNode, from source: StateID) throws(MachineFileError) {
        for (fields, location) in try self.fields.objects(node, "'transitions'", each: "a transition", keys: Self.transitionKeys) {
            let target = try self.fields.string(fields, "target")
            if let priority = try priority(fields), priority != 0 { priorities[transitions.count] = priority }
            transitions.append(
                Transition(
                    from: source, on: try self.fields.string(fields, "event").map { EventID($0) },
                    to: target.map { [StateID($0)] } ?? [], guard: try self.fields.string(fields, "guard"),
                    effects: Self.code(try self.fields.string(fields, "action")), location: location))
        }
    }

    /// A transition's `priority`: `low` (-1), `high` (1), or what Python's `int()` makes of the
    /// value, as sismic reads it (`1.5` is 1, `true` is 1, `" 3"` is 3).
    private func priority(_ fields: [DocumentNode.Member]) throws(MachineFileError) -> Int? {
        guard let field = fields.first(where: { $0.key == "priority" }) else { return nil }
        switch field.value.value {
        case .null: return nil
        case .string("low"): return -1
        case .string("high"): return 1
        case .bool(let flag): return flag ? 1 : 0
        case .number(let text):
            if let value = Int(text) ?? Self.radixInteger(text) { return value }
            if let value = Double(text), value.isFinite, abs(value) < 1e18 { return Int(value.rounded(.towardZero)) }
        case .string(let text):
            let words = text.split(whereSeparator: \.isWhitespace)
            if words.count == 1, let value = Int(words[0]) { return value }
        default: break
        }
        throw .init(
            path: file, location: field.value.location,
            message: "expected 'priority' to be an integer, 'high' or 'low', found \(field.value.kindDescription)")
    }

    /// A YAML integer written in hexadecimal (`0x10`) or octal (`0o17`), which YAML reads as
    /// a number and sismic as that integer.
    private static func radixInteger(_ text: String) -> Int? {
        let negative = text.hasPrefix("-")
        let digits = negative || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        let radix = digits.hasPrefix("0x") ? 16 : digits.hasPrefix("0o") ? 8 : 0
        guard radix > 0, let value = Int(digits.dropFirst(2), radix: radix) else { return nil }
        return negative ? -value : value
    }

    /// Python code as effect descriptions: one per non-empty line.
    private static func code(_ text: String?) -> [String] {
        (text ?? "").split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.filter { !$0.isEmpty }.map(String.init)
    }
}
