import Dispatch
import Foundation
import FSMRuntime

/// Events per second through the runtime against the floor: a plain `switch` reducer doing
/// the same transitions with nothing around it.
enum RuntimeBenchmark {
    enum Step: Int, Hashable, Sendable, CaseIterable { case s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 }
    enum Tick: Hashable, Sendable { case next, back }

    static let events = Int(ProcessInfo.processInfo.environment["FSMVIZ_BENCH_EVENTS"] ?? "") ?? 2_000_000

    /// The floor: what the transitions cost with no machine at all.
    static func reducer(_ state: Step, _ tick: Tick) -> Step {
        switch (state, tick) {
        case (.s9, .next): .s0
        case (_, .next): Step(rawValue: state.rawValue + 1) ?? .s0
        case (.s0, .back): .s9
        case (_, .back): Step(rawValue: state.rawValue - 1) ?? .s0
        }
    }

    static func machine() -> StateMachine<Step, Tick> {
        let machine = StateMachine<Step, Tick>(initialState: .s0, historyLimit: 100)
        for step in Step.allCases {
            let next = reducer(step, .next)
            let back = reducer(step, .back)
            machine.addTransition(TransitionRule(event: .next, from: [step], to: [next]))
            machine.addTransition(TransitionRule(event: .back, from: [step], to: [back]))
        }
        return machine
    }

    static func tick(_ index: Int) -> Tick { index % 7 == 6 ? .back : .next }

    static func run() -> [Measurement] {
        var state = Step.s0
        let floor = Measurement.time("switch reducer, 1 thread", events: events) {
            for index in 0..<events { state = reducer(state, tick(index)) }
        }
        blackHole(state)
        let single = machine()
        let oneThread = Measurement.time("StateMachine, 1 thread", events: events) {
            for index in 0..<events { single.send(tick(index)) }
        }
        let shared = machine()
        let threads = 8
        guard ProcessInfo.processInfo.environment["FSMVIZ_BENCH_SINGLE"] == nil else { return [floor, oneThread] }
        let eightThreads = Measurement.time("StateMachine, 8 threads", events: events) {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in 0..<(events / threads) { shared.send(tick(index + thread)) }
            }
        }
        return [floor, oneThread, eightThreads]
    }
}

@inline(never)
func blackHole<T>(_ value: T) { _ = value }
