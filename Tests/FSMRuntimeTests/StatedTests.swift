import FSMAnalysis
import FSMCore
import FSMDOT
import FSMRuntime
import Foundation
import TestSupport
import Testing

/// Stated's DSL on the runtime, checked against Stated's README example (AppLauncher) and
/// `samples/stated-app-launcher.json`.
@Suite struct StatedTests {
    // MARK: The README's services, as fakes that record what the launcher asks of them.

    final class UpgradeService: Sendable {
        let isUpgradePending: Bool
        init(isUpgradePending: Bool) { self.isUpgradePending = isUpgradePending }
    }

    final class APIService: Sendable {
        let canLogIn: Bool
        init(canLogIn: Bool) { self.canLogIn = canLogIn }
    }

    /// Indexes at once: its completion sends an input from inside a side effect.
    final class PersistenceService: Sendable {
        func createSecondaryIndices(onCompletion: @Sendable () -> Void) { onCompletion() }
    }

    /// Records the screens shown; the upgrade finishes at once, the log-in and log-out
    /// buttons wait for the test to press them.
    final class RootViewController: Sendable {
        let screens = Log()
        let logOutButton = Shared<(@Sendable () -> Void)?>(nil)
        let logInButton = Shared<(@Sendable () -> Void)?>(nil)

        func showUpgradeProgressController(onCompletion: @Sendable () -> Void) {
            screens.add("upgrade progress")
            onCompletion()
        }

        func showLoggedInExperience(apiService: APIService, db: PersistenceService, onLogOut: @escaping @Sendable () -> Void) {
            screens.add("logged in")
            logOutButton.withLock { $0 = onLogOut }
        }

        func showLogInViewController(onLoggedIn: @escaping @Sendable () -> Void) {
            screens.add("log in")
            logInButton.withLock { $0 = onLoggedIn }
        }

        func press(_ button: Shared<(@Sendable () -> Void)?>) {
            button.withLock { $0 }?()
        }
    }

    // MARK: The README's AppLauncher

    final class AppLauncher: Sendable {
        typealias StateMachine = Stated.StateMachine

        struct UninitializedState: Stated.SimpleState {}
        struct InitializedState: Stated.SimpleState {}
        struct UpgradingState: Stated.SimpleState {}
        struct IndexingState: Stated.SimpleState {}
        struct LoggedInState: Stated.SimpleState {}
        struct LoggedOutState: Stated.SimpleState {}

        enum States {
            static let uninitialized = UninitializedState.slot
            static let initialized = InitializedState.slot
            static let upgrading = UpgradingState.slot
            static let indexing = IndexingState.slot
            static let loggedIn = LoggedInState.slot
            static let loggedOut = LoggedOutState.slot
        }

        enum Inputs {
            static let initialize = Stated.input("initialize")
            static let upgrade = Stated.input("upgrade")
            static let indexDatabase = Stated.input("indexDatabase")
            static let logIn = Stated.input("logIn")
            static let logOut = Stated.input("logOut")
        }

        let machine: StateMachine

