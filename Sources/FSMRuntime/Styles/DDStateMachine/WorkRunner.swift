extension DDStateMachine {
    /// A state builder that declares work: the builder asks it for one runner per machine built.
    protocol WorkDeclaring<ExtraState> {
        associatedtype ExtraState: ExtraStateProtocol
        func makeRunner() -> any WorkRunning<ExtraState>
    }

    /// What the machine does with a work state as it enters and leaves it.
    protocol WorkRunning<ExtraState>: Sendable {
        associatedtype ExtraState: ExtraStateProtocol
        /// Starts the work for a new visit of the state, forgetting any earlier result.
        func enter(with extraState: ExtraState, tasks: InFlightTasks, onResult: @escaping @Sendable () -> Void)
        /// Ends the current visit: cancels unfinished work, whose result will be ignored.
        func exit()
    }

    /// Runs one work state's work, once per visit, and keeps the current visit's result for the
    /// state's `ifResult` guards.
    ///
    /// Visits are numbered so that a result only counts for the visit that started its work: work
    /// still running when the machine left (or left and came back) cannot pick a transition for
    /// a later visit. Clearing the result on every entry is what makes a re-entered work state
    /// wait for its new work instead of leaving at once on the old result.
    final class WorkRunner<ExtraState: ExtraStateProtocol, WorkResult: Sendable>: WorkRunning {
        private struct Visit: Sendable {
            var number: UInt64 = 0
            var result: WorkResult?
            var task: Task<Void, Never>?
        }

        private let work: @Sendable (ExtraState) async -> WorkResult
        private let visit = LockedValue(Visit())

        init(work: @escaping @Sendable (ExtraState) async -> WorkResult) {
            self.work = work
        }

        /// The result of the current visit's work, once it has finished.
        var result: WorkResult? { visit.withLock { $0.result } }

        func enter(with extraState: ExtraState, tasks: InFlightTasks, onResult: @escaping @Sendable () -> Void) {
            let number = visit.withLock { visit -> UInt64 in
                visit.task?.cancel()
                visit.number += 1
                visit.result = nil
                return visit.number
            }
            let task = tasks.start { [work, visit] in
                let result = await work(extraState)
                let current = visit.withLock { visit -> Bool in
                    guard visit.number == number else { return false }
                    visit.result = result
                    visit.task = nil
                    return true
                }
                // Outside the lock: the machine's guards read `result` while it re-evaluates.
                if current { onResult() }
            }
            visit.withLock { visit in
                if visit.number == number, visit.result == nil { visit.task = task }
            }
        }

        func exit() {
            visit.withLock { visit in
                visit.task?.cancel()
                visit.task = nil
                visit.number += 1
                visit.result = nil
            }
        }
    }
}
