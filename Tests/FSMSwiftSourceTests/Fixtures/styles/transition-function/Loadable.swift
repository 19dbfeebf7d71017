// The "loadable" pattern: a switch on the state with a switch on the event in each case.
enum Loadable {
    case empty
    case loading
    case loaded
    case failed
}

enum LoadAction {
    case fetch
    case succeed
    case fail
    case reset
}

struct LoadableReducer {
    var state = Loadable.empty

    func reduce(state: Loadable, action: LoadAction) -> Loadable {
        switch state {
        case .empty:
            switch action {
            case .fetch: return .loading
            default: return state
            }
        case .loading:
            switch action {
            case .succeed: return .loaded
            case .fail: return .failed
            default: return state
            }
        case .loaded, .failed:
            switch action {
            case .reset: return .empty
            case .fetch:
                if state == .failed { return .loading }
                return state
            default: return state
            }
        }
    }
}
