import Combine
import RxRelay

/// View models that keep their state in a subject holding the current value, read as its `value`
/// and changed by sending a new one (`send`, `accept`) or by setting `value`, also in callbacks.
final class PlayerViewModel {
    enum State {
        case idle, loading, playing, paused, failed
    }

    let state = CurrentValueSubject<State, Never>(.idle)
    private let loader: (@escaping (Bool) -> Void) -> Void

    init(loader: @escaping (@escaping (Bool) -> Void) -> Void) {
        self.loader = loader
    }

    func load() {
        guard case .idle = state.value else { return }
        state.send(.loading)
        loader { [weak self] ok in
            self?.state.send(ok ? .playing : .failed)
        }
    }

    func togglePause() {
        switch state.value {
        case .playing: state.value = .paused
        case .paused: state.send(.playing)
        default: break
        }
    }

    func reset() {
        if state.value == .failed {
            state.send(.idle)
        }
    }
}

final class LoginViewModel {
    enum LoginState {
        case signedOut, signingIn, signedIn
    }

    let loginState: BehaviorRelay<LoginState>

    init() {
        loginState = BehaviorRelay(value: .signedOut)
    }

    func signIn() {
        guard loginState.value == .signedOut else { return }
        loginState.accept(.signingIn)
    }

    func didSignIn() {
        guard loginState.value == .signingIn else { return }
        loginState.accept(.signedIn)
    }

    func signOut() {
        loginState.accept(.signedOut)
    }
}
