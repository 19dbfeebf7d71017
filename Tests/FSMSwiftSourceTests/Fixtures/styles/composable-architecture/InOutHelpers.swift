import ComposableArchitecture

/// A reducer that lends its state to helpers (`return beginLoad(&state)`), one of which names it
/// otherwise: their changes are the calling action's.
@Reducer
struct ReportFeature {
    enum Load: Equatable {
        case idle, loading, loaded, failed
    }

    @ObservableState
    struct State: Equatable {
        var load: Load = .idle
    }

    enum Action {
        case appeared, retry, finished(Bool), reset
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .appeared:
                return beginLoad(&state)
            case .retry:
                guard state.load == .failed else { return .none }
                return beginLoad(&state)
            case .finished(let ok):
                state.load = ok ? .loaded : .failed
                return .none
            case .reset:
                clear(&state)
                return .none
            }
        }
    }

    private func beginLoad(_ state: inout State) -> Effect<Action> {
        state.load = .loading
        return .run { send in await send(.finished(true)) }
    }

    private func clear(_ report: inout State) {
        report.load = .idle
    }
}
