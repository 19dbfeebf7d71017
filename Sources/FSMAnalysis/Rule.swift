import FSMCore

/// One check of a machine's structure.
///
/// A rule is a small value with a static ``RuleDescription`` (its stable identifier, default
/// severity, rationale and examples) and a `check` that reads the precomputed
/// ``AnalysisContext`` shared by every rule, so no rule recomputes reachability or components.
public protocol Rule: Sendable {
    /// What the rule checks, why, and examples its tests run.
    static var description: RuleDescription { get }

    /// Creates the rule.
    init()

    /// The rule's findings for the machine in `context`, in declaration order.
    func check(_ context: AnalysisContext) -> [Finding]
}

extension Rule {
    /// A finding of this rule, at its default severity unless given.
    func finding(
        _ message: String, severity: Severity? = nil, states: [StateID] = [], events: [EventID] = [],
        witness: Witness? = nil, location: SourceLocation?
    ) -> Finding {
        Finding(
            ruleID: Self.description.identifier, severity: severity ?? Self.description.defaultSeverity,
            message: message, states: states, events: events, witness: witness, location: location)
    }
}
