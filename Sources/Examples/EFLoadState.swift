import FSMRuntime
import FSMRuntimeDiagrams
import Foundation

/// EFStateMachine's README example: loading with cancel, on `ActionMachine`.
struct EFLoadState: Example {
    static let name = "ef"
    static let summary = "EFStateMachine: LoadState/LoadAction from its README (ActionMachine)"

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

    /// The README's machine, built once here so a test can compare it with the one fsmviz reads
    /// from this file's source.
    static func makeMachine() -> ActionMachine<LoadState, LoadAction> {
        let machine = ActionMachine<LoadState, LoadAction>(initialState: .Empty)

        machine.registerAction(.Load, fromStates: [.Empty, .Failed], toStates: [.Loading]) { machine in
            return .Loading
        }
        machine.registerAction(.FinishLoading, fromStates: [.Loading], toStates: [.Complete, .Failed]) { machine in
            return .Complete  // (or return .Failed if that's the case)
        }
        machine.registerAction(.Reset, fromStates: [.Complete, .Failed], toStates: [.Empty]) { machine in
            return .Empty
        }
        machine.registerAction(.Cancel, fromStates: [.Loading], toStates: [.Empty, .Failed]) { machine in
            return machine.history[machine.history.count - 2]
        }
        return machine
    }

    static func run() async throws {
        let machine = makeMachine()
        machine.onChange(toStates: [.Complete]) { machine, oldState, newState in
            print("  onChange: \(oldState) -> \(newState): infoLabel.text = \"Complete!\"")
        }

        func perform(_ action: LoadAction, _ comment: String) {
            let result = machine.performAction(action).map { ".\($0)" } ?? "nil"
            print("performAction(.\(action)) -> \(result)  // \(comment)")
        }
        perform(.Load, "start loading")
        perform(.FinishLoading, "loading finished")
        perform(.Load, "try loading again (an invalid action)")
        perform(.Reset, "back to the start")
        perform(.Load, "load again")
        perform(.Cancel, "cancel: the handler returns history[history.count - 2]")
        print("history: \(machine.history.map { ".\($0)" }.joined(separator: ", "))")
        do {
            _ = try machine.perform(.FinishLoading)
        } catch {
            print("perform(.FinishLoading) throws \(error)")
        }

        print("\nflowdiagramRepresentation:")
        print(machine.flowdiagramRepresentation)
    }
}
