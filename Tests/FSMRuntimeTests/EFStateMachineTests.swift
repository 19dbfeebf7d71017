import FSMAnalysis
import FSMCore
import FSMDOT
import FSMRuntime
import FSMRuntimeDiagrams
import Foundation
import TestSupport
import Testing

/// EFStateMachine's API (`ActionMachine`) on the runtime, checked against EFStateMachine's
/// README example and `samples/ef-load-state.json`.
@Suite struct EFStateMachineTests {
    // The README's enums; `CaseIterable` is the one addition, so the graph lists states and
    // actions in declaration order.
    enum LoadState: String, Hashable, Sendable, CaseIterable {
        case Empty
        case Loading
        case Complete
        case Failed
    }

    enum LoadAction: String, Hashable, Sendable, CaseIterable {
        case Load
        case FinishLoading
        case Cancel
        case Reset
    }

    /// Stands in for the README's `infoLabel` and for whether loading will fail.
    final class Screen: Sendable {
        let infoLabel = Shared("")
        let loadingFails = Shared(false)
    }

    /// The README's machine, registration by registration.
    static func readmeMachine(screen: Screen = Screen(), maxHistoryLength: Int = 10) -> ActionMachine<LoadState, LoadAction> {
        let machine = ActionMachine<LoadState, LoadAction>(initialState: .Empty, maxHistoryLength: maxHistoryLength)
        machine.registerAction(.Load, fromStates: [.Empty, .Failed], toStates: [.Loading]) { machine in
            return .Loading
        }
        machine.registerAction(.FinishLoading, fromStates: [.Loading], toStates: [.Complete, .Failed]) { machine in
            return screen.loadingFails.withLock { $0 } ? .Failed : .Complete
        }
        machine.registerAction(.Reset, fromStates: [.Complete, .Failed], toStates: [.Empty]) { machine in
            return .Empty
        }
        machine.registerAction(.Cancel, fromStates: [.Loading], toStates: [.Empty, .Failed]) { machine in
            return machine.history[machine.history.count - 2]
        }
        machine.onChange(toStates: [.Complete]) { machine, oldState, newState in
            screen.infoLabel.withLock { $0 = "Complete!" }
        }
        return machine
    }

    @Test func readmeRun() {
        let screen = Screen()
        let machine = Self.readmeMachine(screen: screen)
        #expect(machine.performAction(.Load) == .Loading)
        #expect(screen.infoLabel.withLock { $0 } == "")
        #expect(machine.performAction(.FinishLoading) == .Complete)
        #expect(screen.infoLabel.withLock { $0 } == "Complete!")
        #expect(machine.performAction(.Load) == nil)
        #expect(machine.state == .Complete)
        #expect(machine.performAction(.Reset) == .Empty)
    }

    @Test func cancelReturnsToThePreviousState() {
        let screen = Screen()
        let machine = Self.readmeMachine(screen: screen)
        machine.performAction(.Load)
        #expect(machine.performAction(.Cancel) == .Empty)

        screen.loadingFails.withLock { $0 = true }
        machine.performAction(.Load)
        #expect(machine.performAction(.FinishLoading) == .Failed)
        machine.performAction(.Load)
        #expect(machine.performAction(.Cancel) == .Failed)
        #expect(machine.history == [.Empty, .Loading, .Empty, .Loading, .Failed, .Loading, .Failed])
    }

    @Test func historyIsEFStateMachines() {
        let machine = Self.readmeMachine(maxHistoryLength: 3)
        #expect(machine.history == [.Empty])
        machine.performAction(.Load)
        #expect(machine.history == [.Empty, .Loading])
        machine.performAction(.FinishLoading)
        machine.performAction(.Reset)
        machine.performAction(.Load)
        #expect(machine.history == [.Complete, .Empty, .Loading])
        #expect(ActionMachine<LoadState, LoadAction>(initialState: .Empty, maxHistoryLength: 0).history.isEmpty)
    }

