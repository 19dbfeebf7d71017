/// The keys of one kind of object in a machine file (docs/machine-format.md).
///
/// The decoder, the one-pass JSON scanner and the writer all name keys through these types, so
/// a key is spelled once; `MachineFileKeyTests` checks them against the published schema.
package protocol MachineFileKey: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String, AllCases == [Self] {}

/// The keys of an object that declares something by its `id` (a state, an event).
package protocol DeclarationKey: MachineFileKey {
    static var id: Self { get }
}

/// The keys of the machine itself.
package enum MachineKey: String, MachineFileKey {
    case schema = "$schema"
    case version, name, description, initial, states, events, transitions, lint
}

/// The keys of a state written as an object.
package enum StateKey: String, DeclarationKey {
    case id, label, final, parent, initial, parallel, pseudo, entry, exit
}

/// The keys of an event written as an object.
package enum EventKey: String, DeclarationKey {
    case id, label
}

/// The keys of a transition.
package enum TransitionKey: String, MachineFileKey {
    case from, event, to, type, `guard`, effects, computed
}

/// The keys of the `lint` object.
package enum LintKey: String, MachineFileKey {
    case disable, states
}
