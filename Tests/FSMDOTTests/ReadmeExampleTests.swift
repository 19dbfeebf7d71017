import FSMCore
import FSMDOT
import FSMRendering
import Testing

/// The README's library example, kept compiling and working.
@Suite struct ReadmeExampleTests {
    @Test func libraryExampleBuildsAMachineAndPrintsItsDOT() throws {
        let machine = try Machine(
            name: "LoadState",
            states: [State("Empty", kind: .initial), State("Loading"), State("Complete"), State("Failed")],
            transitions: [
                Transition(from: "Empty", on: "Load", to: "Loading"),
                Transition(from: "Loading", on: "FinishLoading", to: ["Complete", "Failed"]),
                Transition(from: "Loading", on: "Cancel", to: "Empty", guard: "user asked"),
                Transition(from: "Complete", on: "Reset", to: "Empty"),
            ])
        let dot = DOTWriter(options: DOTOptions(rankDirection: .LR)).write(machine)
        #expect(dot.hasPrefix("digraph LoadState {"))
        #expect(dot.contains("label=\"Cancel [user asked]\", fontsize=10, id=\"transition-2-label\""))
        #expect(dot.contains("Loading -> transition_2_label [id=\"transition-2\""))
        #expect(dot.contains("transition_2_label -> Empty [id=\"transition-2-target-0\""))
        #expect(machine.flowdiagramRepresentation.contains("[label=\"FinishLoading\", shape=oval]"))
        let svg = try GraphvizRenderer().render(machine, format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
    }
}
