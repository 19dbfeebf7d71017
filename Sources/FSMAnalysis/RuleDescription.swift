public import FSMCore

/// Everything a person needs to know about a rule, in the manner of SwiftLint's rule
/// descriptions.
public struct RuleDescription: Sendable {
    /// The stable kebab-case identifier used in configuration, output and suppressions.
    public var identifier: String
    /// A short human name.
    public var name: String
    /// One paragraph: what the rule finds and why it matters.
    public var summary: String
    /// The severity of its findings unless configured otherwise.
    public var defaultSeverity: Severity
    /// Machines the rule must flag.
    public var triggeringExamples: [RuleExample]
    /// Machines the rule must accept.
    public var nonTriggeringExamples: [RuleExample]
    /// What the rule's findings conclude from transitions being absent.
    public var absence: Absence

    /// What a rule's findings conclude from transitions that are not there, and so which of them
    /// a change of state the reader could not read (``/FSMCore/MachineSemantics/unreadChanges``)
    /// makes uncertain.
    public enum Absence: Sendable {
        /// Nothing: the findings rest on transitions that are there.
        case none
        /// That no transition enters the states the finding names: uncertain while an unread
        /// change may enter one of them.
        case waysIn
        /// That no transition leaves some state: uncertain while any change is unread.
        case waysOut
    }

    /// Creates a description.
    public init(
        identifier: String, name: String, summary: String, defaultSeverity: Severity,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample], absence: Absence = .none
    ) {
        self.absence = absence
        self.identifier = identifier
        self.name = name
        self.summary = summary
        self.defaultSeverity = defaultSeverity
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// A small machine, written as a YAML machine file, that a rule must flag or accept.
public struct RuleExample: Sendable {
    /// The machine file's text.
    public var yaml: String
    /// For triggering examples: the states the findings must name, in order (for a finding
    /// about a whole set, its states joined by `+`, such as `"A+B"`). Empty to only require
    /// some finding.
    public var flagged: [String]
    /// Whose rules the machine follows: a machine file's, or (for rules about a format's
    /// semantics) SCXML's or XState's, as if it had been read from such a file.
    public var source: MachineSemantics.Source

    /// Creates an example.
    public init(_ yaml: String, flagged: [String] = [], readAs source: MachineSemantics.Source = .machineFile) {
        self.yaml = yaml
        self.flagged = flagged
        self.source = source
    }

    /// The semantics the example's machine is analysed with.
    public var semantics: MachineSemantics { MachineSemantics(source: source) }
}
