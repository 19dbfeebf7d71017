// Tinder/StateMachine's result-builder DSL.
import StateMachine

final class Water {
    enum State: StateMachineHashable {
        case solid
        case liquid
        case gas
        case plasma
    }

    enum Event: StateMachineHashable {
        case melt
        case freeze
        case vaporize
        case condense
        case ionize
    }

    enum SideEffect {
        case logMelted
        case logFrozen
        case logVaporized
        case logCondensed
    }

    var isUnderPressure = false

    lazy var stateMachine = StateMachine<State, Event, SideEffect> {
        initialState(.solid)
        state(.solid) {
            on(.melt) {
                transition(to: .liquid, emit: .logMelted)
            }
        }
        state(.liquid) {
            on(.freeze) {
                transition(to: .solid, emit: .logFrozen)
            }
            on(.vaporize) {
                if isUnderPressure {
                    return dontTransition()
                }
                return transition(to: .gas, emit: .logVaporized)
            }
        }
        state(.gas) {
            on(.condense) {
                transition(to: .liquid, emit: .logCondensed)
            }
            on(.ionize) {
                dontTransition()
            }
        }
        onTransition { result in
            guard case let .success(transition) = result, let sideEffect = transition.sideEffect else { return }
            print(sideEffect)
        }
    }

    func heat() throws {
        try stateMachine.transition(.melt)
    }
}
