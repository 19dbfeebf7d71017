/// A subscriber to a machine's changes.
@usableFromInline
struct Observer<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    @usableFromInline let id: UInt64
    @usableFromInline let callback: @Sendable (Change<State, Event>) -> Void

    init(id: UInt64, callback: @escaping @Sendable (Change<State, Event>) -> Void) {
        self.id = id
        self.callback = callback
    }
}
