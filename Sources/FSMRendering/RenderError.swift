/// Why Graphviz could not produce a diagram.
///
/// A struct over a private set of cases, as swift-argument-parser's `CleanExit` is: Graphviz
/// can fail in new ways, and a new one is then no breaking change. Compare with the static
/// members (`error == .contextUnavailable`), or ask ``refusal`` whether the layout was refused.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case pluginsNotConfigured
        case contextUnavailable
        case invalidDOT(subject: String, message: String)
        case unknownEngine(String, available: [String])
        case layoutFailed(subject: String, engine: String, message: String)
        case formatUnavailable(RenderFormat, available: [String])
        case renderFailed(subject: String, format: RenderFormat, message: String)
        case refused(LayoutRefusal)
    }

    let kind: Kind

    /// Graphviz's plugin configuration is missing, so it knows no layout engine at all.
    public static let pluginsNotConfigured = RenderError(kind: .pluginsNotConfigured)
    /// `gvContext` failed.
    public static let contextUnavailable = RenderError(kind: .contextUnavailable)

    /// The DOT text did not parse; `message` is Graphviz's own explanation.
    public static func invalidDOT(subject: String, message: String) -> RenderError {
        RenderError(kind: .invalidDOT(subject: subject, message: message))
    }

    /// The engine is not installed.
    public static func unknownEngine(_ engine: String, available: [String]) -> RenderError {
        RenderError(kind: .unknownEngine(engine, available: available))
    }

    /// Layout failed.
    public static func layoutFailed(subject: String, engine: String, message: String) -> RenderError {
        RenderError(kind: .layoutFailed(subject: subject, engine: engine, message: message))
    }

    /// No plugin renders this format.
    public static func formatUnavailable(_ format: RenderFormat, available: [String]) -> RenderError {
        RenderError(kind: .formatUnavailable(format, available: available))
    }

    /// Rendering failed after layout.
    public static func renderFailed(subject: String, format: RenderFormat, message: String) -> RenderError {
        RenderError(kind: .renderFailed(subject: subject, format: format, message: message))
    }

    /// The layout was not started: it would run for minutes (``LayoutPolicy``).
    public static func refused(_ refusal: LayoutRefusal) -> RenderError {
        RenderError(kind: .refused(refusal))
    }

    /// Why the layout was refused, when that is the error: the input's size, not Graphviz.
    public var refusal: LayoutRefusal? {
        if case .refused(let refusal) = kind { return refusal }
        return nil
    }

    public var description: String {
        switch kind {
        case .pluginsNotConfigured:
            return "Graphviz has no layout plugins configured; run 'libgvc6-config-update -c' as root "
                + "(or reinstall libgvc6) to write its plugin configuration"
        case .contextUnavailable:
            return "could not start Graphviz (gvContext failed)"
        case .invalidDOT(let subject, let message):
            return "Graphviz could not read the DOT for \(subject): \(Self.detail(message))"
        case .unknownEngine(let engine, let available):
            return "unknown layout engine '\(engine)'; available: \(available.joined(separator: ", "))"
        case .layoutFailed(let subject, let engine, let message):
            return "laying out \(subject) with '\(engine)' failed: \(Self.detail(message))"
        case .formatUnavailable(let format, let available):
            return "Graphviz cannot render \(format.rawValue) here: install \(format.debianPackage) "
                + "and run 'libgvc6-config-update -c'; formats available: \(available.joined(separator: ", "))"
        case .renderFailed(let subject, let format, let message):
            return "rendering \(subject) as \(format.rawValue) failed: \(Self.detail(message))"
        case .refused(let refusal):
            return refusal.description
        }
    }

    private static func detail(_ message: String) -> String {
        message.isEmpty ? "Graphviz gave no reason" : message
    }
}
