import DOTExport
import FSMCore
import Rendering
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
        #expect(dot.contains("Loading -> Empty [label=\"Cancel [user asked]\"]"))
        #expect(machine.flowdiagramRepresentation.contains("[label=\"FinishLoading\", shape=oval]"))
        let svg = try GraphvizRenderer().render(machine, format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
    }
}
