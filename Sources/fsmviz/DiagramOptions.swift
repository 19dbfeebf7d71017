public import ArgumentParser
import FSMAnalysis
import FSMAnalysisDiagrams
import FSMCore
public import FSMDOT
import FSMInterop
import FSMLint
import FSMRendering
import FSMViewer

extension DOTStyle: ExpressibleByArgument {}
extension RankDirection: ExpressibleByArgument {}

/// Options that shape the drawing, shared by `render` and `dot`.
struct DiagramOptions: ParsableArguments {
    @Option(help: "How to draw the machine: 'states' (events on edges) or 'flowdiagram' (EFStateMachine's state boxes and action ovals).")
    var style: DOTStyle = .states

    @Option(help: "Direction the diagram flows in (default: whichever of TB and LR gives the squarer drawing; TB for DOT text).")
    var rankdir: RankDirection?

    @Option(help: "Title above the diagram (default: the machine's name; '' for none).")
    var title: String?

    @Flag(help: "Draw lint findings: unreachable states greyed and dashed, dead ends and traps outlined in red, nondeterministic transitions in red.")
    var lint = false

    @Option(
        help:
            "Colour theme: \(DOTTheme.named.map(\.name).joined(separator: ", ")) (default: standard; the flowdiagram style keeps EFStateMachine's plain look unless a theme is given).",
        completion: .list(DOTTheme.named.map(\.name)))
    var theme: String?

    @Option(
        help: ArgumentHelp(
            "Draw only the neighbourhood of this state; transitions that lead out of view are drawn as stubs with their count.",
            valueName: "state"))
    var focus: String?

    @Option(
        help: ArgumentHelp(
            "With --focus: how many transitions away from the state others are drawn (default: \(DiagramSelection.defaultRadius)).",
            valueName: "n"))
    var radius: Int?

    @Option(
        help: ArgumentHelp(
            "Draw compound states at this depth (top-level states: 1) as single nodes with a count of their contents.",
            valueName: "depth"))
    var collapse: Int?

    func validate() throws {
        if radius != nil, focus == nil {
            throw ValidationError("--radius needs --focus: it says how far around the focused state to draw")
        }
        if let radius, radius < 0 {
            throw ValidationError("--radius must be 0 or more, not \(radius)")
        }
        if let collapse, collapse < 1 {
            throw ValidationError("--collapse must be 1 or more (top-level states are at depth 1), not \(collapse)")
        }
        if let theme, !DOTTheme.named.contains(where: { $0.name == theme }) {
            throw ValidationError(
                "unknown theme '\(theme)'; available: \(DOTTheme.named.map(\.name).joined(separator: ", "))")
        }
    }

    /// Which part of a machine to draw.
    var selection: DiagramSelection {
        DiagramSelection(
            focus: focus.map { StateID($0) }, radius: radius ?? DiagramSelection.defaultRadius, collapseDepth: collapse)
    }

    /// The part of `machine` to draw. A `--focus` that names no state is refused with the
    /// closest state id, or, when it is (or is close to) a state's label, with that state's id:
    /// labels are what the diagram shows, so they are what people type.
    func view(of machine: Machine) throws(DiagramSelectionError) -> DiagramView {
        do {
            return try selection.view(of: machine)
        } catch {
            guard let focus = error.focus else { throw error }
            let labelled = machine.states.filter { $0.label != nil }
            let exact = labelled.first { $0.label == focus.rawValue }?.id
            let close = Suggestion.closest(to: focus.rawValue, among: labelled.compactMap(\.label))
                .flatMap { label in labelled.first { $0.label == label }?.id }
            throw .unknownFocus(focus, suggestion: exact ?? error.suggestion ?? close)
        }
    }

    /// With `--lint`, what `lint` finds in `imported`, read from `input`: by the rules of the
    /// format it was read from (in SCXML a later transition on the same event is shadowed, not
    /// in conflict) and with the settings of the `.fsmviz.yml` that governs `input`; else none.
    func findings(of imported: ImportedMachine, input: String) -> [Finding] {
        guard lint else { return [] }
        // An invalid configuration is `lint`'s to report; the drawing takes the defaults.
        return Linter.findings(of: imported, settings: (try? Linter().settings(for: input)) ?? RuleSettings())
    }

    /// The interactive page around `svg`, which draws `machine` with these options, listing
    /// `findings`.
    func htmlPage(around svg: [UInt8], of machine: Machine, findings: [Finding]) -> [UInt8] {
        HTMLViewer(
            machine: machine, findings: findings,
            theme: namedTheme ?? (style == .flowdiagram ? .plain : .standard), title: title
        ).page(svg: svg)
    }

    /// The drawing options for `machine`, marking `findings` on it with `--lint`.
    func dotOptions(for machine: Machine, findings: [Finding]) -> DOTOptions {
        DOTOptions(
            style: style, rankDirection: rankdir, title: title,
            theme: namedTheme, highlights: lint ? DOTHighlights(findings: findings, in: machine) : .none)
    }

    private var namedTheme: DOTTheme? {
        theme.flatMap { name in DOTTheme.named.first { $0.name == name }?.theme }
    }
}