        /// - Parameter longForm: Define the mappings with the long-form syntax instead of
        ///   the operators (the README says they are exactly equivalent).
        init(
            upgradeService: UpgradeService, apiService: APIService, db: PersistenceService,
            rootViewController: RootViewController, longForm: Bool = false
        ) throws {
            // MARK: Side effects, labelled for diagrams

            let initialize = Stated.SideEffect("initialize (sends upgrade or indexDatabase)") { stateMachine in
                if upgradeService.isUpgradePending {
                    stateMachine.send(Inputs.upgrade)
                } else {
                    stateMachine.send(Inputs.indexDatabase)
                }
            }
            // The view controller keeps closures that send to the machine (its buttons), so
            // the side effects hold it weakly: a strong capture would be a reference cycle.
            let upgrade = Stated.SideEffect("upgrade (sends indexDatabase)") { [weak rootViewController] stateMachine in
                rootViewController?.showUpgradeProgressController(onCompletion: {
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
            let logIn = Stated.SideEffect("logIn (sends logOut)") { [weak rootViewController] stateMachine in
                rootViewController?.showLoggedInExperience(
                    apiService: apiService, db: db,
                    onLogOut: {
                        stateMachine.send(Inputs.logOut)
                    })
            }
            let logOut = Stated.SideEffect("logOut (sends logIn)") { [weak rootViewController] stateMachine in
                rootViewController?.showLogInViewController(onLoggedIn: {
                    stateMachine.send(Inputs.logIn)
                })
            }

            // MARK: Mappings

            let mappings: [any Stated.AnyStateTransitionTrigger]
            if longForm {
                mappings = [
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
                        .performingSideEffect(logOut),
                ]
            } else {
                // swift-format-ignore: NoBlockComments
                // Stated's own table, with its column header, as its README writes it.
                mappings = [
                    /* Input             |        from          =>        to          | side effect */
                    Inputs.initialize | States.uninitialized => States.initialized | initialize,

                    Inputs.upgrade | States.initialized => States.upgrading | upgrade,

                    Inputs.indexDatabase | States.upgrading => States.indexing | indexDatabase,
                    Inputs.indexDatabase | States.initialized => States.indexing | indexDatabase,

                    Inputs.logIn | States.indexing => States.loggedIn | logIn,
                    Inputs.logIn | States.loggedOut => States.loggedIn | logIn,

                    Inputs.logOut | States.indexing => States.loggedOut | logOut,
                    Inputs.logOut | States.loggedIn => States.loggedOut | logOut,
                ]
            }
            machine = StateMachine(initialState: UninitializedState(), mappings: mappings)
        }

        @discardableResult
        func initialize() -> StateMachine.Result {
            machine.send(Inputs.initialize)
        }
    }

    typealias States = AppLauncher.States
    typealias Inputs = AppLauncher.Inputs

    static func launcher(upgradePending: Bool, canLogIn: Bool, longForm: Bool = false) throws -> (AppLauncher, RootViewController) {
        let root = RootViewController()
        let launcher = try AppLauncher(
            upgradeService: UpgradeService(isUpgradePending: upgradePending), apiService: APIService(canLogIn: canLogIn),
            db: PersistenceService(), rootViewController: root, longForm: longForm)
        return (launcher, root)
    }

    static func path(_ machine: Stated.StateMachine) -> [String] {
        machine.history.map { "\($0.source)-\($0.event ?? "")->\($0.target)" }
    }

    // MARK: Running the README's machine

    @Test(arguments: [false, true])
    func launchesStraightToLoggedIn(longForm: Bool) throws {
        let (launcher, root) = try Self.launcher(upgradePending: false, canLogIn: true, longForm: longForm)
        #expect(launcher.machine.currentState == States.uninitialized)
        let result = launcher.initialize()
        // The outer send reports its own change; the inputs side effects sent were queued
        // and had all run by the time it returned.
        guard case .transitioned(let changes) = result else {
            Issue.record("expected the initialize input to be accepted, got \(result)")
            return
        }
        #expect(changes.map { "\($0.source)-\($0.event ?? "")->\($0.target)" } == ["uninitialized-initialize->initialized"])
        #expect(launcher.machine.currentState == States.loggedIn)
        #expect(
            Self.path(launcher.machine) == [
                "uninitialized-initialize->initialized", "initialized-indexDatabase->indexing", "indexing-logIn->loggedIn",
            ])
        #expect(root.screens.all == ["logged in"])

        root.press(root.logOutButton)
        #expect(launcher.machine.currentState == States.loggedOut)
        root.press(root.logInButton)  // logIn | loggedOut => loggedIn, the mapping the operator list left out
        #expect(launcher.machine.currentState == States.loggedIn)
        #expect(root.screens.all == ["logged in", "log in", "logged in"])
    }

    @Test func upgradesThenShowsLogIn() throws {
        let (launcher, root) = try Self.launcher(upgradePending: true, canLogIn: false)
        launcher.initialize()
        #expect(
            Self.path(launcher.machine) == [
                "uninitialized-initialize->initialized", "initialized-upgrade->upgrading", "upgrading-indexDatabase->indexing",
                "indexing-logOut->loggedOut",
            ])
        #expect(root.screens.all == ["upgrade progress", "log in"])
        switch launcher.machine.currentState {
        case States.loggedIn: Issue.record("should be logged out")
        case States.loggedOut: break
        default: Issue.record("unexpected state \(launcher.machine.currentState)")
        }
    }

    @Test func refusedInputsSayWhy() throws {
        let (launcher, _) = try Self.launcher(upgradePending: false, canLogIn: true)
        let machine = launcher.machine
        #expect(machine.send(Inputs.logOut) == .rejected(.notAllowed("logOut", in: machine.currentState)))
        #expect(machine.currentState == States.uninitialized)
        #expect(machine.send(Stated.input("reboot")) == .rejected(.unknownEvent("reboot")))
        #expect(machine.history.isEmpty)
    }

