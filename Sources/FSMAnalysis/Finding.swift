public import FSMCore

/// One problem a rule found in a machine, with everything needed to explain and locate it.
public struct Finding: Hashable, Sendable {
    /// The stable identifier of the rule that found it, such as `unreachable-state`.
    public var ruleID: String
    /// How serious it is.
    public var severity: Severity
    /// What is wrong, written for a person.
    public var message: String
    /// The states involved.
    public var states: [StateID]
    /// The events involved.
    public var events: [EventID]
    /// The evidence: a path from the initial state, or the clashing transitions.
    public var witness: Witness?
    /// Where the declaration the finding is about was written, when the machine came from a file.
    public var location: SourceLocation?

    /// Creates a finding.
    public init(
        ruleID: String, severity: Severity, message: String, states: [StateID] = [],
        events: [EventID] = [], witness: Witness? = nil, location: SourceLocation? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.states = states
        self.events = events
        self.witness = witness
        self.location = location
    }
}

extension Finding: CustomStringConvertible {
    /// The line `fsmviz lint` prints for the finding, without the machine's file:
    /// `11:5: warning: state 'Stuck' is not final but no transition leaves it [dead-end]`, the
    /// position left out for a machine built in code and the witness in parentheses after it.
    public var description: String {
        let position = location.map { location in (location.file.map { "\($0):" } ?? "") + "\(location): " } ?? ""
        let witness = witness.map { " (witness: \($0.summary))" } ?? ""
        return "\(position)\(severity.rawValue): \(message) [\(ruleID)]\(witness)"
    }
}
