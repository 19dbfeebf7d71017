import FSMCore
import FSMDOT
import Foundation
import Testing

/// EFStateMachine's README prints the flow diagram of its LoadState example; ours must say the
/// same thing. The seed numbered nodes in hash order, so both sides are compared with node
/// numbers replaced by the labels they stand for.
@Suite struct FlowdiagramSeedTests {
    static let seedDOT = """
        digraph {
            graph [rankdir=TB]

            0 [label="", shape=plaintext]
            0 -> 1

            # node
            1 [label="Empty", shape=box]
            2 [label="Loading", shape=box]
            3 [label="Cancel", shape=oval]
            4 [label="Load", shape=oval]
            5 [label="Complete", shape=box]
            6 [label="FinishLoading", shape=oval]
            7 [label="Failed", shape=box]
            8 [label="Reset", shape=oval]


            # links
            2 -> 3 [arrowhead=none]
            3 -> 1
            1 -> 4 [arrowhead=none]
            4 -> 2
            2 -> 6 [arrowhead=none]
            6 -> 5
            6 -> 7
            5 -> 8 [arrowhead=none]
            8 -> 1
            7 -> 8 [arrowhead=none]

        }
        """

    /// The arcs the seed drew: Empty -Load-> Loading, Loading -Cancel-> Empty,
    /// Loading -FinishLoading-> Complete or Failed, Complete and Failed -Reset-> Empty.
    static func seedMachine() throws -> Machine {
        try Machine(
            states: [State("Empty", kind: .initial), State("Loading"), State("Complete"), State("Failed")],
            events: [Event("Load"), Event("FinishLoading"), Event("Cancel"), Event("Reset")],
            transitions: [
                Transition(from: "Empty", on: "Load", to: "Loading"),
                Transition(from: "Loading", on: "FinishLoading", to: ["Complete", "Failed"]),
                Transition(from: "Loading", on: "Cancel", to: "Empty"),
                Transition(from: "Complete", on: "Reset", to: "Empty"),
                Transition(from: "Failed", on: "Reset", to: "Empty"),
            ])
    }

    /// The document's lines with every node number replaced by its label, node and link
    /// sections sorted (their order is the numbering's), the rest kept in place.
    static func canonical(_ dot: String) -> [String] {
        let lines = dot.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var labels: [String: String] = ["0": "<start>"]
        for line in lines {
            guard let bracket = line.firstIndex(of: "["), line.contains("label=\"") else { continue }
            let number = line[..<bracket].trimmingCharacters(in: .whitespaces)
            let label = line.split(separator: "\"")[1]
            if number != "0" { labels[number] = String(label) }
        }
        func rename(_ line: String) -> String {
            line.split(separator: " ", omittingEmptySubsequences: false)
                .map { labels[String($0)] ?? String($0) }.joined(separator: " ")
        }
        var result: [String] = []
        var section: [String] = []
        for line in lines.map(rename) {
            if line.isEmpty || line == "}" || line.hasPrefix("#") {
                result += section.sorted()
                section = []
                result.append(line)
            } else {
                section.append(line)
            }
        }
        return result + section.sorted()
    }

    @Test func flowdiagramEqualsTheSeedAfterRenumbering() throws {
        let ours = try Self.seedMachine().flowdiagramRepresentation
        #expect(Self.canonical(ours) == Self.canonical(Self.seedDOT + "\n"))
    }

    @Test func numbersNodesInDeclarationOrder() throws {
        let ours = try Self.seedMachine().flowdiagramRepresentation
        #expect(ours.contains("1 [label=\"Empty\", shape=box]\n    2 [label=\"Loading\", shape=box]"))
        #expect(ours.contains("5 [label=\"Load\", shape=oval]"))
        #expect(ours.hasPrefix("digraph {\n    graph [rankdir=TB]\n\n    0 [label=\"\", shape=plaintext]\n    0 -> 1\n"))
    }
}
