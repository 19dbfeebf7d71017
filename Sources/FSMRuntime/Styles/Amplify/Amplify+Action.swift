extension Amplify {
    /// A side effect a resolution asks for (Amplify's `Action`): run after the new state is
    /// stored, in a task of its own.
    public protocol Action: Sendable {
        /// Names the action; drawn as the transition's effect.
        var identifier: String { get }

        /// Does the work, sending any events it produces to `dispatcher`.
        func execute(withDispatcher dispatcher: any EventDispatcher, environment: any Environment) async
    }

    /// An action made of a closure (Amplify's `BasicAction`).
    public struct BasicAction: Action {
        /// Names the action.
        public let identifier: String
        let closure: @Sendable (any EventDispatcher, any Environment) async -> Void

        /// Creates an action named `identifier` that runs `closure`.
        public init(
            identifier: String, closure: @escaping @Sendable (any EventDispatcher, any Environment) async -> Void
        ) {
            self.identifier = identifier
            self.closure = closure
        }

        /// Runs the closure.
        public func execute(withDispatcher dispatcher: any EventDispatcher, environment: any Environment) async {
            await closure(dispatcher, environment)
        }
    }
}

extension Amplify.Action where Self == Amplify.BasicAction {
    /// An action made of a closure: `.basic(identifier: "getCreds") { dispatcher, environment in ... }`.
    public static func basic(
        identifier: String, closure: @escaping @Sendable (any Amplify.EventDispatcher, any Amplify.Environment) async -> Void
    ) -> Amplify.BasicAction {
        Amplify.BasicAction(identifier: identifier, closure: closure)
    }
}
