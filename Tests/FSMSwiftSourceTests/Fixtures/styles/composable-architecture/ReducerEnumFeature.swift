// The Composable Architecture as its examples write it now: a @Reducer enum whose State and
// Action the macro writes, each case a child feature, and effects' results nested in actions.
import ComposableArchitecture

@Reducer
enum Onboarding {
    case welcome(Welcome)
    case signUp(SignUp)
    case home(Home)

    static var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .welcome(.startTapped):
                state = .signUp(SignUp.State())
                return .none
            case .signUp(.response(.success(let account))) where account.isVerified:
                state = .home(Home.State())
                return .none
            case .signUp(.cancelTapped):
                state = .welcome(Welcome.State())
                return .none
            case .signUp, .welcome, .home:
                return .none
            }
        }
        .ifCaseLet(\.welcome, action: \.welcome) { Welcome() }
    }
}

@Reducer
struct Recorder {
    @ObservableState
    struct State {
        var mode = Mode.idle
    }

    enum Mode {
        case idle, recording, failed
    }

    enum Action {
        case recordTapped
        case recorder(Result<Bool, any Error>)
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .recordTapped:
                state.mode = .recording
                return .none
            case .recorder(.failure):
                state.mode = .failed
                return .none
            case .recorder:
                state.mode = .idle
                return .none
            }
        }
    }
}
