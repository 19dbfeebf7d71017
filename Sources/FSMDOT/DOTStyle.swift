/// How a machine is drawn.
public enum DOTStyle: String, Sendable, CaseIterable {
    /// States are nodes and events label the edges between them; initial states get a start
    /// point, final states a double circle, compound states a cluster.
    case states
    /// EFStateMachine's `flowdiagramRepresentation`: states are boxes, events are ovals, and
    /// each transition runs from a state through its event to the states it may enter.
    case flowdiagram
}
