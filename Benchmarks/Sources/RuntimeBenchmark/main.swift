// The runtime benchmark, which scripts/bench (its runtime section) builds apart, the normal way
// (`swift build -c release`, no cross-module optimization): what an application gets. Prints a
// Markdown table of ns per event through a 10-state machine for fsmviz and for hand-written
// baselines, with ratios to the plain switch. FSMVIZ_BENCH_EVENTS=200000 for a quick check.
import Dispatch
import FSMRuntime
import Foundation
import Synchronization

enum Step: Int, Hashable, Sendable, CaseIterable { case s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 }
enum Tick: Hashable, Sendable { case next, back }

/// The transitions themselves: one step forward, or back every seventh event.
func reducer(_ state: Step, _ tick: Tick) -> Step {
    switch (state, tick) {
    case (.s9, .next): .s0
    case (_, .next): Step(rawValue: state.rawValue + 1) ?? .s0
    case (.s0, .back): .s9
    case (_, .back): Step(rawValue: state.rawValue - 1) ?? .s0
    }
}

func tick(_ index: Int) -> Tick { index % 7 == 6 ? .back : .next }

/// The floor: the machine as a plain class with a `switch`, not thread-safe.
final class PlainSwitch {
    var state = Step.s0
    @inline(never) func send(_ tick: Tick) { state = reducer(state, tick) }
}

/// The plain switch made thread-safe with `NSLock`.
final class LockedSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var state = Step.s0
    @inline(never) func send(_ tick: Tick) {
        lock.lock()
        state = reducer(state, tick)
        lock.unlock()
    }
}

/// The plain switch made thread-safe with `Synchronization.Mutex`.
final class MutexSwitch: Sendable {
    private let state = Mutex(Step.s0)
    @inline(never) func send(_ tick: Tick) { state.withLock { $0 = reducer($0, tick) } }
}

func fsmviz() -> StateMachine<Step, Tick> {
    let machine = StateMachine<Step, Tick>(initialState: .s0, historyLimit: 100)
    for step in Step.allCases {
        machine.addTransition(TransitionRule(event: .next, from: [step], to: [reducer(step, .next)]))
        machine.addTransition(TransitionRule(event: .back, from: [step], to: [reducer(step, .back)]))
    }
    return machine
}

let events = Int(ProcessInfo.processInfo.environment["FSMVIZ_BENCH_EVENTS"] ?? "") ?? 2_000_000
let threads = 8

/// Seconds `body` took, the best of three runs (the machine may be shared).
func seconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    return (0..<3).map { _ in
        let elapsed = clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }.min() ?? 0
}

/// Sends `events` events split over `threads` threads through `send`.
func run(threads: Int, _ send: @escaping @Sendable (Tick) -> Void) -> Double {
    seconds {
        if threads == 1 {
            for index in 0..<events { send(tick(index)) }
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in 0..<(events / threads) { send(tick(index + thread)) }
            }
        }
    }
}

let plain = PlainSwitch()
let floor = seconds { for index in 0..<events { plain.send(tick(index)) } }
let locked = LockedSwitch()
let mutex = MutexSwitch()
let machine = fsmviz()
let shared = fsmviz()
let rows: [(String, Double)] = [
    ("plain switch, 1 thread", floor),
    ("switch behind NSLock, 1 thread", run(threads: 1) { locked.send($0) }),
    ("switch behind Mutex, 1 thread", run(threads: 1) { mutex.send($0) }),
    ("fsmviz StateMachine, 1 thread", run(threads: 1) { machine.send($0) }),
    ("switch behind NSLock, \(threads) threads", run(threads: threads) { locked.send($0) }),
    ("switch behind Mutex, \(threads) threads", run(threads: threads) { mutex.send($0) }),
    ("fsmviz StateMachine, \(threads) threads", run(threads: threads) { shared.send($0) }),
]
// Every event was processed: the history's last change is where the machine is.
guard machine.history.last?.target == machine.state, shared.history.last?.target == shared.state else {
    FileHandle.standardError.write(Data("RuntimeBenchmark: the machine's history disagrees with its state\n".utf8))
    exit(1)
}
let floorPerEvent = floor * 1e9 / Double(events)
print("| run | events | ns/event | × plain switch |")
print("| --- | ---: | ---: | ---: |")
for (name, time) in rows {
    let perEvent = time * 1e9 / Double(events)
    print(String(format: "| %@ | %d | %.1f | %.1f |", name, events, perEvent, perEvent / floorPerEvent))
}
