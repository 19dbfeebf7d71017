import FSMRuntime

// A payment sheet on fsmviz's EFStateMachine-style ActionMachine: each action names the states
// it may start from and the states its handler may return.
enum PaymentState: String, Hashable, Sendable {
    case idle, authorizing, authorized, declined, refunded
}

enum PaymentAction: String, Hashable, Sendable {
    case pay, approve, decline, refund, retry
}

final class PaymentFlow {
    let machine = ActionMachine<PaymentState, PaymentAction>(initialState: .idle)

    init() {
        machine.registerAction(.pay, fromStates: [.idle], toStates: [.authorizing]) { _ in .authorizing }
        machine.registerAction(.approve, fromStates: [.authorizing], toStates: [.authorized]) { _ in .authorized }
        machine.registerAction(.decline, fromStates: [.authorizing], toStates: [.declined]) { _ in .declined }
        machine.registerAction(.retry, fromStates: [.declined], toStates: [.authorizing, .idle]) { machine in
            machine.history.count < 4 ? .authorizing : .idle
        }
        machine.registerAction(.refund, fromStates: [.authorized], toStates: [.refunded]) { _ in .refunded }
    }
}
