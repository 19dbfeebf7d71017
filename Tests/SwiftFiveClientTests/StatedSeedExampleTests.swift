// swift-format-ignore-file
// A seed's README example, kept as its authors laid it out: only the edits the header lists.
import FSMCore
import FSMRuntime
import Testing

// Stated's README example as a Swift 5 client writes it: side effects are plain local
// functions, not marked @Sendable, capturing plain classes. The edits it needs are listed in
// docs/coming-from-stated.md: `import Stated` is `import FSMRuntime`; `SimpleState`,
// `StateMachine`, `AnyStateTransitionTrigger` and `input()` are qualified with `Stated.`; the
// README's stray comma in the long form is fixed, and its two `let mappings` (two
// alternatives in one scope) are the two branches of an `if`. The services are the test's.

final class Upgrade {
    var isUpgradePending = false
}

final class APIService {
    var canLogIn = true
}

final class PersistenceService {
    var indexed = 0
    func createSecondaryIndices(onCompletion: () -> Void) {
        indexed += 1
        onCompletion()
    }
}

final class RootViewController {
    var shown: [String] = []
    var onLogOut: (() -> Void)?
    var onLoggedIn: (() -> Void)?

    func showUpgradeProgressController(onCompletion: () -> Void) {
        shown.append("upgrade progress")
        onCompletion()
    }

    func showLoggedInExperience(apiService: APIService, db: PersistenceService, onLogOut: @escaping () -> Void) {
        shown.append("logged in")
        self.onLogOut = onLogOut
    }

    func showLogInViewController(onLoggedIn: @escaping () -> Void) {
        shown.append("log in")
        self.onLoggedIn = onLoggedIn
    }
}

class AppLauncher {

    // MARK: Create some simple states that hold no data.

    struct UninitializedState: Stated.SimpleState { }
    struct InitializedState: Stated.SimpleState { }
    struct UpgradingState: Stated.SimpleState { }
    struct IndexingState: Stated.SimpleState { }
    struct LoggedInState: Stated.SimpleState { }
    struct LoggedOutState: Stated.SimpleState { }

    // MARK: Define the states we're going to use by creating "slots" in which the system can place a given instance of one of our states

    struct States {
        static let uninitialized = UninitializedState.slot
        static let initialized = InitializedState.slot
        static let upgrading = UpgradingState.slot
        static let indexing = IndexingState.slot
        static let loggedIn = LoggedInState.slot
        static let loggedOut = LoggedOutState.slot
    }

    // MARK: Define inputs that will be used to trigger transitions between the above states

    struct Inputs {
        static let initialize = Stated.input()
        static let upgrade = Stated.input()
        static let indexDatabase = Stated.input()
        static let logIn = Stated.input()
        static let logOut = Stated.input()
    }

    // MARK: Private propteries

    private(set) var machine: Stated.StateMachine!

    // MARK: Lifecycle

