/// Stated's DSL on fsmviz's runtime: states are types (each with a *slot* naming it),
/// inputs carry typed arguments into the state they lead to, and each mapping reads as a
/// row of a table:
///
/// ```swift
/// let mappings: [any Stated.AnyStateTransitionTrigger] = [
///     /* Input             |        from          =>        to          | side effect */
///     Inputs.initialize    | States.uninitialized => States.initialized | initialize,
///     Inputs.logIn         | States.loggedOut     => States.loggedIn    | logIn,
/// ]
/// let machine = Stated.StateMachine(initialState: UninitializedState(), mappings: mappings)
/// machine.send(Inputs.initialize)
/// ```
///
/// **What compiles.** `=>` is declared here as an infix operator in `AdditionPrecedence`,
/// left-associative, the group Swift gives `|`; so a row parses as
/// `((input | from) => to) | sideEffect`, and `input | from => { $0.value } => to` as
/// `((input | from) => map) => to`. Each step has one meaning: `Input | StateSlot` starts a
/// mapping, `=> StateSlot` (or `=> closure`) names the target (or maps the source state),
/// `| SideEffect` or `| closure` adds a side effect. Mixing in other operators of that
/// group (`+`, `-`, `&+`) needs parentheses. The long form is exactly equivalent:
/// `input.given(from).transition(to: to).performingSideEffect(sideEffect)`.
///
/// Each mapping becomes one ``FSMRuntime/TransitionRule`` of one
/// ``FSMRuntime/StateMachine``: the input's name is the event, the slots' names are the
/// states, the target state's value is created by the rule's handler from the input's
/// arguments (and the mapped source state), and side effects are the rule's effects. So
/// inputs that side effects send are queued and run once the current one completes
/// (run-to-completion), the machine is thread-safe, and ``StateMachine/graph(name:)`` gives
/// its model for diagrams and `analyze()`.
///
/// The types live in this namespace because `State`, `StateMachine` and `input` are too
/// general to take over in a module other styles share.
public enum Stated {}

/// Names a mapping's target in Stated's operator syntax: `input | from => to`. Declared in
/// `AdditionPrecedence`, with `|`, so rows read left to right (see ``Stated``).
infix operator => : AdditionPrecedence
