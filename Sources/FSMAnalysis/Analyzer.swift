public import FSMCore

/// Runs rules over machines.
///
/// ```swift
/// let findings = try MachineFileLoader.load(path: "door.json").analyze()
/// #expect(findings.isEmpty)
/// ```
public struct Analyzer: Sendable {
    /// Every rule fsmviz has, in the order `fsmviz rules` lists them.
    public static let allRules: [any Rule.Type] = [
        UnreachableState.self, DeadEnd.self, NondeterministicTrigger.self, Trap.self,
        NoFinalReachable.self, UnusedEvent.self, DuplicateTransition.self, FinalHasOutgoing.self,
        ShadowedTransition.self, UnreachableTransition.self, ImpossibleEvent.self, UnknownStateInGuard.self,
    ]

    /// The rule with identifier `id`, if there is one.
    public static func rule(withID id: String) -> (any Rule.Type)? {
        allRules.first { $0.description.identifier == id }
    }

    /// The rules this analyzer runs.
    public var rules: [any Rule]

    /// An analyzer running `rules` (every rule by default).
    public init(rules: [any Rule.Type] = Analyzer.allRules) {
        self.rules = rules.map { $0.init() }
    }

    /// The findings of every rule, ordered by position in the file, then by rule order.
    ///
    /// Findings the machine suppresses (for itself, or for a state the finding names) are
    /// left out. `semantics` says which format's rules the machine follows (an importer's
    /// ``/FSMCore/MachineSemantics``); a machine file's by default.
    public func analyze(_ machine: Machine, semantics: MachineSemantics = .machineFile) -> [Finding] {
        let context = AnalysisContext(machine, semantics: semantics)
        var findings: [(order: Int, finding: Finding)] = []
        let enteredUnread = Self.enteredThrough(semantics.unreadChanges, context)
        for (order, rule) in rules.enumerated() {
            let absence = type(of: rule).description.absence
            findings += rule.check(context).filter { !Self.isSuppressed($0, in: machine) }.map { finding in
                (order, Self.weighed(finding, absence: absence, unread: semantics.unreadChanges, entered: enteredUnread))
            }
        }
        let noLocation = SourceLocation(line: .max, column: .max)
        return findings.enumerated().sorted { lhs, rhs in
            let left = lhs.element.finding.location ?? noLocation
            let right = rhs.element.finding.location ?? noLocation
            if left != right { return left < right }
            if lhs.element.order != rhs.element.order { return lhs.element.order < rhs.element.order }
            return lhs.offset < rhs.offset
        }.map(\.element.finding)
    }
}

extension Analyzer {
    /// A finding that rests on a transition being absent, lowered to a note that says why when a
    /// change of state the reader could not read may be that transition: what cannot be read is
    /// unknown, not evidence.
    /// `entered`: the states an unread change may lead into, by itself or by the transitions
    /// from where it leads, for each change.
    static func weighed(
        _ finding: Finding, absence: RuleDescription.Absence, unread: [MachineSemantics.UnreadChange], entered: [Set<StateID>?]
    ) -> Finding {
        let doubting: [MachineSemantics.UnreadChange]
        switch absence {
        case .none: return finding
        case .waysIn:
            doubting = zip(unread, entered).filter { _, states in states.map { !$0.isDisjoint(with: finding.states) } ?? true }.map(\.0)
        case .waysOut: doubting = unread
        }
        guard let first = doubting.first else { return finding }
        var weighed = finding
        weighed.severity = .info
        let file = first.location.file.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        let place = [file, "\(first.location.line)"].compactMap { $0 }.joined(separator: ":")
        let more = doubting.count > 1 ? " and \(doubting.count - 1) more place\(doubting.count > 2 ? "s" : "")" : ""
        weighed.message += "; not certain: the code also sets the state at \(place)\(more) \(first.reason), which fsmviz does not read as a transition"
        return weighed
    }

    /// For each unread change, the states it may lead into: its target and every state the
    /// machine's transitions reach from there; `nil` for a change whose target is not known.
    private static func enteredThrough(_ unread: [MachineSemantics.UnreadChange], _ context: AnalysisContext) -> [Set<StateID>?] {
        unread.map { change -> Set<StateID>? in
            guard let target = change.target, let start = context.machine.number(of: target) else { return nil }
            var seen: Set<Int> = [start]
            var pending = [start]
            while let state = pending.popLast() {
                for next in context.successors[state] where seen.insert(next).inserted { pending.append(next) }
            }
            return Set(seen.map(context.id(of:)))
        }
    }

    /// The machine's suppressions that name no rule fsmviz has; a typo there would silently
    /// silence nothing, so the linter reports them.
    public static func unknownSuppressions(in machine: Machine) -> [Suppression] {
        machine.suppressions.filter { rule(withID: $0.ruleID) == nil }
    }

    private static func isSuppressed(_ finding: Finding, in machine: Machine) -> Bool {
        machine.suppressions.contains { suppression in
            suppression.ruleID == finding.ruleID
                && (suppression.state.map { finding.states.contains($0) } ?? true)
        }
    }
}

extension Machine {
    /// Every rule's findings for this machine; empty when the machine is sound.
    public func analyze() -> [Finding] {
        Analyzer().analyze(self)
    }
}
