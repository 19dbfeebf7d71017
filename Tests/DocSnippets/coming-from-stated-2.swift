// What the Stated guide's inputs-with-arguments lines take from the launcher above them: its
// machine, and the app's deep links and accounts.
import FSMRuntime

struct DeepLink: Sendable {}
struct Account: Sendable {}

struct IdleState: Stated.SimpleState {}

let machine = Stated.StateMachine(initialState: IdleState(), mappings: [])
