import FSMRuntime

// A ticket kiosk on fsmviz's own runtime: rules with events, a guard, a handler choosing between
// two targets, and an automatic rule without an event.
enum KioskState: Hashable, Sendable {
    case idle, selecting, paying, printing, outOfPaper
}

enum KioskEvent: Hashable, Sendable {
    case touch, choose, paid, cancel
}

final class Kiosk {
    let machine = StateMachine<KioskState, KioskEvent>(initialState: .idle)

    init(paperLeft: @escaping @Sendable () -> Int) {
        machine.addTransition(TransitionRule(event: .touch, from: [.idle], to: [.selecting]))
        machine.addTransition(TransitionRule(event: .choose, from: [.selecting], to: [.paying]))
        machine.addTransition(
            TransitionRule(
                event: .paid, from: [.paying], to: [.printing, .outOfPaper], guardLabel: "amount covered",
                guardCondition: { context in context.payload as? Bool == true },
                handler: { _ in paperLeft() > 0 ? .printing : .outOfPaper }))
        machine.addTransition(TransitionRule(event: .cancel, from: [.selecting, .paying], to: [.idle]))
        machine.addTransition(TransitionRule(event: nil, from: [.printing], to: [.idle]))
    }
}
