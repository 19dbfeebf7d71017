/// A reducer that only counts changes no enum: no machine.
struct CounterState { var count = 0 }

enum CounterAction { case increment, decrement }

func counterReducer(action: CounterAction, state: CounterState?) -> CounterState {
    var state = state ?? CounterState()
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return state
}
