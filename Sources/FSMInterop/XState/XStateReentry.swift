internal import FSMCore

/// Reads whether an XState transition re-enters its source, and says it in the model's terms.
///
/// XState v5 re-enters a source only with `reenter: true`: a transition whose targets all lie
/// within its source (the source itself or its descendants) exits the source's active
/// descendants but not the source. XState v4 did the opposite: transitions were external
/// unless they were targetless, targeted `.child`, or said `internal: true`. A config is read
/// with v4's default when it uses a key only v4 has (``versionFourKeys``), and with v5's
/// otherwise; an explicit `reenter` or `internal` always decides.
struct XStateReentry {
    private let states: [StateID: State]
    private let children: [StateID: [State]]
    /// Whether transitions without `reenter` or `internal` re-enter by default (XState v4).
    let reentersByDefault: Bool

    init(states: [State], reentersByDefault: Bool) {
        self.states = Dictionary(states.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        children = Dictionary(grouping: states.filter { $0.parent != nil }, by: { $0.parent ?? "" })
        self.reentersByDefault = reentersByDefault
    }

    /// Keys that only XState v4 configs have (`schema` and `tsTypes` are v4's typing; v5 has `types`).
    static let versionFourKeys: Set<String> = ["cond", "internal", "predictableActionArguments", "schema", "tsTypes"]

    /// Whether `document` uses a key only XState v4 has, anywhere.
    static func usesVersionFourKeys(_ document: DocumentNode) -> Bool {
        var pending = [document]
        while let node = pending.popLast() {
            switch node.value {
            case .object(let members):
                if members.contains(where: { versionFourKeys.contains($0.key) }) { return true }
                pending += members.map(\.value)
            case .array(let items):
                pending += items
            default:
                continue
            }
        }
        return false
    }

    /// The model's targets and kind for a transition from `source` to `targets`, written as
    /// `names`, with the transition's `reenter` and `internal` settings if it has them.
    ///
    /// A non-reentering transition to states within its source is internal; one to the source
    /// itself enters the source's default children without leaving it (its initial child, or a
    /// parallel source's regions), and an atomic source enters nothing: a targetless transition.
    func resolve(
        targets: [StateID], names: [String], source: StateID, reenter: Bool?, isInternal: Bool?
    ) -> (targets: [StateID], kind: TransitionKind) {
        guard !targets.isEmpty else { return ([], .external) }
        let reenters: Bool
        if let reenter {
            reenters = reenter
        } else if let isInternal {
            reenters = !isInternal
        } else if names.allSatisfy({ $0.hasPrefix(".") }) {
            // `.child` names a state below the source: internal in v4 as in v5.
            reenters = false
        } else {
            reenters = reentersByDefault
        }
        guard !reenters, targets.allSatisfy({ $0 == source || isDescendant($0, of: source) }) else {
            return (targets, .external)
        }
        var resolved: [StateID] = []
        for target in targets {
            let entered = target == source ? defaultChildren(of: source) : [target]
            for state in entered where !resolved.contains(state) { resolved.append(state) }
        }
        return resolved.isEmpty ? ([], .external) : (resolved, .internal)
    }

    /// What entering `state` enters below it: a parallel state's regions, a compound state's
    /// initial child; nothing for an atomic state.
    private func defaultChildren(of state: StateID) -> [StateID] {
        let nested = (children[state] ?? []).filter { $0.pseudoState == nil }
        if states[state]?.isParallel == true { return nested.map(\.id) }
        return nested.first { $0.kind == .initial }.map { [$0.id] } ?? []
    }

    private func isDescendant(_ state: StateID, of ancestor: StateID) -> Bool {
        var current = states[state]?.parent
        var steps = 0
        while let id = current, steps <= states.count {
            if id == ancestor { return true }
            current = states[id]?.parent
            steps += 1
        }
        return false
    }
}
