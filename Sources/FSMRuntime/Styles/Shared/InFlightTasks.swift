/// The tasks a style started (a work state's work, an effect) and has not seen finish, so
/// callers can wait until the machine has nothing running — deterministically, without sleeps.
final class InFlightTasks: Sendable {
    private struct Running: Sendable {
        var nextID: UInt64 = 0
        var tasks: [UInt64: Task<Void, Never>] = [:]
    }

    private let running = LockedValue(Running())

    /// Starts `operation` in a new task and tracks it until it returns.
    ///
    /// The task is registered before it can finish: it is created while the lock is held, so
    /// its own removal waits for the registration.
    @discardableResult
    func start(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        running.withLock { running in
            running.nextID += 1
            let id = running.nextID
            let task = Task {
                await operation()
                self.finish(id)
            }
            running.tasks[id] = task
            return task
        }
    }

    /// Returns once no tracked task is running, including tasks started by the ones it
    /// waited for (a task removes itself only after everything it triggered has started).
    func waitUntilIdle() async {
        while let task = running.withLock({ $0.tasks.min { $0.key < $1.key }?.value }) {
            await task.value
        }
    }

    private func finish(_ id: UInt64) {
        _ = running.withLock { $0.tasks.removeValue(forKey: id) }
    }
}
