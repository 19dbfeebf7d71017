extension Transporter {
    /// An event of a Transporter machine: fired by name, it moves the machine from one of
    /// its source states to its destination state, if its guard agrees.
    ///
    /// The closures and labels may be set before or after the event is added to a machine;
    /// the machine reads them each time it fires the event or draws its graph. Reading and
    /// setting them is thread-safe.
    ///
    /// The labels are fsmviz's addition: Transporter's closures are opaque, so a diagram can
    /// only say *that* an event has a guard or hooks. Describe them, and diagrams and
    /// `analyze()` findings say what they do.
    public final class Event<Value: Hashable & Sendable>: Sendable {
        /// A closure deciding whether the event may fire.
        public typealias Guard = @Sendable (Event<Value>) -> Bool
        /// A closure run as the event fires.
        public typealias Hook = @Sendable (Event<Value>) -> Void

        /// The name the event is fired by; also its identifier in the machine's graph.
        public let name: String
        /// The states the event may fire in.
        public let sourceValues: [Value]
        /// The state the event moves the machine to.
        public let destinationValue: Value

        private let details = LockedValue(Details())

        /// Creates an event.
        public init(name: String, sourceValues: [Value], destinationValue: Value) {
            self.name = name
            self.sourceValues = sourceValues
            self.destinationValue = destinationValue
        }

        /// When set and returning `false`, the event is declined:
        /// `fireEvent` returns
        /// ``TransitionError/transitionDeclined``.
        public var shouldFireEvent: Guard? {
            get { details.withLock { $0.shouldFire } }
            set { details.withLock { $0.shouldFire = newValue } }
        }

        /// Runs once the event is accepted, before the machine leaves the source state.
        public var willFireEvent: Hook? {
            get { details.withLock { $0.willFire } }
            set { details.withLock { $0.willFire = newValue } }
        }

        /// Runs after the machine entered the destination state and its hooks ran.
        public var didFireEvent: Hook? {
            get { details.withLock { $0.didFire } }
            set { details.withLock { $0.didFire = newValue } }
        }

        /// The text diagrams show for the event instead of its name, such as
        /// `"unlock (badge)"`.
        public var label: String? {
            get { details.withLock { $0.label } }
            set { details.withLock { $0.label = newValue } }
        }

        /// What ``shouldFireEvent`` checks, such as `"badge is authorized"`; drawn as the
        /// transition's guard.
        public var shouldFireEventLabel: String? {
            get { details.withLock { $0.shouldFireLabel } }
            set { details.withLock { $0.shouldFireLabel = newValue } }
        }

        /// What ``willFireEvent`` does; drawn as the transition's first effect.
        public var willFireEventLabel: String? {
            get { details.withLock { $0.willFireLabel } }
            set { details.withLock { $0.willFireLabel = newValue } }
        }

        /// What ``didFireEvent`` does; drawn as the transition's last effect.
        public var didFireEventLabel: String? {
            get { details.withLock { $0.didFireLabel } }
            set { details.withLock { $0.didFireLabel = newValue } }
        }

        /// The guard as the graph shows it: `shouldFireEvent: <label>`, just `shouldFireEvent`
        /// when the closure has no label, `nil` when there is no closure (a label alone
        /// guards nothing).
        var guardDescription: String? {
            details.withLock { details in
                details.shouldFire.map { _ in Self.describe("shouldFireEvent", details.shouldFireLabel) }
            }
        }

        /// The hooks as the graph shows them, in the order they run.
        var effectDescriptions: [String] {
            details.withLock { details in
                [
                    details.willFire.map { _ in Self.describe("willFireEvent", details.willFireLabel) },
                    details.didFire.map { _ in Self.describe("didFireEvent", details.didFireLabel) },
                ].compactMap { $0 }
            }
        }

        private static func describe(_ hook: String, _ label: String?) -> String {
            label.map { "\(hook): \($0)" } ?? hook
        }

        private struct Details {
            var shouldFire: Guard?
            var willFire: Hook?
            var didFire: Hook?
            var label: String?
            var shouldFireLabel: String?
            var willFireLabel: String?
            var didFireLabel: String?
        }
    }
}
