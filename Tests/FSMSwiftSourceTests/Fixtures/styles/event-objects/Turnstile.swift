import FSMRuntime

// A turnstile on fsmviz's Transporter-style machine: states and events are objects, each event
// naming the states it fires from and the one it enters.
enum Gate: String, Hashable, Sendable {
    case locked, unlocked, broken
}

func makeTurnstile() -> Transporter.StateMachine<Gate> {
    let locked = Transporter.State(Gate.locked)
    let unlocked = Transporter.State(Gate.unlocked)
    let broken = Transporter.State(Gate.broken)
    let machine = Transporter.StateMachine(initialState: locked, states: [unlocked, broken])
    let coin = Transporter.Event(name: "coin", sourceValues: [Gate.locked], destinationValue: .unlocked)
    let push = Transporter.Event(name: "push", sourceValues: [Gate.unlocked], destinationValue: .locked)
    let jam = Transporter.Event(name: "jam", sourceValues: [Gate.locked, .unlocked], destinationValue: .broken)
    let repair = Transporter.Event(name: "repair", sourceValues: [Gate.broken], destinationValue: .locked)
    machine.addEvents([coin, push, jam, repair])
    return machine
}