    @Test func sideEffectSendsAreQueued() throws {
        let results = Shared<[String]>([])
        let go = Stated.input("go")
        let next = Stated.input("next")
        let machine = Stated.StateMachine(
            initialState: A(),
            mappings: [
                go | A.slot => B.slot | { machine in
                    results.withLock { $0.append("sent next: \(machine.send(next))") }
                    results.withLock { $0.append("still \(machine.currentState)") }
                },
                next | B.slot => C.slot,
            ])
        #expect(machine.send(go).newState.map { $0 == B.slot } == true)
        #expect(machine.currentState == C.slot)
        #expect(results.withLock { $0 } == ["sent next: queued", "still b"])
    }

    // MARK: The model

    @Test func graphIsTheSampleMachine() throws {
        let sample = try Golden.loadSample("stated-app-launcher.json")
        let graph = try Self.launcher(upgradePending: false, canLogIn: true).0.machine.graph(name: "AppLauncher")
        #expect(MachineModel(graph) == MachineModel(sample), "\(MachineModel(graph))")
        #expect(MachineModel.findings(graph) == MachineModel.findings(sample))
        #expect(DOTWriter().write(graph) == (try Golden.dotGolden("stated-app-launcher.states.dot")))
        let longForm = try Self.launcher(upgradePending: false, canLogIn: true, longForm: true).0.machine.graph(name: "AppLauncher")
        #expect(longForm == graph)
    }

    @Test func stateNamesComeFromTypeNames() {
        #expect(AppLauncher.LoggedInState.stateName == "loggedIn")
        #expect(States.uninitialized.name == "uninitialized")
        #expect(Renamed.stateName == "custom")
        #expect(Idle.stateName == "idle")
    }

    // MARK: Inputs that carry arguments, states that take them

    struct Account: Hashable, Sendable { let name: String }
    enum DeepLink: Hashable, Sendable { case viewPost }
    enum LaunchedFrom: Hashable, Sendable {
        case fresh
        case url(String)
    }

    struct UninitializedState: Stated.SimpleState {}

    struct InitializedState: Stated.StateTakingInput {
        let deepLink: DeepLink?
        static func create(arguments: LaunchedFrom) -> InitializedState {
            switch arguments {
            case .fresh: InitializedState(deepLink: nil)
            case .url: InitializedState(deepLink: .viewPost)
            }
        }
    }

    /// Takes the account from the input and the deep link from the previous state.
    struct LoggedInState: Stated.State {
        let deepLink: DeepLink?
        let account: Account
        static func create(arguments: Account, state: DeepLink?) -> LoggedInState {
            LoggedInState(deepLink: state, account: arguments)
        }
    }

    struct CounterState: Stated.StateTakingInput {
        let count: Int
        static func create(arguments: Int) -> CounterState { CounterState(count: arguments) }
    }

    @Test func argumentsReachTheTargetState() throws {
        let start = Stated.input("start")
        let logIn = Stated.input("logIn", taking: Int.self)
        let machine = Stated.StateMachine(
            initialState: UninitializedState(),
            mappings: [
                start | UninitializedState.slot => AppLauncher.IndexingState.slot,
                logIn | AppLauncher.IndexingState.slot => CounterState.slot,
                logIn | CounterState.slot => CounterState.slot,
            ])
        machine.send(start)
        machine.send(logIn, 42)
        #expect(machine.state(in: CounterState.slot)?.count == 42)
        machine.send(logIn.withArgs(43))
        #expect(machine.state(in: CounterState.slot)?.count == 43)
        #expect(machine.state(in: AppLauncher.IndexingState.slot) == nil)
    }

