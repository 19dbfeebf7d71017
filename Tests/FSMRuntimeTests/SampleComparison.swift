import Analysis
import FSMCore
import Foundation
import Testing

/// Compares a style's graph with the machine file in `samples/` that describes the same seed
/// example: same states, events and transitions, and the same lint findings. Locations and
/// descriptions are left out: only the file has them.
enum SampleComparison {
    static func load(_ name: String) throws -> Machine {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try MachineFileLoader.load(path: root.appending(path: "samples/\(name)").path)
    }

    /// Records an issue for every difference between `graph` and `sample`.
    static func expectSameModel(_ graph: Machine, _ sample: Machine, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(graph.name == sample.name, sourceLocation: sourceLocation)
        #expect(graph.initialState == sample.initialState, sourceLocation: sourceLocation)
        #expect(graph.states.map(Self.state) == sample.states.map(Self.state), sourceLocation: sourceLocation)
        #expect(graph.events.map(Self.event) == sample.events.map(Self.event), sourceLocation: sourceLocation)
        #expect(graph.transitions.map(Self.transition) == sample.transitions.map(Self.transition), sourceLocation: sourceLocation)
        #expect(findings(graph) == findings(sample), sourceLocation: sourceLocation)
    }

    /// `analyze()`'s findings without locations.
    static func findings(_ machine: Machine) -> [Finding] {
        machine.analyze().map { finding in
            var finding = finding
            finding.location = nil
            if case .transitions(let references) = finding.witness {
                finding.witness = .transitions(references.map { reference in
                    var reference = reference
                    reference.location = nil
                    return reference
                })
            }
            return finding
        }
    }

    private static func state(_ state: FSMCore.State) -> String {
        "\(state.id) label=\(state.label ?? "-") kind=\(state.kind) parent=\(state.parent?.rawValue ?? "-")"
    }

    private static func event(_ event: FSMCore.Event) -> String {
        "\(event.id) label=\(event.label ?? "-")"
    }

    private static func transition(_ transition: Transition) -> String {
        "\(transition.source) --\(transition.event?.rawValue ?? "(automatic)") [\(transition.guardLabel ?? "-")] "
            + "/ \(transition.effects.joined(separator: "; "))--> \(transition.targets.map(\.rawValue).joined(separator: " | "))"
    }
}

/// A clock tests move by hand, so time-dependent conditions (a cache's expiry) are
/// deterministic.
final class ManualClock: Sendable {
    private let current = Shared(Date(timeIntervalSinceReferenceDate: 800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}

/// Lets a test decide when asynchronous work finishes, and with what: the work awaits
/// `value()`, the test calls `open(with:)`, in either order.
final class Gate<Value: Sendable>: Sendable {
    private enum Slot {
        case empty
        case waiting(CheckedContinuation<Value, Never>)
        case open(Value)
    }

    private let slot = Shared(Slot.empty)

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = slot.withLock { slot -> Value? in
                if case .open(let value) = slot { return value }
                slot = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func open(with value: Value) {
        let waiting = slot.withLock { slot -> CheckedContinuation<Value, Never>? in
            defer { slot = .open(value) }
            if case .waiting(let continuation) = slot { return continuation }
            return nil
        }
        waiting?.resume(returning: value)
    }
}
