/// A machine's own request to silence one lint rule, for the whole machine or for one state.
///
/// Machine files write these in their `lint` section, so the reason to accept a finding
/// lives next to the machine it is about.
public struct Suppression: Hashable, Sendable {
    /// The identifier of the rule to silence, such as `unused-event`.
    public var ruleID: String
    /// The state it is silenced for, or `nil` for the whole machine.
    public var state: StateID?
    /// Where it was written.
    public var location: SourceLocation?

    /// Creates a suppression.
    public init(ruleID: String, state: StateID? = nil, location: SourceLocation? = nil) {
        self.ruleID = ruleID
        self.state = state
        self.location = location
    }
}