    init(upgradeService: Upgrade, apiService: APIService, db: PersistenceService, rootViewController: RootViewController, operatorSyntax: Bool = false) {

        // MARK: Side Effects

        func initialize(stateMachine: Stated.StateMachine) {
            if upgradeService.isUpgradePending {
                stateMachine.send(Inputs.upgrade)
            } else {
                stateMachine.send(Inputs.indexDatabase)
            }
        }

        func upgrade(stateMachine: Stated.StateMachine) {
            rootViewController.showUpgradeProgressController(onCompletion: {
                stateMachine.send(Inputs.indexDatabase)
            })
        }

        func indexDatabase(stateMachine: Stated.StateMachine) {
            db.createSecondaryIndices(onCompletion: {
                if apiService.canLogIn {
                    stateMachine.send(Inputs.logIn)
                } else {
                    stateMachine.send(Inputs.logOut)
                }
            })
        }

        func logIn(stateMachine: Stated.StateMachine) {
            rootViewController.showLoggedInExperience(apiService: apiService, db: db, onLogOut: {
                stateMachine.send(Inputs.logOut)
            })
        }

        func logOut(stateMachine: Stated.StateMachine) {
            rootViewController.showLogInViewController(onLoggedIn: {
                stateMachine.send(Inputs.logIn)
            })
        }

        // MARK: Define state machine using the inputs, slots and side effects from above

        if !operatorSyntax {
            // This is the long-form syntax and is exactly equivalent to the operator syntax below
            let mappings: [Stated.AnyStateTransitionTrigger] = [
                Inputs.initialize
                    .given(States.uninitialized)
                    .transition(to: States.initialized)
                    .performingSideEffect(initialize),

                Inputs.upgrade
                    .given(States.initialized)
                    .transition(to: States.upgrading)
                    .performingSideEffect(upgrade),

                Inputs.indexDatabase
                    .given(States.upgrading)
                    .transition(to: States.indexing)
                    .performingSideEffect(indexDatabase),
                Inputs.indexDatabase
                    .given(States.initialized)
                    .transition(to: States.indexing)
                    .performingSideEffect(indexDatabase),

                Inputs.logIn
                    .given(States.indexing)
                    .transition(to: States.loggedIn)
                    .performingSideEffect(logIn),
                Inputs.logIn
                    .given(States.loggedOut)
                    .transition(to: States.loggedIn)
                    .performingSideEffect(logIn),

                Inputs.logOut
                    .given(States.indexing)
                    .transition(to: States.loggedOut)
                    .performingSideEffect(logOut),
                Inputs.logOut
                    .given(States.loggedIn)
                    .transition(to: States.loggedOut)
                    .performingSideEffect(logOut)
            ]

            machine = Stated.StateMachine(initialState: UninitializedState(), mappings: mappings)
        } else {
            // This is the shorter operator syntax and is exactly equivalent to the syntax above.
            // It is very easy to visualize how the system should behave in this case
            let mappings: [Stated.AnyStateTransitionTrigger] = [
                /* Input             |        from          =>        to          | side effect */
                Inputs.initialize    | States.uninitialized => States.initialized | initialize,

                Inputs.upgrade       | States.initialized   => States.upgrading   | upgrade,

                Inputs.indexDatabase | States.upgrading     => States.indexing    | indexDatabase,
                Inputs.indexDatabase | States.initialized   => States.indexing    | indexDatabase,

                Inputs.logIn         | States.indexing      => States.loggedIn    | logIn,

                Inputs.logOut        | States.indexing      => States.loggedOut   | logOut,
                Inputs.logOut        | States.loggedIn      => States.loggedOut   | logOut,
            ]
            machine = Stated.StateMachine(initialState: UninitializedState(), mappings: mappings)
        }
    }

    // MARK: Internal methods

    func initialize() {
        machine.send(Inputs.initialize)
    }
}

@Suite struct StatedSeedExampleTests {
    @Test func theLongFormLaunchesUpgradesIndexesAndLogsIn() throws {
        let upgrade = Upgrade()
        upgrade.isUpgradePending = true
        let root = RootViewController()
        let db = PersistenceService()
        let launcher = AppLauncher(upgradeService: upgrade, apiService: APIService(), db: db, rootViewController: root)
        let machine = try #require(launcher.machine)
        launcher.initialize()
        #expect(machine.currentState == AppLauncher.States.loggedIn)
        #expect(root.shown == ["upgrade progress", "logged in"])
        #expect(db.indexed == 1)
        root.onLogOut?()
        #expect(machine.currentState == AppLauncher.States.loggedOut)
        root.onLoggedIn?()
        #expect(machine.currentState == AppLauncher.States.loggedIn)
        let graph = try machine.graph()
        // Unnamed inputs are named after where they are created: five places, five inputs.
        let names = graph.events.map(\.id.rawValue)
        #expect(Set(names).count == 5)
        #expect(names.allSatisfy { $0.hasPrefix("input at StatedSeedExampleTests.swift:") })
        #expect(graph.transitions.count == 8)
    }

    @Test func theOperatorFormIsTheSameMachine() throws {
        let root = RootViewController()
        let api = APIService()
        api.canLogIn = false
        let launcher = AppLauncher(
            upgradeService: Upgrade(), apiService: api, db: PersistenceService(), rootViewController: root, operatorSyntax: true)
        let machine = try #require(launcher.machine)
        machine.send(AppLauncher.Inputs.initialize)
        #expect(machine.currentState == AppLauncher.States.loggedOut)
        #expect(root.shown == ["log in"])
        #expect(try machine.graph().transitions.count == 7)
    }
}
