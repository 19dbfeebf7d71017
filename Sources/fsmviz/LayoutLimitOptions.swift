import ArgumentParser
import FSMRendering

/// The flag that raises how much the slow layout engines are given, for `render` (the only
/// command that lays out); `--no-limit`, among the input limits, lifts the bounds too.
struct LayoutLimitOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Most drawn transitions laid out by an engine that grows slow (default: \(Self.defaults)); beyond it, render refuses instead of running for minutes.",
            valueName: "count"))
    var maxLayoutTransitions: Int?

    func validate() throws {
        if let maxLayoutTransitions, maxLayoutTransitions < 1 {
            throw ValidationError("--max-layout-transitions must be at least 1")
        }
    }

    /// The layout policy with these bounds, or none with `--no-limit`.
    func policy(noLimit: Bool) -> LayoutPolicy {
        var policy = LayoutPolicy.measured
        if noLimit {
            policy.maximumTransitions = [:]
            policy.maximumStates = [:]
        } else if let maxLayoutTransitions {
            policy.maximumTransitions = policy.maximumTransitions.mapValues { _ in maxLayoutTransitions }
        }
        return policy
    }

    private static var bounds: [(engine: LayoutEngine, limit: Int)] {
        LayoutEngine.allCases.compactMap { engine in LayoutPolicy.measured.maximumTransitions[engine].map { (engine, $0) } }
    }

    private static var defaults: String { bounds.map { "\($0.engine.rawValue) \($0.limit)" }.joined(separator: ", ") }
}

extension LayoutRefusal {
    /// The refusal and what to do instead, in this command line's flags.
    var commandLineMessage: String {
        description + "; "
            + (autoFinishes ? "use '--engine sfdp' or '--engine auto', draw a part " : "draw a part ")
            + "with '--focus STATE --radius N' or '--collapse DEPTH', write DOT without a layout with '--format dot', "
            + (measure == .transitions
                ? "or raise the limit with --max-layout-transitions (--no-limit lifts it)" : "or lift the limit with --no-limit")
    }
}

extension RenderError {
    /// The error as the command line reports it: a refused layout with the flags that avoid it.
    var commandLineMessage: String {
        refusal?.commandLineMessage ?? description
    }
}
