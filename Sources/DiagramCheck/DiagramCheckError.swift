public import FSMCore
public import FSMRendering

/// Why a drawing could not be checked.
public enum DiagramCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The machine file could not be read.
    case unreadableMachine(MachineFileError)
    /// Graphviz could not lay the machine out.
    case renderFailed(RenderError)
    /// Graphviz's JSON could not be read; `reason` says what was wrong with it.
    case invalidLayout(reason: String)
    /// A drawing in the neutral format (``DiagramChecker/check(_:drawingDocument:)``) could not
    /// be read; `reason` names the field at fault.
    case invalidDrawing(reason: String)

    public var description: String {
        switch self {
        case .unreadableMachine(let error): error.description
        case .renderFailed(let error): error.description
        case .invalidLayout(let reason): "could not read Graphviz's layout: \(reason)"
        case .invalidDrawing(let reason): "not a drawing: \(reason)"
        }
    }
}
