// Cases matched by what they hold: a sub-pattern narrows its case, which is a condition of the
// transition, so a later case of the same state and event is not shadowed by an earlier one.

enum Reason { case transport, timeout }

enum Fetch {
    case idle, loading, failed(Reason), done
}

enum FetchEvent {
    case load, fail(Reason), retry, finish
}

func next(_ state: Fetch, _ event: FetchEvent) -> Fetch {
    switch (state, event) {
    case (.idle, .load): return .loading
    case (.loading, .fail(let reason)): return .failed(reason)
    case (.failed(.transport), .retry): return .loading
    case (.failed(.timeout), .retry): return .idle
    case let (.failed(reason), .load) where reason == .timeout: return .loading
    case (.loading, .finish): return .done
    default: return state
    }
}

struct Download {
    var state: Fetch = .idle

    mutating func retry() {
        switch self.state {
        case .failed(.transport): self.state = .loading
        case .failed(_): self.state = .idle
        case .idle, .loading, .done: break
        }
    }
}