    @Test(arguments: [LaunchedFrom.fresh, .url("app://post/1")])
    func mappedStatesCarryValuesAcross(launchedFrom: LaunchedFrom) throws {
        let initialize = Stated.input("initialize", taking: LaunchedFrom.self)
        let logIn = Stated.input("logIn", taking: Account.self)
        let seen = Shared<[String]>([])
        let machine = Stated.StateMachine(
            initialState: UninitializedState(),
            mappings: [
                initialize
                    .given(UninitializedState.slot)
                    .transition(to: InitializedState.slot)
                    .performingSideEffect("log in as ada") { machine in machine.send(logIn, Account(name: "ada")) },
                logIn | InitializedState.slot => { $0.deepLink } => LoggedInState.slot
                    | { machine, to, from, account in seen.withLock { $0.append("\(account.name) from \(from.deepLink.map { "\($0)" } ?? "nil")") } },
            ])
        machine.send(initialize, launchedFrom)
        let state = try #require(machine.state(in: LoggedInState.slot))
        #expect(state.account.name == "ada")
        #expect(state.deepLink == (launchedFrom == .fresh ? nil : .viewPost))
        #expect(seen.withLock { $0 } == ["ada from \(launchedFrom == .fresh ? "nil" : "viewPost")"])
        let graph = try machine.graph()
        #expect(graph.transitions.map(\.effects) == [["log in as ada"], ["side effect"]])
        #expect(graph.states.map(\.id) == ["uninitialized", "initialized", "loggedIn"])
    }

    @Test func inputsSentWithOtherArgumentsAreRefused() throws {
        let machine = Stated.StateMachine(
            initialState: UninitializedState(),
            mappings: [
                Stated.input("logIn", taking: Int.self) | UninitializedState.slot => CounterState.slot
            ])
        let result = machine.send(Stated.input("logIn", taking: String.self), "42")
        guard case .rejected(.declinedByGuard("logIn", let state)) = result else {
            Issue.record("expected the mapping to pass the input by, got \(result)")
            return
        }
        #expect(state == UninitializedState.slot)
        #expect(machine.currentState == UninitializedState.slot)
    }

    @Test func anInputWithoutANameIsNamedAfterItsCallSite() {
        let input = Stated.input()
        let counted = Stated.input(taking: Int.self)
        #expect(input.name == "input at StatedTests.swift:\(#line - 2):33")
        #expect(counted.name == "input at StatedTests.swift:\(#line - 2):35")
        #expect(Stated.input("named").name == "named")
    }

    /// Inputs are told apart by name and arguments, as Stated tells them apart by identity:
    /// an input with another input's name reaches its own mapping.
    @Test func inputsSharingANameReachTheirOwnMappings() throws {
        let go = Stated.input("go")
        let goCounting = Stated.input("go", taking: Int.self)
        let machine = Stated.StateMachine(
            initialState: Idle(),
            mappings: [
                go | Idle.slot => A.slot,
                goCounting | Idle.slot => CounterState.slot,
            ])
        machine.send(goCounting, 3)
        #expect(machine.state(in: CounterState.slot)?.count == 3)
        #expect(try machine.graph().events.map(\.id) == ["go"])
    }

    /// Two state types with one name run as two states; a diagram could not tell them apart,
    /// so the graph is refused.
    @Test func statesSharingANameRunButAreNotDrawn() {
        let machine = Stated.StateMachine(initialState: Idle(), mappings: [Stated.input("go") | Idle.slot => OtherIdle.slot])
        machine.send(Stated.input("go"))
        #expect(machine.currentState == OtherIdle.slot)
        #expect(!(machine.currentState == Idle.slot))
        #expect(throws: MachineError.duplicateState("idle", at: nil, firstDeclaredAt: nil)) { try machine.graph() }
    }

    @Test func concurrentSendersAndChainedSideEffects() throws {
        let go = Stated.input("go")
        let back = Stated.input("back")
        let machine = Stated.StateMachine(
            initialState: A(),
            mappings: [
                go | A.slot => B.slot | { machine in machine.send(back) },
                back | B.slot => A.slot,
            ])
        let accepted = Shared(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<100 where machine.send(go).newState != nil {
                accepted.withLock { $0 += 1 }
            }
        }
        // Every accepted go was followed, before anything else, by its side effect's back;
        // gos queued behind another thread's were accepted later, without telling their sender.
        #expect(machine.currentState == A.slot)
        let events = machine.history.map { $0.event ?? "" }
        #expect(events.count >= 2 * accepted.withLock { $0 })
        #expect(events == Array(repeating: ["go", "back"], count: events.count / 2).flatMap { $0 })
    }
}

struct A: Stated.SimpleState {}
struct B: Stated.SimpleState {}
struct C: Stated.SimpleState {}
struct Idle: Stated.SimpleState {}
/// Claims `Idle`'s name.
struct OtherIdle: Stated.SimpleState {
    static var stateName: String { "idle" }
}
struct Renamed: Stated.SimpleState {
    static var stateName: String { "custom" }
}