    @Test func refusalsSayWhy() throws {
        let machine = ActionMachine<LoadState, LoadAction>(initialState: .Empty)
        machine.registerAction(.Load, fromStates: [.Empty], toStates: [.Loading]) { _ in .Loading }
        #expect(throws: ActionMachine<LoadState, LoadAction>.PerformError.unknownAction(.Reset)) {
            try machine.perform(.Reset)
        }
        #expect(try machine.perform(.Load) == .Loading)
        #expect(throws: ActionMachine<LoadState, LoadAction>.PerformError.notAllowed(.Load, in: .Loading)) {
            try machine.perform(.Load)
        }
        #expect(machine.performAction(.Reset) == nil)
    }

    @Test func aHandlerReturningAnUndeclaredStateIsAnError() {
        let machine = ActionMachine<LoadState, LoadAction>(initialState: .Empty)
        machine.registerAction(.Load, fromStates: [.Empty], toStates: [.Loading]) { _ in .Complete }
        #expect(machine.performAction(.Load) == nil)
        #expect(throws: ActionMachine<LoadState, LoadAction>.PerformError.invalidState(.Complete, allowed: [.Loading], action: .Load)) {
            try machine.perform(.Load)
        }
        #expect(machine.state == .Empty)
        #expect(machine.history == [.Empty])
        let error = ActionMachine<LoadState, LoadAction>.PerformError.invalidState(.Complete, allowed: [.Loading], action: .Load)
        #expect("\(error)" == "the handler of action 'Load' returned state 'Complete', which is not one of its toStates: 'Loading'")
    }

    @Test func actionsPerformedFromHandlersAreQueued() {
        let machine = Self.readmeMachine()
        let inside = Shared<[String]>([])
        machine.onChange(toStates: [.Loading]) { machine, _, _ in
            inside.withLock { $0.append("performAction: \(String(describing: machine.performAction(.FinishLoading)))") }
            do {
                _ = try machine.perform(.Cancel)
            } catch {
                inside.withLock { $0.append("perform: \(error)") }
            }
            inside.withLock { $0.append("state: \(machine.state)") }
        }
        #expect(machine.performAction(.Load) == .Loading)
        // Both queued actions ran once Load completed: FinishLoading, then Cancel (refused in Complete).
        #expect(machine.state == .Complete)
        #expect(
            inside.withLock { $0 } == [
                "performAction: nil",
                "perform: action 'Cancel' was performed while another action runs (from one of its callbacks or another thread), so it is queued and runs when the current action completes",
                "state: Loading",
            ])
    }

    @Test func changeHandlersFilterAndStop() {
        let machine = Self.readmeMachine()
        let seen = Shared<[String]>([])
        let fromLoading = machine.onChange(fromStates: [.Loading]) { _, old, new in
            seen.withLock { $0.append("\(old)->\(new)") }
        }
        machine.onChange { machine, old, new in
            seen.withLock { $0.append("any \(old)->\(new) now \(machine.state)") }
        }
        machine.performAction(.Load)
        machine.performAction(.Cancel)
        fromLoading.cancel()
        machine.performAction(.Load)
        machine.performAction(.Cancel)
        #expect(
            seen.withLock { $0 } == [
                "any Empty->Loading now Loading", "Loading->Empty", "any Loading->Empty now Empty",
                "any Empty->Loading now Loading", "any Loading->Empty now Empty",
            ])
    }

    @Test func graphIsTheSampleMachine() throws {
        let sample = try Golden.loadSample("ef-load-state.json")
        let graph = try Self.readmeMachine().graph(name: "LoadState")
        #expect(MachineModel(graph) == MachineModel(sample))
        #expect(MachineModel.findings(graph) == MachineModel.findings(sample))
        let flowdiagram = Self.readmeMachine().flowdiagramRepresentation
        #expect(flowdiagram == (try Golden.dotGolden("ef-load-state.flowdiagram.dot")))
        #expect(DOTWriter().write(graph) == (try Golden.dotGolden("ef-load-state.states.dot")))
    }

    @Test func withoutCaseIterableStatesFollowFirstMention() throws {
        enum Step: Hashable, Sendable { case one, two, three }
        enum Go: Hashable, Sendable { case go, back }
        let machine = ActionMachine<Step, Go>(initialState: .two)
        machine.registerAction(.back, fromStates: [.three], toStates: [.two]) { _ in .two }
        machine.registerAction(.go, fromStates: [.two, .one], toStates: [.three]) { _ in .three }
        let graph = try machine.graph()
        #expect(graph.states.map(\.id) == ["two", "three", "one"])
        #expect(graph.events.map(\.id) == ["back", "go"])
        #expect(MachineModel.findings(graph).map(\.ruleID) == ["unreachable-state", "unreachable-transition"])
    }

    @Test func savesTheFlowDiagramAtomically() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ef-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let machine = Self.readmeMachine()
        let path = directory.appendingPathComponent("example-flow-diagram.dot").path
        try machine.saveFlowdiagramRepresentation(toPath: path)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == machine.flowdiagramRepresentation)
        #expect(throws: Diagnostic.self) { try machine.saveFlowdiagramRepresentation(toPath: directory.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["example-flow-diagram.dot"])
    }

    @Test func registeringAnActionTwiceReplacesItsHandler() throws {
        let machine = ActionMachine<LoadState, LoadAction>(initialState: .Empty)
        machine.registerAction(.Load, fromStates: [.Empty], toStates: [.Loading]) { _ in .Loading }
        machine.registerAction(.Reset, fromStates: [.Loading, .Failed], toStates: [.Empty]) { _ in .Empty }
        machine.registerAction(.Load, fromStates: [.Empty], toStates: [.Failed]) { _ in .Failed }
        #expect(machine.performAction(.Load) == .Failed)
        #expect(machine.performAction(.Reset) == .Empty)
        // The replacement keeps the action's place among the transitions.
        let graph = try machine.graph()
        #expect(graph.transitions.map { "\($0.source)-\($0.event?.rawValue ?? "")" } == ["Empty-Load", "Loading-Reset", "Failed-Reset"])
        #expect(graph.transitions.first?.targets == ["Failed"])
    }

    @Test func setsOfStatesAreDrawnInTheOrderOfTheirDescriptions() throws {
        let from: Set<LoadState> = [.Failed, .Empty, .Complete]
        let drawn = try (0..<3).map { _ in
            let machine = ActionMachine<LoadState, LoadAction>(initialState: .Empty)
            machine.registerAction(.Load, fromStates: from, toStates: Set([.Loading])) { _ in .Loading }
            let entered = Shared(0)
            let loading: Set<LoadState> = [.Loading]
            machine.onChange(fromStates: from, toStates: loading) { _, _, _ in entered.withLock { $0 += 1 } }
            #expect(machine.performAction(.Load) == .Loading)
            #expect(entered.withLock { $0 } == 1)
            return try machine.graph().transitions.map(\.source)
        }
        #expect(drawn.allSatisfy { $0 == ["Complete", "Empty", "Failed"] })
    }

    @Test func theFlowDiagramDrawsStatesThatPrintAlike() throws {
        struct Screen: Hashable, Sendable, CustomStringConvertible {
            let number: Int
            var description: String { "Screen" }
        }
        let machine = ActionMachine<Screen, LoadAction>(initialState: Screen(number: 1))
        machine.registerAction(.Load, fromStates: [Screen(number: 1)], toStates: [Screen(number: 2)]) { _ in Screen(number: 2) }
        #expect(throws: MachineError.self) { try machine.graph() }
        let flowdiagram = machine.flowdiagramRepresentation
        #expect(flowdiagram.components(separatedBy: "[label=\"Screen\", shape=box]").count == 3)
        #expect(flowdiagram.contains("1 -> 3 [arrowhead=none]\n    3 -> 2\n"))
    }

    @Test func concurrentActionsKeepOneConsistentHistory() {
        let machine = Self.readmeMachine(maxHistoryLength: 10_000)
        // (accepted at once, queued behind another thread's action)
        let counts = Shared((accepted: 0, queued: 0))
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 {
                for action in [LoadAction.Load, .FinishLoading, .Reset] {
                    do throws(ActionMachine<LoadState, LoadAction>.PerformError) {
                        _ = try machine.perform(action)
                        counts.withLock { $0.accepted += 1 }
                    } catch .queued {
                        counts.withLock { $0.queued += 1 }
                    } catch {}
                }
            }
        }
        let history = machine.history
        let (accepted, queued) = counts.withLock { $0 }
        // Queued actions ran later, accepted or refused, so they add at most one step each.
        #expect(history.count >= accepted + 1)
        #expect(history.count <= accepted + queued + 1)
        // Every step of the history is a registered move.
        let moves: Set<String> = ["Empty->Loading", "Loading->Complete", "Complete->Empty"]
        #expect(zip(history, history.dropFirst()).allSatisfy { moves.contains("\($0)->\($1)") })
    }
}
