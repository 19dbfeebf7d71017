import FSMDOT
import FSMRuntime
import Foundation

/// Stated's README example: an app launcher that upgrades the database if needed, indexes
/// it, then shows the logged-in or logged-out experience.
struct StatedAppLauncher: Example {
    static let name = "stated"
    static let summary = "Stated: the AppLauncher from its README (operator DSL on Stated.StateMachine)"

    static func run() async throws {
        let root = RootViewController()
        let launcher = try AppLauncher(
            upgradeService: Upgrade(isUpgradePending: true), apiService: APIService(canLogIn: false),
            db: PersistenceService(), rootViewController: root)
        launcher.machine.observe { change in
            print("  \(change.source) --\(change.event ?? "")--> \(change.target)")
        }
        print("currentState: \(launcher.machine.currentState)")
        print("initialize()  // an upgrade is pending; the API cannot log in yet")
        if case .transitioned(let changes) = launcher.initialize() {
            // The inputs the side effects sent were queued and ran before send returned.
            print("  -> send returned .transitioned(\(changes.map { "\($0.source) -> \($0.target)" }))")
        }
        print("the user logs in on the log-in screen")
        root.tap(root.onLoggedIn)
        print("the user logs out")
        root.tap(root.onLogOut)
        print("currentState: \(launcher.machine.currentState)")

        print("\nDOT:")
        print(DOTWriter().write(try launcher.machine.graph(name: "AppLauncher")))
    }
}

// MARK: The README's services, printing what they are asked to do

final class Upgrade: Sendable {
    let isUpgradePending: Bool
    init(isUpgradePending: Bool) { self.isUpgradePending = isUpgradePending }
}

final class APIService: Sendable {
    let canLogIn: Bool
    init(canLogIn: Bool) { self.canLogIn = canLogIn }
}

final class PersistenceService: Sendable {
    func createSecondaryIndices(onCompletion: @Sendable () -> Void) {
        print("    db: creating secondary indices")
        onCompletion()
    }
}

/// Shows screens; the upgrade completes at once, the buttons wait to be tapped.
final class RootViewController: Sendable {
    let onLogOut = Button()
    let onLoggedIn = Button()

    func showUpgradeProgressController(onCompletion: @Sendable () -> Void) {
        print("    ui: upgrade progress")
        onCompletion()
    }

    func showLoggedInExperience(apiService: APIService, db: PersistenceService, onLogOut: @escaping @Sendable () -> Void) {
        print("    ui: logged-in experience")
        self.onLogOut.action = onLogOut
    }

    func showLogInViewController(onLoggedIn: @escaping @Sendable () -> Void) {
        print("    ui: log-in screen")
        self.onLoggedIn.action = onLoggedIn
    }

    func tap(_ button: Button) { button.action?() }
}

/// A button's action, set by one screen and tapped later.
final class Button: Sendable {
    private let storage = Locked<(@Sendable () -> Void)?>(nil)
    var action: (@Sendable () -> Void)? {
        get { storage.value }
        set { storage.value = newValue }
    }
}

// MARK: The README's AppLauncher

final class AppLauncher: Sendable {
    typealias StateMachine = Stated.StateMachine

    // MARK: Create some simple states that hold no data.

    struct UninitializedState: Stated.SimpleState {}
    struct InitializedState: Stated.SimpleState {}
    struct UpgradingState: Stated.SimpleState {}
    struct IndexingState: Stated.SimpleState {}
    struct LoggedInState: Stated.SimpleState {}
    struct LoggedOutState: Stated.SimpleState {}

    // MARK: Define the states we're going to use by creating "slots" in which the system can place a given instance of one of our states

    enum States {
        static let uninitialized = UninitializedState.slot
        static let initialized = InitializedState.slot
        static let upgrading = UpgradingState.slot
        static let indexing = IndexingState.slot
        static let loggedIn = LoggedInState.slot
        static let loggedOut = LoggedOutState.slot
    }

    // MARK: Define inputs that will be used to trigger transitions between the above states

    enum Inputs {
        static let initialize = Stated.input("initialize")
        static let upgrade = Stated.input("upgrade")
        static let indexDatabase = Stated.input("indexDatabase")
        static let logIn = Stated.input("logIn")
        static let logOut = Stated.input("logOut")
    }

    let machine: StateMachine

    init(upgradeService: Upgrade, apiService: APIService, db: PersistenceService, rootViewController: RootViewController) throws {
        // MARK: Side Effects (labelled: the labels are what diagrams show)

        let initialize = Stated.SideEffect("initialize (sends upgrade or indexDatabase)") { stateMachine in
            if upgradeService.isUpgradePending {
                stateMachine.send(Inputs.upgrade)
            } else {
                stateMachine.send(Inputs.indexDatabase)
            }
        }

        let upgrade = Stated.SideEffect("upgrade (sends indexDatabase)") { stateMachine in
            rootViewController.showUpgradeProgressController(onCompletion: {
                stateMachine.send(Inputs.indexDatabase)
            })
        }

        let indexDatabase = Stated.SideEffect("indexDatabase (sends logIn or logOut)") { stateMachine in
            db.createSecondaryIndices(onCompletion: {
                if apiService.canLogIn {
                    stateMachine.send(Inputs.logIn)
                } else {
                    stateMachine.send(Inputs.logOut)
                }
            })
        }

        let logIn = Stated.SideEffect("logIn (sends logOut)") { stateMachine in
            rootViewController.showLoggedInExperience(
                apiService: apiService, db: db,
                onLogOut: {
                    stateMachine.send(Inputs.logOut)
                })
        }

        let logOut = Stated.SideEffect("logOut (sends logIn)") { stateMachine in
            rootViewController.showLogInViewController(onLoggedIn: {
                stateMachine.send(Inputs.logIn)
            })
        }

        // MARK: Define state machine using the inputs, slots and side effects from above

        // swift-format-ignore: NoBlockComments
        // Stated's own table, with its column header, as its README writes it.
        let mappings: [any Stated.AnyStateTransitionTrigger] = [
            /* Input             |        from          =>        to          | side effect */
            Inputs.initialize | States.uninitialized => States.initialized | initialize,

            Inputs.upgrade | States.initialized => States.upgrading | upgrade,

            Inputs.indexDatabase | States.upgrading => States.indexing | indexDatabase,
            Inputs.indexDatabase | States.initialized => States.indexing | indexDatabase,

            Inputs.logIn | States.indexing => States.loggedIn | logIn,
            Inputs.logIn | States.loggedOut => States.loggedIn | logIn,  // in the README's long form only

            Inputs.logOut | States.indexing => States.loggedOut | logOut,
            Inputs.logOut | States.loggedIn => States.loggedOut | logOut,
        ]
        machine = StateMachine(initialState: UninitializedState(), mappings: mappings)
    }

    // MARK: Internal methods

    @discardableResult
    func initialize() -> StateMachine.Result {
        machine.send(Inputs.initialize)
    }
}
