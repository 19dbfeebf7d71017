import FSMCore
import FSMDOT
import Testing

/// A transition into a history state from outside its compound state leaves the ranks alone
/// only when asked (`DOTOptions.releasesHistoryEntries`, which the renderer tries for machines
/// that have such transitions), and only that transition.
@Suite struct HistoryRankingTests {
    /// `Library` remembers where it was: `Settings` returns to its history state from outside,
    /// `Reading` from inside.
    static func reader() throws -> Machine {
        try Machine(
            name: "Reader",
            states: [
                State("Library", kind: .initial), State("Browsing", kind: .initial, parent: "Library"),
                State("Reading", parent: "Library"), State("Back", parent: "Library", pseudoState: .history),
                State("Settings"),
            ],
            transitions: [
                Transition(from: "Browsing", on: "open", to: "Reading"),
                Transition(from: "Reading", on: "again", to: "Back"),
                Transition(from: "Library", on: "settings", to: "Settings"),
                Transition(from: "Settings", on: "done", to: "Back"),
            ])
    }

    /// The DOT line of the edge with element id `id`.
    static func edge(_ id: String, in dot: String) throws -> Substring {
        try #require(dot.split(separator: "\n").first { $0.contains("id=\"\(id)\"") }, "no edge \(id)")
    }

    @Test func onlyTheReturnFromOutsideLetsGoOfTheRanks() throws {
        let machine = try Self.reader()
        #expect(DiagramView(whole: machine).returnsToHistory)
        var options = DOTOptions()
        let held = DOTWriter(options: options).write(machine)
        #expect(!held.contains("constraint=false"))
        options.releasesHistoryEntries = true
        let released = DOTWriter(options: options).write(machine)
        #expect(try Self.edge("transition-3-target-0", in: released).contains("constraint=false"))
        #expect(try !Self.edge("transition-1-target-0", in: released).contains("constraint=false"))
        #expect(try !Self.edge("transition-3", in: released).contains("constraint=false"), "the label still follows its source")
    }

    @Test func aMachineWithoutSuchReturnsIsDrawnOneWay() throws {
        let machine = try Machine(
            name: "Inside",
            states: [
                State("Library", kind: .initial), State("Reading", kind: .initial, parent: "Library"),
                State("Back", parent: "Library", pseudoState: .history),
            ],
            transitions: [Transition(from: "Reading", on: "again", to: "Back")])
        #expect(!DiagramView(whole: machine).returnsToHistory)
        var options = DOTOptions()
        options.releasesHistoryEntries = true
        #expect(DOTWriter(options: options).write(machine) == DOTWriter().write(machine))
    }
}
