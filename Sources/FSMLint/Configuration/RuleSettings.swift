public import FSMAnalysis

/// Which rules run and how serious their findings are, for one machine file.
public struct RuleSettings: Hashable, Sendable {
    /// Identifiers of rules that do not run.
    public var disabled: Set<String>
    /// The severity every finding of a rule gets, by rule identifier, replacing the one the
    /// rule chose.
    public var severities: [String: Severity]
    /// States the team means to end in, though their machine cannot say so (Swift has no final
    /// marker): a state's id, for every machine these settings govern, or the id qualified by
    /// the machine's name or its state type (`Door.closed`, `Connection.State.closed`). Rules
    /// treat them as final.
    public var finalStates: Set<String>

    /// Settings that disable `disabled`, change `severities` and mark `finalStates` final; by
    /// default every rule runs as written.
    public init(disabled: Set<String> = [], severities: [String: Severity] = [:], finalStates: Set<String> = []) {
        self.disabled = disabled
        self.severities = severities
        self.finalStates = finalStates
    }

    /// These settings with `other` applied on top: its disabled rules are disabled too, and
    /// its severities win.
    public func merging(_ other: RuleSettings) -> RuleSettings {
        RuleSettings(
            disabled: disabled.union(other.disabled),
            severities: severities.merging(other.severities) { _, override in override },
            finalStates: finalStates.union(other.finalStates))
    }

    /// The rules to run, in ``/FSMAnalysis/Analyzer/allRules`` order.
    public var enabledRules: [any Rule.Type] {
        Analyzer.allRules.filter { !disabled.contains($0.description.identifier) }
    }

    /// `findings` with configured severities applied, and findings of disabled rules dropped.
    public func apply(to findings: [Finding]) -> [Finding] {
        findings.compactMap { finding in
            guard !disabled.contains(finding.ruleID) else { return nil }
            var configured = finding
            if let severity = severities[finding.ruleID] { configured.severity = severity }
            return configured
        }
    }
}
