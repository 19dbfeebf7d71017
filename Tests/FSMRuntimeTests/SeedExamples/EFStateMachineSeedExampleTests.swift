import FSMRuntime
import FSMRuntimeDiagrams
import Foundation
import Synchronization
import Testing

// EFStateMachine's README example, with only the edits docs/coming-from-efstatemachine.md
// lists: `StateMachine` is `ActionMachine`, `saveFlowdiagramRepresentationToPath(_:)` is
// `saveFlowdiagramRepresentation(toPath:)`. The enums and the calls are the README's; what
// surrounds them (the view controller with its label, the path) is the test's.

enum LoadState: String {
    case Empty
    case Loading
    case Complete
    case Failed
}

enum LoadAction: String {
    case Load
    case FinishLoading
    case Cancel
    case Reset
}

/// Stands in for the README's UI label.
final class SeedLabel: Sendable {
    private let storage = Mutex("")
    var text: String {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

final class LoadViewController: Sendable {
    let infoLabel = SeedLabel()
    let machine = ActionMachine<LoadState, LoadAction>(initialState: .Empty)

    func setUp() {
        machine.registerAction(.Load, fromStates: [.Empty, .Failed], toStates: [.Loading]) { (machine) -> LoadState in
            return .Loading
        }

        machine.registerAction(.FinishLoading, fromStates: [.Loading], toStates: [.Complete, .Failed]) { (machine) -> LoadState in
            return .Complete  // (or return .Failed if that's the case)
        }

        machine.registerAction(.Reset, fromStates: [.Complete, .Failed], toStates: [.Empty]) { (machine) -> LoadState in
            return .Empty
        }

        machine.registerAction(.Cancel, fromStates: [.Loading], toStates: [.Empty, .Failed]) { (machine) -> LoadState in
            return machine.history[machine.history.count - 2]
        }

        machine.onChange(toStates: [.Complete]) { [unowned self] (machine, oldState, newState) -> Void in
            self.infoLabel.text = "Complete!"
        }
    }

    func save(to path: String) {
        do {
            try machine.saveFlowdiagramRepresentation(toPath: path)
        } catch let error {
            NSLog("Could not save flowdiagram: \(error)")
        }
    }
}

@Suite struct EFStateMachineSeedExampleTests {
    @Test func theReadmeExampleRuns() throws {
        let controller = LoadViewController()
        controller.setUp()
        let machine = controller.machine

        // Start loading
        #expect(machine.performAction(.Load) == .Loading)  // returns .Loading

        // Loading finished
        #expect(machine.performAction(.FinishLoading) == .Complete)  // returns .Complete and updates infoLabel to "Complete!"
        #expect(controller.infoLabel.text == "Complete!")

        // Try loading again (an invalid action)
        #expect(machine.performAction(.Load) == nil)  // returns nil

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ef-seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("example-flow-diagram.dot").path
        controller.save(to: path)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == machine.flowdiagramRepresentation)
        #expect(written.contains("[label=\"FinishLoading\", shape=oval]"))
    }

    @Test func cancelGoesBackThroughTheHistory() {
        let controller = LoadViewController()
        controller.setUp()
        controller.machine.performAction(.Load)
        #expect(controller.machine.performAction(.Cancel) == .Empty)
    }
}
