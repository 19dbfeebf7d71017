extension Transporter {
    /// A state of a Transporter machine: a value and the closures run as the machine enters
    /// and leaves it.
    ///
    /// The closures may be set before or after the state is added to a machine; the machine
    /// reads them each time it moves. Reading and setting them is thread-safe.
    public final class State<Value: Hashable & Sendable>: Sendable {
        /// A closure run with the state it belongs to.
        public typealias Hook = @Sendable (State<Value>) -> Void

        /// The value that identifies the state in its machine.
        public let value: Value

        private let hooks = LockedValue(Hooks())

        /// Creates a state with `value`.
        public init(_ value: Value) {
            self.value = value
        }

        /// Runs before the machine enters this state (before the old state's ``willExitState``,
        /// as in Transporter).
        public var willEnterState: Hook? {
            get { hooks.withLock { $0.willEnter } }
            set { hooks.withLock { $0.willEnter = newValue } }
        }

        /// Runs after the machine entered this state (after the old state's ``didExitState``).
        public var didEnterState: Hook? {
            get { hooks.withLock { $0.didEnter } }
            set { hooks.withLock { $0.didEnter = newValue } }
        }

        /// Runs before the machine leaves this state for another (after the new state's
        /// ``willEnterState``).
        public var willExitState: Hook? {
            get { hooks.withLock { $0.willExit } }
            set { hooks.withLock { $0.willExit = newValue } }
        }

        /// Runs after the machine left this state for another.
        public var didExitState: Hook? {
            get { hooks.withLock { $0.didExit } }
            set { hooks.withLock { $0.didExit = newValue } }
        }

        /// The runtime hooks that call this state's `did` closures, read when they run. The
        /// `will` closures are called by the machine's transitions, which run before the
        /// runtime's own hooks, because Transporter announces the new state first.
        func runtimeHooks<Signal: Hashable & Sendable>() -> StateHooks<Value, Signal> {
            var hooks = StateHooks<Value, Signal>()
            hooks.didEnter = [{ _ in self.didEnterState?(self) }]
            hooks.didExit = [{ _ in self.didExitState?(self) }]
            return hooks
        }

        private struct Hooks {
            var willEnter: Hook?
            var didEnter: Hook?
            var willExit: Hook?
            var didExit: Hook?
        }
    }
}
