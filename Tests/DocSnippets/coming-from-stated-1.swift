// What the Stated guide's launcher leaves out: the app's services, and the states, inputs and
// side effects its `// ...` lines stand for.
import FSMRuntime

struct Upgrade: Sendable { var isUpgradePending = false }
struct APIService: Sendable {}
struct PersistenceService: Sendable {}
struct RootViewController: Sendable {}

extension AppLauncher {
    struct UpgradingState: Stated.SimpleState {}
    struct IndexingState: Stated.SimpleState {}
    struct LoggedInState: Stated.SimpleState {}
    struct LoggedOutState: Stated.SimpleState {}
}

extension AppLauncher.States {
    static let upgrading = AppLauncher.UpgradingState.slot
    static let indexing = AppLauncher.IndexingState.slot
    static let loggedIn = AppLauncher.LoggedInState.slot
    static let loggedOut = AppLauncher.LoggedOutState.slot
}

extension AppLauncher.Inputs {
    static let indexDatabase = Stated.input("indexDatabase")
    static let logIn = Stated.input("logIn")
    static let logOut = Stated.input("logOut")
}

let upgrade = Stated.SideEffect("upgrade") { _ in }
let indexDatabase = Stated.SideEffect("indexDatabase") { _ in }
let logIn = Stated.SideEffect("logIn") { _ in }
let logOut = Stated.SideEffect("logOut") { _ in }
