import FSMRuntime
import Foundation
import Testing

/// Eight threads, 100,000 events, one machine: the history must be exactly the serial
/// sequence of accepted transitions, none lost, none doubled, whether a sender's event ran at
/// once or was queued behind another thread's. Run under the thread sanitizer by `scripts/ci/tsan`.
@Suite struct StressTests {
    static let threads = 8
    static let eventsPerThread = 12_500

    @Test func eightThreadsHundredThousandEvents() throws {
        enum Counter: Int, Hashable, Sendable, CaseIterable { case s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 }
        enum Tick: Hashable, Sendable { case next, reset }
        let total = Self.threads * Self.eventsPerThread
        let machine = StateMachine<Counter, Tick>(initialState: .s0, historyLimit: total)
        // Effects run inside the serialized section, so this log is the machine's own order.
        let order = Shared<[Int]>([])
        machine.addTransition(
            TransitionRule(
                event: .next, from: Counter.allCases, to: Counter.allCases,
                handler: { Counter(rawValue: ($0.source.rawValue + 1) % 10) ?? .s0 },
                effects: [{ context in order.withLock { $0.append(context.payload as? Int ?? -1) } }]))
        machine.addTransition(
            TransitionRule(
                event: .reset, from: Counter.allCases, to: [.s0],
                effects: [{ context in order.withLock { $0.append(context.payload as? Int ?? -1) } }]))
        let accepted = Shared<[Int: Change<Counter, Tick>]>([:])
        let refused = Shared<[String]>([])
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for sequence in 0..<Self.eventsPerThread {
                let id = thread * Self.eventsPerThread + sequence
                let event: Tick = sequence % 97 == 0 ? .reset : .next
                let result = machine.send(event, payload: id)
                if result == .queued { continue }
                guard case .transitioned(let changes) = result, changes.count == 1 else {
                    refused.withLock { $0.append("\(id): \(result)") }
                    continue
                }
                accepted.withLock { $0[id] = changes[0] }
            }
        }
        let history = machine.history
        let serial = order.withLock { $0 }
        let results = accepted.withLock { $0 }
        #expect(refused.withLock { $0 }.isEmpty)
        #expect(!results.isEmpty, "some sends ran at once")
        #expect(history.count == total)
        #expect(serial.count == total)
        #expect(Set(serial).count == total, "no event processed twice")
        // The history is one unbroken chain from the initial state...
        var state = Counter.s0
        for change in history {
            #expect(change.source == state)
            state = change.target
        }
        #expect(machine.state == state)
        // ...and, position by position, it is what each sender that was not queued was told.
        for (position, id) in serial.enumerated() where results[id].map({ $0 != history[position] }) ?? false {
            Issue.record("event \(id) was told \(String(describing: results[id])) but history has \(history[position])")
            break
        }
    }
}
