import Dispatch
import FSMRuntime
import Testing

/// A `send` never waits for another thread's transition: it queues and returns, and the
/// thread already processing runs the queued event.
@Suite struct NonBlockingSendTests {
    enum Phase: Hashable, Sendable { case idle, busy, done }
    enum Signal: Hashable, Sendable { case start, finish }

    /// A machine whose `start` handler blocks until `release` is signalled.
    static func machine(entered: DispatchSemaphore, release: DispatchSemaphore) -> StateMachine<Phase, Signal> {
        let machine = StateMachine<Phase, Signal>(initialState: .idle)
        machine.addTransition(
            TransitionRule(
                event: .start, from: [.idle], to: [.busy],
                handler: { _ in
                    entered.signal()
                    // Not a timing assertion: a bound that turns a send waiting for this handler
                    // (a deadlock, as `release` comes after that send) into a failure, not a hang.
                    if release.wait(timeout: .now() + .seconds(20)) == .timedOut {
                        Issue.record("the other send waited for this handler")
                    }
                    return .busy
                }))
        machine.addTransition(TransitionRule(event: .finish, from: [.busy], to: [.done]))
        return machine
    }

    @Test func sendDoesNotWaitForAnotherThreadsHandler() {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let machine = Self.machine(entered: entered, release: release)
        let firstReturned = DispatchSemaphore(value: 0)
        let first = Shared<SendResult<Phase, Signal>?>(nil)
        Thread.detach {
            first.withLock { $0 = machine.send(.start) }
            firstReturned.signal()
        }
        entered.wait()
        // The handler is blocked until `release`, which is signalled only after this send
        // returned: if send waited for the handler, this would never return.
        let second = machine.send(.finish)
        release.signal()
        firstReturned.wait()
        #expect(second == .queued)
        #expect(first.withLock { $0 }?.newState == .busy)
        // The processing thread ran the queued event before its own send returned.
        #expect(machine.state == .done)
        #expect(machine.history.map(\.target) == [.busy, .done])
    }

    @Test func sendAndWaitReturnsTheResultOnceProcessed() async {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let machine = Self.machine(entered: entered, release: release)
        Thread.detach { machine.send(.start) }
        entered.wait()
        async let finished = machine.sendAndWait(.finish)
        // The waiting send suspends instead of blocking; release the handler so it can run.
        release.signal()
        #expect(await finished == .transitioned([Change(source: .busy, target: .done, event: .finish)]))
        #expect(await machine.sendAndWait(.start) == .rejected(.notAllowed(.start, in: .done)))
    }

    @MainActor @Test func observersCanRunOnTheMainActor() async {
        let machine = StateMachine<Phase, Signal>(initialState: .idle)
        machine.addTransition(TransitionRule(event: .start, from: [.idle], to: [.busy]))
        machine.addTransition(TransitionRule(event: .finish, from: [.busy], to: [.done]))
        var seen: [Phase] = []
        let (delivered, continuation) = AsyncStream<Void>.makeStream()
        let observation = machine.observeOnMainActor { change in
            // Main-actor state, touched without `MainActor.assumeIsolated`.
            seen.append(change.target)
            if change.target == .done { continuation.finish() }
        }
        Thread.detach {
            machine.send(.start)
            machine.send(.finish)
        }
        for await _ in delivered {}
        observation.cancel()
        #expect(seen == [.busy, .done])
    }
}

/// Runs `body` on a new thread, so a test can have two senders without a pool that might
/// run them one after the other.
enum Thread {
    static func detach(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: body)
    }
}
