import Combine

/// A view model that subscribes a private handler to its actions, which calls one method per
/// action: the actions are the events, and one the handler names only to pass over is none.
final class CheckoutViewModel {
    enum Action {
        case load, pay, dismiss
    }

    enum State {
        case idle, loading, ready, paid
    }

    let actions = PassthroughSubject<Action, Never>()
    private let state = CurrentValueSubject<State, Never>(.idle)
    private var subscriptions = Set<AnyCancellable>()

    init() {
        actions.sink { [weak self] action in self?.handle(action) }.store(in: &subscriptions)
    }

    private func handle(_ action: Action) {
        switch action {
        case .load: load()
        case .pay: pay()
        case .dismiss: break
        }
    }

    private func load() {
        state.send(.loading)
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
            self?.state.send(.ready)
        }
    }

    private func pay() {
        guard state.value == .ready else { return }
        state.send(.paid)
    }
}
