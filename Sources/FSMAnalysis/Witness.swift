public import FSMCore

/// The evidence that proves a finding.
public enum Witness: Hashable, Sendable {
    /// A shortest run from the initial state: the steps taken, starting with the initial state.
    case path([PathStep])
    /// The declarations that clash (conflicting, duplicated or shadowing transitions).
    case transitions([TransitionReference])

    /// A one-line rendering for people: `Idle --start--> Running --pause--> Paused`, or the
    /// clashing transitions with their positions.
    public var summary: String {
        switch self {
        case .path(let steps):
            return steps.map { step in
                guard let via = step.via else { return step.state.rawValue }
                return "--\(via.text)--> \(step.state.rawValue)"
            }.joined(separator: " ")
        case .transitions(let references):
            return references.map(\.summary).joined(separator: "; ")
        }
    }
}

/// One step of a witness path: how `state` was entered.
public struct PathStep: Hashable, Sendable {
    /// How the step happened, or `nil` for the initial state.
    public var via: Via?
    /// The state entered.
    public var state: StateID

    /// Creates a step.
    public init(via: Via?, state: StateID) {
        self.via = via
        self.state = state
    }

    /// What moves a run from one state to the next.
    public enum Via: Hashable, Sendable {
        /// A transition on this event.
        case event(EventID)
        /// An automatic (eventless) transition.
        case automatic
        /// Entering a compound state enters its initial child.
        case initialChild

        var text: String {
            switch self {
            case .event(let event): event.rawValue
            case .automatic: "(automatic)"
            case .initialChild: "(enter)"
            }
        }
    }
}

/// A transition as declared, for pointing at it.
public struct TransitionReference: Hashable, Sendable {
    /// Its source state.
    public var source: StateID
    /// Its event, or `nil` for an automatic transition.
    public var event: EventID?
    /// Its target states; none for a targetless transition.
    public var targets: [StateID]
    /// Its guard, if any.
    public var guardLabel: String?
    /// Where it was declared.
    public var location: SourceLocation?

    /// A reference to `transition`.
    public init(_ transition: Transition) {
        source = transition.source
        event = transition.event
        targets = transition.targets
        guardLabel = transition.guardLabel
        location = transition.location
    }

    /// `Idle --start [ready]--> Running`.
    public var text: String {
        let trigger = event?.rawValue ?? "(automatic)"
        let condition = guardLabel.map { " [\($0)]" } ?? ""
        let target = targets.isEmpty ? "(no target)" : targets.map(\.rawValue).joined(separator: " | ")
        return "\(source) --\(trigger)\(condition)--> \(target)"
    }

    /// ``text`` followed by where the transition was declared: `Idle --start--> Running (at 12:5)`.
    public var summary: String {
        text + (location.map { " (at \($0))" } ?? "")
    }
}
