import FSMAnalysis
import FSMCore
import FSMRuntime
import Foundation
import TestSupport
import Testing

/// Every sample, rebuilt in code on the runtime, lints exactly as its file does, and the
/// runtime's graph written back as a machine file reads as the same machine: so a team can
/// export machines built in code for `fsmviz lint` and `fsmviz render` in CI.
@Suite struct EverySampleTests {
    /// The sample's structure registered on a `StateMachine<String, String>`, as code would.
    static func rebuilt(_ sample: Machine) -> StateMachine<String, String> {
        let machine = StateMachine<String, String>(initialState: sample.initialState.rawValue)
        for state in sample.states {
            let isChildInitial = state.parent != nil && state.kind == .initial
            machine.addState(
                state.id.rawValue, parent: state.parent?.rawValue, isInitial: isChildInitial, isFinal: state.kind == .final)
        }
        for event in sample.events { machine.addEvent(event.id.rawValue) }
        for transition in sample.transitions {
            machine.addTransition(
                TransitionRule(
                    event: transition.event?.rawValue, from: [transition.source.rawValue],
                    to: transition.targets.map(\.rawValue), guardLabel: transition.guardLabel,
                    effectLabels: transition.effects))
        }
        return machine
    }

    @Test(arguments: Golden.sampleFiles().map(\.lastPathComponent))
    func codeLintsLikeTheFile(sample name: String) throws {
        let sample = try Golden.loadSample(name)
        let graph = try Self.rebuilt(sample).graph(name: sample.name)
        #expect(MachineModel.findings(graph) == MachineModel.findings(sample))
        #expect(graph.states.map(\.id) == sample.states.map(\.id))
        #expect(graph.transitions.count == sample.transitions.count)
    }

    @Test(arguments: Golden.sampleFiles().map(\.lastPathComponent))
    func graphWrittenAsAMachineFileReadsBack(sample name: String) throws {
        let sample = try Golden.loadSample(name)
        let graph = try Self.rebuilt(sample).graph(name: sample.name)
        let json = try MachineFileWriter.write(graph, as: .json)
        let reread = try MachineFileLoader.load(bytes: Array(json.utf8), format: .json, path: "\(name).exported.json")
        #expect(MachineModel(reread) == MachineModel(graph))
        #expect(MachineModel.findings(reread) == MachineModel.findings(sample))
    }
}
