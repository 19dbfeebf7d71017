import ReactorKit
import RxSwift

// A reactor whose reduce changes no enum-typed field: flags and values only, no machine.
final class ProfileReactor: Reactor {
    enum Action { case refresh, follow }
    enum Mutation { case setLoading(Bool), setName(String), setFollowing(Bool) }
    struct State {
        var isLoading = false
        var name = ""
        var isFollowing = false
    }

    let initialState = State()

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .refresh: return .just(.setLoading(true))
        case .follow: return .just(.setFollowing(true))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var newState = state
        switch mutation {
        case .setLoading(let isLoading): newState.isLoading = isLoading
        case .setName(let name): newState.name = name
        case .setFollowing(let isFollowing): newState.isFollowing = isFollowing
        }
        return newState
    }
}
