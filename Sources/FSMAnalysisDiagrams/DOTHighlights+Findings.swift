public import FSMAnalysis
public import FSMCore
public import FSMDOT

extension DOTHighlights {
    /// The highlights for `findings` of `machine` (usually `machine.analyze()`).
    public init(findings: [Finding], in machine: Machine) {
        self = .none
        var conflicting: [TransitionReference] = []
        for finding in findings {
            switch finding.ruleID {
            case UnreachableState.description.identifier:
                unreachableStates.formUnion(finding.states)
            case DeadEnd.description.identifier, Trap.description.identifier:
                stuckStates.formUnion(finding.states)
            case NondeterministicTrigger.description.identifier:
                if case .transitions(let references) = finding.witness { conflicting += references }
            default:
                break
            }
        }
        for (index, transition) in machine.transitions.enumerated()
        where conflicting.contains(TransitionReference(transition)) {
            conflictingTransitions.insert(index)
        }
    }

    /// The highlights for every rule's findings on `machine`.
    public init(linting machine: Machine) {
        self.init(findings: machine.analyze(), in: machine)
    }
}
