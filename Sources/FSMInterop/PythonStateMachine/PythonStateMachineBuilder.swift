internal import FSMCore

/// Turns a python-statemachine definition's document tree into a ``Machine``.
///
/// State ids are the keys of `states` at any depth, as python-statemachine's own are; a
/// compound state without a child marked `initial` enters its first child, as in SCXML.
struct PythonStateMachineBuilder {
    /// How errors and warnings name the file.
    let file: String
    private(set) var warnings: [(location: SourceLocation, message: String)] = []
    private(set) var invocations: [MachineSemantics.Invocation] = []
    private var states: [State] = []
    private var transitions: [Transition] = []

    static let rootKeys = ["name", "description", "datamodel", "states"]
    static let stateKeys = ["initial", "final", "parallel", "enter", "exit", "transitions", "invoke", "states", "history", "donedata"]
    static let transitionKeys = ["event", "target", "cond", "unless", "internal", "initial", "on", "before", "after"]
    static let historyKeys = ["type", "transitions"]

    /// A builder for the file named `file` in errors.
    init(file: String) {
        self.file = file
    }

    /// Reads the file's fields, naming it in errors.
    private var fields: DocumentFields { DocumentFields(path: file) }

    mutating func build(_ root: DocumentNode) throws(MachineFileError) -> Machine {
        let fields = try self.fields.object(root, "the machine definition")
        try self.fields.checkKeys(fields, Self.rootKeys, "the machine definition")
        if let datamodel = fields.first(where: { $0.key == "datamodel" }) {
            warnings.append((datamodel.keyLocation, "'datamodel' is not analysed: fsmviz reads conditions as opaque guards"))
        }
        guard let children = fields.first(where: { $0.key == "states" }) else {
            throw .init(path: file, location: root.location, message: "the machine definition has no 'states'")
        }
        try addStates(children.value, parent: nil, isParallel: false)
        return try self.fields.machine(fields, root: root, states: states, transitions: transitions)
    }

    /// The states of a `states` object, nested in `parent`; the one marked `initial` (else the
    /// first) is the initial child unless the parent is parallel.
    private mutating func addStates(_ node: DocumentNode, parent: StateID?, isParallel: Bool) throws(MachineFileError) {
        let members = try self.fields.object(node, "'states'")
        guard !members.isEmpty else { return }
        var marked: [String] = []
        for member in members {
            if try self.fields.flag(try self.fields.object(member.value, "state '\(member.key)'"), "initial") == true { marked.append(member.key) }
        }
        let initial = isParallel ? nil : (marked.first ?? members[0].key)
        for member in members {
            try addState(member, parent: parent, isInitial: member.key == initial)
        }
    }

    private mutating func addState(_ member: DocumentNode.Member, parent: StateID?, isInitial: Bool) throws(MachineFileError) {
        let fields = try self.fields.object(member.value, "state '\(member.key)'")
        try self.fields.checkKeys(fields, Self.stateKeys, "a state")
        let id = StateID(member.key)
        let isParallel = try self.fields.flag(fields, "parallel") == true
        let isFinal = try self.fields.flag(fields, "final") == true
        var state = State(
            id, kind: isFinal ? .final : (isInitial ? .initial : .normal), parent: parent, isParallel: isParallel,
            location: member.keyLocation)
        state.entryEffects = try PythonActionText(path: file).actions(fields.first { $0.key == "enter" }?.value)
        state.exitEffects = try PythonActionText(path: file).actions(fields.first { $0.key == "exit" }?.value)
        states.append(state)
        if let invoke = fields.first(where: { $0.key == "invoke" }) {
            let items: [DocumentNode]
            if case .array(let list) = invoke.value.value { items = list } else { items = [invoke.value] }
            for item in items {
                let invocation = try self.fields.object(item, "an invocation")
                // With `idlocation` or no `id`, the interpreter makes the id up.
                let explicit = invocation.contains { $0.key == "idlocation" } ? nil : try self.fields.string(invocation, "id")
                invocations.append(.init(state: id, id: explicit))
            }
            warnings.append((invoke.keyLocation, "'invoke' is not supported: the invoked service and the events it sends are not modelled"))
        }
        if let donedata = fields.first(where: { $0.key == "donedata" }) {
            warnings.append((donedata.keyLocation, "'donedata' is not supported: the data a final state returns is not modelled"))
        }
        if let list = fields.first(where: { $0.key == "transitions" }) { try addTransitions(list.value, from: id) }
        if let children = fields.first(where: { $0.key == "states" }) {
            try addStates(children.value, parent: id, isParallel: isParallel)
        }
        if let histories = fields.first(where: { $0.key == "history" }) {
            for history in try self.fields.object(histories.value, "'history'") {
                let historyFields = try self.fields.object(history.value, "history '\(history.key)'")
                try self.fields.checkKeys(historyFields, Self.historyKeys, "a history state")
                let depth = try self.fields.string(historyFields, "type")
                let historyID = StateID(history.key)
                states.append(
                    State(
                        historyID, parent: id, pseudoState: depth == "deep" ? .deepHistory : .history,
                        location: history.keyLocation))
                if let list = historyFields.first(where: { $0.key == "transitions" }) { try addTransitions(list.value, from: historyID) }
            }
        }
    }

    private mutating func addTransitions(_ node: DocumentNode, from source: StateID) throws(MachineFileError) {
        for (fields, location) in try self.fields.objects(node, "'transitions'", each: "a transition", keys: Self.transitionKeys) {
            let events = SCXMLList.items(try self.fields.string(fields, "event") ?? "")
            let targets = SCXMLList.items(try self.fields.string(fields, "target") ?? "").map { StateID($0) }
            let conditions = try self.fields.guards(fields, "cond") + (try self.fields.guards(fields, "unless")).map { "not (\($0))" }
            let guardText = conditions.isEmpty ? nil : conditions.count == 1 ? conditions[0] : conditions.map { "(\($0))" }.joined(separator: " and ")
            var effects: [String] = []
            for key in ["before", "on", "after"] { effects += try PythonActionText(path: file).actions(fields.first { $0.key == key }?.value) }
            let kind: TransitionKind = try self.fields.flag(fields, "internal") == true ? .internal : .external
            for event in events.isEmpty ? [nil] : events.map({ EventID($0) }) {
                transitions.append(
                    Transition(from: source, on: event, to: targets, guard: guardText, effects: effects, kind: kind, location: location))
            }
        }
    }
}
