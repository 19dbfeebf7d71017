// RxAutomaton: rows of `input | from => to`, the first matching row wins.
import RxAutomaton
import RxSwift

enum AuthState: String {
    case loggedOut
    case loggingIn
    case loggedIn
    case loggingOut
}

enum AuthInput: String {
    case login
    case loginOK
    case loginFailed
    case logout
    case forceLogout
    case logoutOK
}

final class LoginViewModel {
    let automaton: Automaton<AuthState, AuthInput>

    init(inputs: Observable<AuthInput>) {
        let mappings: [Automaton<AuthState, AuthInput>.Mapping] = [
            /*  Input          |   fromState    =>  toState      */
            .login          | .loggedOut   => .loggingIn,
            .loginOK        | .loggingIn   => .loggedIn,
            .loginFailed    | .loggingIn   => .loggedOut,
            .logout         | .loggedIn    => .loggingOut,
            .logoutOK       | .loggingOut  => .loggedOut,
            .forceLogout    | .loggingIn   => .loggedOut,
            .forceLogout    | .any         => .loggingOut,
        ]
        automaton = Automaton(state: .loggedOut, input: inputs, mapping: reduce(mappings))
    }
}

// Stated's rows: states and inputs are static members of namespaces, side effects follow.
final class Onboarding {
    struct WelcomeState: Stated.SimpleState {}
    struct PermissionsState: Stated.SimpleState {}
    struct DoneState: Stated.SimpleState {}

    enum States {
        static let welcome = WelcomeState.slot
        static let askingPermissions = PermissionsState.slot
        static let done = DoneState.slot
    }

    enum Inputs {
        static let next = Stated.input("next")
        static let skip = Stated.input("skipOnboarding")
    }

    let machine: Stated.StateMachine

    init() {
        let askForPermissions = Stated.SideEffect("ask for permissions") { _ in }
        let mappings: [any Stated.AnyStateTransitionTrigger] = [
            Inputs.next | States.welcome           => States.askingPermissions | askForPermissions,
            Inputs.next | States.askingPermissions => States.done,
            Inputs.skip | States.welcome           => States.done,
        ]
        machine = Stated.StateMachine(initialState: WelcomeState(), mappings: mappings)
    }
}

// Not rows: bitmasks in an array.
let flags: [Int] = [1 | 2, 4 | 8]
