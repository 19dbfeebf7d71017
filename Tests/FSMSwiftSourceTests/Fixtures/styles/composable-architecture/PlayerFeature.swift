// The Composable Architecture: a feature whose `mode` field is a machine driven by its actions.
import ComposableArchitecture
import Foundation

@Reducer
struct PlayerFeature {
    @ObservableState
    struct State: Equatable {
        var mode: Mode = .idle
        var title = ""
        var progress: Double = 0
        @Presents var destination: Destination.State?

        enum Mode: Equatable {
            case idle
            case loading
            case playing
            case paused
            case failed(String)
        }
    }

    enum Action {
        case playTapped
        case pauseTapped
        case stopTapped
        case trackLoaded(Result<URL, any Error>)
        case tick
        case settingsTapped
        case destination(PresentationAction<Destination.Action>)
    }

    @Reducer
    enum Destination {
        case settings(SettingsFeature)
        case share(ShareFeature)
    }

    @Dependency(\.audioPlayer) var audioPlayer

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .playTapped:
                switch state.mode {
                case .idle, .failed:
                    state.mode = .loading
                    return .run { send in
                        await send(.trackLoaded(Result { try await audioPlayer.load() }))
                    }
                case .paused:
                    state.mode = .playing
                    return .none
                default:
                    return .none
                }

            case .pauseTapped:
                guard case .playing = state.mode else { return .none }
                state.mode = .paused
                return .none

            case .stopTapped:
                state.mode = .idle
                state.progress = 0
                return .none

            case .trackLoaded(.success):
                if case .loading = state.mode {
                    state.mode = .playing
                }
                return .none

            case let .trackLoaded(.failure(error)):
                state.mode = .failed(error.localizedDescription)
                return .none

            case .tick:
                state.progress += 1
                return .none

            case .settingsTapped:
                state.destination = .settings(SettingsFeature.State())
                return .none

            case .destination:
                return .none
            }
        }
        .ifLet(\.$destination, action: \.destination)
    }
}

// An app whose whole state is an enum, written as a reducer function.
struct AppFeature: Reducer {
    enum State: Equatable {
        case loggedOut
        case loggingIn
        case loggedIn(User)
    }

    enum Action {
        case logInTapped
        case logInResponse(Bool)
        case logOutTapped
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .logInTapped:
            state = .loggingIn
            return .none
        case .logInResponse(let succeeded):
            guard case .loggingIn = state else { return .none }
            state = succeeded ? .loggedIn(User()) : .loggedOut
            return .none
        case .logOutTapped:
            if state != .loggedOut {
                state = .loggedOut
            }
            return .none
        }
    }
}

@MainActor
let appStore = Store(initialState: AppFeature.State.loggedOut) {
    AppFeature()
}
