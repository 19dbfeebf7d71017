public import FSMCore
public import FSMRendering

/// Why a drawing could not be checked.
///
/// A struct over a private set of cases, as ``RenderError`` is: the checker learns to read new
/// drawings, and a new way to fail is then no breaking change. Compare with the static members
/// (`error == .invalidDrawing(reason: ...)`), or ask ``isUnreadableMachine``.
public struct DiagramCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case unreadableMachine(MachineFileError)
        case renderFailed(RenderError)
        case invalidLayout(reason: String)
        case invalidDrawing(reason: String)
    }

    let kind: Kind

    /// The machine file could not be read.
    public static func unreadableMachine(_ error: MachineFileError) -> DiagramCheckError {
        DiagramCheckError(kind: .unreadableMachine(error))
    }

    /// Graphviz could not lay the machine out.
    public static func renderFailed(_ error: RenderError) -> DiagramCheckError {
        DiagramCheckError(kind: .renderFailed(error))
    }

    /// Graphviz's JSON could not be read; `reason` says what was wrong with it.
    public static func invalidLayout(reason: String) -> DiagramCheckError {
        DiagramCheckError(kind: .invalidLayout(reason: reason))
    }

    /// A drawing in the neutral format (``DiagramChecker/check(_:drawingDocument:)``) could not
    /// be read; `reason` names the field at fault.
    public static func invalidDrawing(reason: String) -> DiagramCheckError {
        DiagramCheckError(kind: .invalidDrawing(reason: reason))
    }

    /// Whether the machine file itself could not be read, as opposed to its drawing.
    public var isUnreadableMachine: Bool {
        if case .unreadableMachine = kind { return true }
        return false
    }

    public var description: String {
        switch kind {
        case .unreadableMachine(let error): error.description
        case .renderFailed(let error): error.description
        case .invalidLayout(let reason): "could not read Graphviz's layout: \(reason)"
        case .invalidDrawing(let reason): "not a drawing: \(reason)"
        }
    }
}
