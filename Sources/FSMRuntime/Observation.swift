/// A subscription to a machine's changes; cancel it to stop being called.
public final class Observation: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the callbacks. Safe to call more than once.
    public func cancel() { onCancel() }
}
