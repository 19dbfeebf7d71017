// A transition function whose result wraps the next state with an effect: the state is the
// wrapper's argument labelled as one, and returning the state given is staying.

enum Phase { case idle, loading, loaded }

enum PhaseAction { case fetch, done, reset }

struct TransitionEffect {
    let toState: Phase
    let effect: String?
}

func reduce(_ state: Phase, _ action: PhaseAction) -> TransitionEffect {
    switch (state, action) {
    case (.idle, .fetch): return TransitionEffect(toState: .loading, effect: "load")
    case (.loading, .done): return TransitionEffect(toState: .loaded, effect: nil)
    case (_, .reset): return TransitionEffect(toState: .idle, effect: nil)
    default: return TransitionEffect(toState: state, effect: nil)
    }
}

struct Loader {
    var state: Phase = .idle

    mutating func handle(_ action: PhaseAction) {
        switch (state, action) {
        case (.idle, .fetch): state = .loading
        case (.loading, .done): state = .loaded
        default: break
        }
    }
}
