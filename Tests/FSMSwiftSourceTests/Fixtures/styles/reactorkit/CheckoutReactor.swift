import ReactorKit
import RxSwift

// A checkout screen's reactor: actions become mutations in mutate(action:), and
// reduce(state:mutation:) moves the copy's phase. The reader reads reduce only.
final class CheckoutReactor: Reactor {
    enum Action {
        case submit
        case cancel
        case dismissError
    }

    enum Mutation {
        case startPaying
        case paid(receipt: String)
        case failed(Error)
        case reset
        case setCoupon(String?)
    }

    enum Phase {
        case editing
        case paying
        case done
        case error
    }

    struct State {
        var phase: Phase = .editing
        var coupon: String?
        var receipt: String?
    }

    let initialState = State()
    private let payments: PaymentService

    init(payments: PaymentService) {
        self.payments = payments
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .submit:
            return .concat(.just(.startPaying), payments.pay().map { .paid(receipt: $0) }.catch { .just(.failed($0)) })
        case .cancel, .dismissError:
            return .just(.reset)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var newState = state
        switch mutation {
        case .startPaying:
            guard case .editing = state.phase else { return state }
            newState.phase = .paying
        case .paid(let receipt):
            newState.phase = .done
            newState.receipt = receipt
        case .failed:
            if state.phase == .paying {
                newState.phase = .error
            }
        case .reset:
            newState.phase = .editing
        case .setCoupon(let coupon):
            newState.coupon = coupon
        }
        return newState
    }
}
