/// How a machine found in Swift source is written: which recognizer read it.
public enum SwiftMachineStyle: String, Hashable, Sendable, CaseIterable {
    /// A function that switches on the state and the event (`switch (state, event)`, or a
    /// `switch state` with a `switch event` in each case) and returns or assigns the next state.
    case transitionFunction = "transition-function"
    /// SwiftNIO's style: a type with a `state` property and one `mutating func` per event that
    /// switches on `self.state` and assigns the next one.
    case mutatingMethods = "mutating-methods"
    /// The Composable Architecture: a `Reduce` closure (or `reduce(into:action:)`) that switches on
    /// the action and assigns an enum-typed field of `State`.
    case composableArchitecture = "composable-architecture"
    /// ReactKit/SwiftState: routes added to a `StateMachine` with `addRoute(.a => .b)`,
    /// `addRoutes(event:transitions:)` and `addRouteMapping`.
    case swiftState = "swift-state"
    /// GameplayKit: `GKState` subclasses allowing their next states in `isValidNextState(_:)`,
    /// gathered by `GKStateMachine(states:)`.
    case gameplayKit = "gameplaykit"
    /// Tinder/StateMachine's result-builder DSL: `initialState(.a)` and `state(.a) { on(.e) {
    /// transition(to: .b) } }` in a `StateMachine` closure.
    case builderDSL = "builder-dsl"
    /// Rows of operators in an array: RxAutomaton's `input | from => to` and Stated's
    /// `input | from => to | sideEffect`.
    case mappingRows = "mapping-rows"
    /// A transition table written as nested dictionary literals, `[State: [Event: State]]`.
    case transitionTable = "transition-table"
    /// EFStateMachine's style in fsmviz's runtime: `registerAction(_:fromStates:toStates:handler:)`
    /// on an `ActionMachine`.
    case registeredActions = "registered-actions"
    /// Transporter's style in fsmviz's runtime: `State` and `Event(name:sourceValues:
    /// destinationValue:)` objects added to a `StateMachine`.
    case eventObjects = "event-objects"
    /// DDStateMachine's builder in fsmviz's runtime: `builder.shouldTransit(a ~> b).by(event:)`
    /// chains ending in `immediately()`, `ifCondition` or `ifResult`.
    case transitionBuilder = "transition-builder"
    /// Amplify's style in fsmviz's runtime: the `Amplify.StateDiagram(nodes:events:transitions:)` a state
    /// tree declares beside its reducer.
    case stateDiagram = "state-diagram"
}
