/// Why Graphviz could not produce a diagram.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Graphviz's plugin configuration is missing, so it knows no layout engine at all.
    case pluginsNotConfigured
    /// `gvContext` failed.
    case contextUnavailable
    /// The DOT text did not parse; `message` is Graphviz's own explanation.
    case invalidDOT(subject: String, message: String)
    /// The engine is not installed.
    case unknownEngine(String, available: [String])
    /// Layout failed.
    case layoutFailed(subject: String, engine: String, message: String)
    /// No plugin renders this format.
    case formatUnavailable(RenderFormat, available: [String])
    /// Rendering failed after layout.
    case renderFailed(subject: String, format: RenderFormat, message: String)
    /// The layout was not started: it would run for minutes (``LayoutPolicy``).
    case refused(LayoutRefusal)

    public var description: String {
        switch self {
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
