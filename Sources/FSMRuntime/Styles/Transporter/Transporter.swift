/// Transporter's API on fsmviz's runtime: ``State`` objects with enter and exit closures,
/// ``Event`` objects with a name, source values, a destination value, a `shouldFireEvent`
/// guard and `willFireEvent` / `didFireEvent` closures, and a ``StateMachine`` that fires
/// events by name.
///
/// ```swift
/// let closed = Transporter.State(Door.closed)
/// let machine = Transporter.StateMachine(initialState: closed, states: [Transporter.State(.opened)])
/// let open = Transporter.Event(name: "open", sourceValues: [.closed], destinationValue: .opened)
/// try machine.addEvent(open)
/// machine.fireEvent("open")   // .success(sourceState: closed, destinationState: opened)
/// ```
///
/// The types live in this namespace because their names — `State`, `Event`,
/// `StateMachine` — are taken by FSMCore's model and by the runtime. Add
/// `typealias State = Transporter.State` and friends to your file to write Transporter's
/// code unchanged.
///
/// Each added event becomes one ``FSMRuntime/TransitionRule`` and each state's closures a
/// ``FSMRuntime/StateHooks`` of one ``FSMRuntime/StateMachine``, so the machine is
/// thread-safe, processes one event at a time to completion, and describes itself through
/// ``StateMachine/graph(name:)``.
///
/// **Callback order** is Transporter's: `shouldFireEvent`, `willFireEvent`, the new state's
/// `willEnterState`, the old state's `willExitState`, (state changes), the old state's
/// `didExitState`, the new state's `didEnterState`, `didFireEvent`. (The runtime's own hooks
/// exit first, as UML does; Transporter's machine calls the `will` closures itself.)
public enum Transporter {}
