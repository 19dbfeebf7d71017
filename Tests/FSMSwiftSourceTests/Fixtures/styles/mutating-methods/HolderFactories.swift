/// A noncopyable machine that replaces its whole value in each method (`self = .closed`), made
/// by static members that each wrap one state, and once by its initializer itself.
struct PipelineMachine: ~Copyable {
    enum State: ~Copyable {
        case starting
        case running(Int)
        case draining(Int)
        case stopped
    }

    var state: State

    init() {
        self.state = .starting
    }

    private init(_ state: consuming State) {
        self.state = state
    }

    enum Action {
        case none
        case flush(Int)
    }

    mutating func started() {
        switch consume self.state {
        case .starting:
            self = .running(0)
        case .running(let count):
            self = .running(count)
        case .draining, .stopped:
            preconditionFailure("started twice")
        }
    }

    mutating func drain() -> Action {
        switch consume self.state {
        case .running(let count):
            self = .draining(count)
            return .flush(count)
        case .starting:
            self = .stopped
            return .none
        case .draining(let count):
            self = .draining(count)
            return .none
        case .stopped:
            self = Self(.stopped)
            return .none
        }
    }

    mutating func drained() {
        switch consume self.state {
        case .draining:
            self = .finished
        case .starting, .running, .stopped:
            preconditionFailure("not draining")
        }
    }

    private static func running(_ count: Int) -> Self {
        PipelineMachine(.running(count))
    }

    private static func draining(_ count: Int) -> Self {
        Self(.draining(count))
    }

    private static var stopped: Self {
        .init(.stopped)
    }

    private static var finished: Self {
        PipelineMachine(.stopped)
    }
}
