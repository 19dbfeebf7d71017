import FSMAnalysis
import FSMCore
import FSMDOT
import FSMRuntime
import Foundation

/// DDStateMachine's README example: a sync process (not synced, in progress, synced, failed)
/// driven by one event, `sync`, with a 30 s cache so that syncing again too soon does
/// nothing. Built with fsmviz's DDStateMachine-style builder; the clock is simulated so the
/// run shows the cache expiring without waiting 30 s.
struct DDSyncExample: Example {
    static let name = "dd"
    static let summary = "DDStateMachine: sync with a work state and a 30 s cache"

    enum SyncStatus: Int, Hashable, Sendable {
        case notSynced
        case inProgress
        case synced
        case failed
    }

    enum SyncEvent: Hashable, Sendable {
        case sync
    }

    struct SyncExtraState: DDStateMachine.ExtraStateProtocol {
        var expiryDate: Date?
    }

    /// The README's builder code, with labels for the diagram and an injected clock.
    static func makeMachine(
        now: @escaping @Sendable () -> Date, doSync: @escaping @Sendable () async -> Bool
    ) -> DDStateMachine.BuiltStateMachine<SyncStatus, SyncEvent, SyncExtraState> {
        let builder = DDStateMachine.StateMachineBuilder<SyncStatus, SyncEvent, SyncExtraState>()

        let notSynced = DDStateMachine.StateBuilder<SyncStatus, SyncEvent, SyncExtraState>(.notSynced, label: "Not Synced")
        let synced = DDStateMachine.StateBuilder<SyncStatus, SyncEvent, SyncExtraState>(.synced, label: "Synced")
        let failed = DDStateMachine.StateBuilder<SyncStatus, SyncEvent, SyncExtraState>(.failed, label: "Failed")
        // A work state: doSync runs each time the machine enters it; its result picks the way out.
        let inProgress = DDStateMachine.WorkStateBuilder<SyncStatus, SyncEvent, SyncExtraState, Bool>(
            .inProgress, label: "In Progress (work: doSync)", work: doSync)

        builder.shouldTransit(notSynced ~> inProgress).by(event: .sync).immediately()
        builder.shouldTransit(inProgress ~> synced)
            .on("expiryDate = now + 30s") { $0.expiryDate = now() + 30 }
            .ifResult("result") { result, _ in result }
        builder.shouldTransit(inProgress ~> failed).ifResult("!result") { result, _ in !result }
        builder.shouldTransit(synced ~> inProgress)
            .by(event: .sync)
            .ifCondition("cache expired") { $0.expiryDate.map { $0 < now() } ?? true }
        builder.shouldTransit(failed ~> inProgress).by(event: .sync).immediately()

        return builder.build(initialState: notSynced)
    }

    static func run() async throws {
        let clock = SimulatedClock()
        let outcomes = SyncOutcomes([true, false, true])
        let machine = makeMachine(now: { clock.now }) { outcomes.next() }
        // Status changes arrive on whichever thread processed them, some from the work's
        // task: collect them, and print them once the step's work is done, so the output
        // is always the same.
        let statuses = Locked<[SyncStatus]>([])
        machine.observeStatus { status in statuses.withLock { $0.append(status) } }

        print("status: \(machine.currentStatus)")
        var lastExpiry: Date?
        for step in [0, 10, 25, 5, 0] as [TimeInterval] {
            clock.advance(by: step)
            let result = machine.execute(event: .sync)
            await machine.waitForWork()
            print("t = \(Int(clock.elapsed)) s: execute(event: .sync) \(describe(result))")
            let seen = statuses.withLock { seen in
                defer { seen = [] }
                return seen
            }
            if !seen.isEmpty { print("    status: \(seen.map { "\($0)" }.joined(separator: " -> "))") }
            let expiry = machine.extraState.expiryDate
            if expiry != lastExpiry, let expiry {
                print("    expiryDate (set by the on hook): t = \(Int(expiry.timeIntervalSince(clock.start))) s")
            }
            lastExpiry = expiry
        }

        let graph = try machine.graph()
        let findings = graph.analyze()
        print("\nlint: \(findings.isEmpty ? "no findings" : findings.map(\.message).joined(separator: "\n      "))")
        print("\n" + DOTWriter(options: DOTOptions(rankDirection: .LR)).write(graph))
    }

    private static func describe(_ result: SendResult<SyncStatus, SyncEvent>) -> String {
        switch result {
        case .transitioned(let changes):
            "-> moved \(changes.map { "\($0.source) -> \($0.target)" }.joined(separator: ", "))"
        case .rejected(.declinedByGuard):
            "-> declined: the cache has not expired"
        case .rejected(let error):
            "-> rejected: \(error)"
        case .queued, .interrupted:
            "\(result)"
        }
    }
}

/// A clock the example moves forward by hand, so the cache's 30 s pass at once.
private final class SimulatedClock: Sendable {
    let start = Date(timeIntervalSinceReferenceDate: 0)
    private let offset = Locked<TimeInterval>(0)

    var now: Date { start + elapsed }
    var elapsed: TimeInterval { offset.withLock { $0 } }
    func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}

/// What successive syncs return.
private final class SyncOutcomes: Sendable {
    private let remaining: Locked<[Bool]>
    init(_ outcomes: [Bool]) { remaining = Locked(outcomes) }
    func next() -> Bool { remaining.withLock { $0.isEmpty ? true : $0.removeFirst() } }
}
