public import FSMCore

/// Writes a machine as Graphviz DOT text, in pure Swift so `fsmviz dot` and `lint` need no
/// C library.
///
/// Output follows the machine's declaration order, so the same machine and options always
/// give byte-identical text.
public struct DOTWriter: Sendable {
    /// The options every document is written with.
    public var options: DOTOptions

    /// Creates a writer.
    public init(options: DOTOptions = DOTOptions()) {
        self.options = options
    }

    /// The DOT document for `machine`.
    public func write(_ machine: Machine) -> String {
        write(DiagramView(whole: machine))
    }

    /// The DOT document for the part of a machine that `view` selects.
    public func write(_ view: DiagramView) -> String {
        var options = options
        options.highlights = options.highlights.restricted(to: view)
        switch options.style {
        case .states: return StatesDiagram(view: view, options: options).render()
        case .flowdiagram:
            return FlowDiagram(view: view, options: options).render()
        }
    }
}

extension Machine {
    /// EFStateMachine's `flowdiagramRepresentation`: the machine as a DOT flow diagram of
    /// state boxes and action ovals, ready to save to a `.dot` file.
    public var flowdiagramRepresentation: String {
        DOTWriter(options: DOTOptions(style: .flowdiagram)).write(self)
    }
}
