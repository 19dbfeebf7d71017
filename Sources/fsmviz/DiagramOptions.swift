public import ArgumentParser
public import DOTExport
import FSMCore

extension DOTStyle: ExpressibleByArgument {}
extension RankDirection: ExpressibleByArgument {}

/// Options that shape the drawing, shared by `render` and `dot`.
struct DiagramOptions: ParsableArguments {
    @Option(help: "How to draw the machine: 'states' (events on edges) or 'flowdiagram' (EFStateMachine's state boxes and action ovals).")
    var style: DOTStyle = .states

    @Option(help: "Direction the diagram flows in.")
    var rankdir: RankDirection = .TB

    @Option(help: "Title above the diagram (default: the machine's name; '' for none).")
    var title: String?

    @Flag(help: "Draw lint findings: unreachable states greyed and dashed, dead ends and traps outlined in red, nondeterministic transitions in red.")
    var lint = false

    @Option(help: "Colour theme: \(DOTTheme.named.map(\.name).joined(separator: ", ")).")
    var theme: String = "standard"

    func validate() throws {
        guard DOTTheme.named.contains(where: { $0.name == theme }) else {
            throw ValidationError(
                "unknown theme '\(theme)'; available: \(DOTTheme.named.map(\.name).joined(separator: ", "))")
        }
    }

    /// The drawing options for `machine` (its lint findings are computed only with `--lint`).
    func dotOptions(for machine: Machine) -> DOTOptions {
        DOTOptions(
            style: style, rankDirection: rankdir, title: title,
            theme: DOTTheme.named.first { $0.name == theme }?.theme ?? .standard,
            highlights: lint ? DOTHighlights(linting: machine) : .none)
    }
}
