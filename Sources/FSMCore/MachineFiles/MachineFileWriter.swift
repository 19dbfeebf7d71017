internal import Yams

/// Writes a ``Machine`` as a machine file (format version 1) that ``MachineFileLoader`` reads
/// back as an equal machine, so machines built in code can be linted and drawn in CI.
///
/// Output is deterministic: keys in the documented order, states, events and transitions in
/// declaration order. Consecutive transitions that differ only in their source are written
/// as one declaration with several `from` states.
public enum MachineFileWriter {
    /// The machine file for `machine` in `format`.
    /// - Throws: A ``Diagnostic`` without a path (the machine is not written anywhere yet),
    ///   only if libyaml's emitter fails, which valid Swift strings do not cause; JSON cannot fail.
    public static func write(_ machine: Machine, as format: MachineFileFormat) throws(Diagnostic) -> String {
        let document = representation(of: machine)
        switch format {
        case .json: return document.text(.readable) + "\n"
        case .yaml: return try YAMLText.render(document)
        }
    }

    static func representation(of machine: Machine) -> JSONValue {
        var root: [(MachineKey, JSONValue)] = [(.version, .int(1))]
        if let name = machine.name { root.append((.name, .string(name))) }
        if let summary = machine.summary { root.append((.description, .string(summary))) }
        root.append((.initial, .string(machine.initialState.rawValue)))
        root.append((.states, .array(machine.states.map { state(of: $0, in: machine) })))
        if !machine.events.isEmpty {
            root.append(
                (
                    .events,
                    .array(
                        machine.events.map { event in
                            event.label.map { object([(EventKey.id, .string(event.id.rawValue)), (.label, .string($0))]) }
                                ?? .string(event.id.rawValue)
                        })
                ))
        }
        root.append((.transitions, .array(groupedTransitions(machine.transitions).map(transition))))
        if !machine.suppressions.isEmpty { root.append((.lint, lint(machine.suppressions))) }
        return object(root)
    }

    private static func state(of state: State, in machine: Machine) -> JSONValue {
        var fields: [(StateKey, JSONValue)] = []
        if let label = state.label { fields.append((.label, .string(label))) }
        if state.kind == .final { fields.append((.final, .bool(true))) }
        if let parent = state.parent { fields.append((.parent, .string(parent.rawValue))) }
        if let initial = machine.initialChild(of: state.id) {
            fields.append((.initial, .string(initial.rawValue)))
        }
        if state.isParallel { fields.append((.parallel, .bool(true))) }
        if let pseudo = state.pseudoState { fields.append((.pseudo, .string(pseudo.rawValue))) }
        if !state.entryEffects.isEmpty { fields.append((.entry, texts(state.entryEffects))) }
        if !state.exitEffects.isEmpty { fields.append((.exit, texts(state.exitEffects))) }
        guard !fields.isEmpty else { return .string(state.id.rawValue) }
        return object([(.id, .string(state.id.rawValue))] + fields)
    }

    /// Runs of consecutive transitions equal but for their source, each run as its sources
    /// and the shared transition.
    private static func groupedTransitions(_ transitions: [Transition]) -> [(sources: [StateID], transition: Transition)] {
        var groups: [(sources: [StateID], transition: Transition)] = []
        for transition in transitions {
            if let last = groups.last, sameExceptSource(last.transition, transition),
                !last.sources.contains(transition.source)
            {
                groups[groups.count - 1].sources.append(transition.source)
            } else {
                groups.append(([transition.source], transition))
            }
        }
        return groups
    }

    private static func sameExceptSource(_ lhs: Transition, _ rhs: Transition) -> Bool {
        lhs.event == rhs.event && lhs.targets == rhs.targets && lhs.guardLabel == rhs.guardLabel
            && lhs.effects == rhs.effects && lhs.kind == rhs.kind && lhs.computedTarget == rhs.computedTarget
    }

    private static func transition(_ group: (sources: [StateID], transition: Transition)) -> JSONValue {
        let transition = group.transition
        func names(_ ids: [StateID]) -> JSONValue {
            ids.count == 1 ? .string(ids[0].rawValue) : .array(ids.map { .string($0.rawValue) })
        }
        var fields: [(TransitionKey, JSONValue)] = [(.from, names(group.sources))]
        if let event = transition.event { fields.append((.event, .string(event.rawValue))) }
        // A targetless transition has no `to`, which the reader takes as no target.
        if !transition.isTargetless { fields.append((.to, names(transition.targets))) }
        if transition.kind != .external { fields.append((.type, .string(transition.kind.rawValue))) }
        if let guardLabel = transition.guardLabel { fields.append((.guard, .string(guardLabel))) }
        if !transition.effects.isEmpty { fields.append((.effects, texts(transition.effects))) }
        if let computed = transition.computedTarget { fields.append((.computed, .string(computed))) }
        return object(fields)
    }

    /// An object of `fields` in the order given.
    private static func object<Key: MachineFileKey>(_ fields: [(Key, JSONValue)]) -> JSONValue {
        .ordered(fields.map { ($0.0.rawValue, $0.1) })
    }

    /// One text as a string, several as an array.
    private static func texts(_ texts: [String]) -> JSONValue {
        texts.count == 1 ? .string(texts[0]) : .array(texts.map(JSONValue.string))
    }

    private static func lint(_ suppressions: [Suppression]) -> JSONValue {
        var fields: [(LintKey, JSONValue)] = []
        let machineWide = suppressions.filter { $0.state == nil }.map { JSONValue.string($0.ruleID) }
        if !machineWide.isEmpty { fields.append((.disable, .array(machineWide))) }
        var byState: [(String, [JSONValue])] = []
        for suppression in suppressions {
            guard let state = suppression.state?.rawValue else { continue }
            if let index = byState.firstIndex(where: { $0.0 == state }) {
                byState[index].1.append(.string(suppression.ruleID))
            } else {
                byState.append((state, [.string(suppression.ruleID)]))
            }
        }
        if !byState.isEmpty { fields.append((.states, .ordered(byState.map { ($0.0, .array($0.1)) }))) }
        return object(fields)
    }
}
