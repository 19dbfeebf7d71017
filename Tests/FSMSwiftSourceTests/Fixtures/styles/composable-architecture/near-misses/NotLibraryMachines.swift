// Library code that only looks like a machine: none of it may be read as one.
import ComposableArchitecture
import GameplayKit

// A counter: its reducer changes no enum-typed field.
@Reducer
struct CounterFeature {
    @ObservableState
    struct State: Equatable {
        var count = 0
        var sort: SortOrder = .ascending
        @Presents var destination: Destination.State?
    }

    enum SortOrder: Equatable {
        case ascending, descending
    }

    enum Action {
        case incrementTapped
        case decrementTapped
        case editTapped
        case destination(PresentationAction<Destination.Action>)
    }

    // A destination enum: presenting from anywhere and dismissing is navigation, not a machine.
    @Reducer
    enum Destination {
        case edit(EditFeature)
        case alert(AlertState<Alert>)
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .incrementTapped:
                state.count += 1
                return .none
            case .decrementTapped:
                state.count -= 1
                return .none
            case .editTapped:
                state.destination = .edit(EditFeature.State(count: state.count))
                return .none
            case .destination(.presented(.edit(.delegate(.saved(let count))))):
                state.count = count
                state.destination = nil
                return .none
            case .destination:
                return .none
            }
        }
        .ifLet(\.$destination, action: \.destination)
    }
}

// GameplayKit states that no GKStateMachine gathers: a library of states, no machine.
final class IdleAgentState: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        stateClass is ChasingAgentState.Type
    }
}

final class ChasingAgentState: GKState {}

// A table of entry sounds keyed by (from, to): two states, no event.
enum Room { case hall, kitchen }

let entrySounds: [Room: [Room: String]] = [
    .hall: [.kitchen: "door"],
    .kitchen: [.hall: "creak"],
]

func playEntrySound(from: Room, to: Room) -> String? {
    switch (from, to) {
    case (.hall, .kitchen): return "door"
    case (.kitchen, .hall): return "creak"
    default: return nil
    }
}
