/// Registrations made in a type's initializer, on its own machine, several sources at once and
/// the event first.
final class Kiln {
    enum Phase { case cold, heating, firing, cooling }
    enum Command { case ignite, reachTemperature, shutDown }

    private let machine = Registry<Phase, Command>(initialState: .cold)

    init() {
        machine.add(.ignite, from: .cold, to: .heating)
        machine.add(.reachTemperature, from: .heating, to: .firing)
        machine.add(.shutDown, from: [.heating, .firing], to: .cooling)
    }
}

final class Registry<S: Hashable, E: Hashable> {
    init(initialState: S) {}
    func add(_ event: E, from: [S], to: S) {}
    func add(_ event: E, from: S, to: S) {}
}
