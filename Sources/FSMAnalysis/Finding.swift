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
