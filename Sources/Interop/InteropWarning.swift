public import FSMCore

/// Something an importer or exporter could not carry over faithfully, such as an SCXML
/// element fsmviz does not model. The machine is still usable; the warning says what it lacks.
public struct InteropWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file it is about (empty for an exported machine not yet written anywhere).
    public var path: String
    /// Where in the file, when known.
    public var location: SourceLocation?
    /// What was not carried over, and why.
    public var message: String

    /// Creates a warning.
    public init(path: String, location: SourceLocation?, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    /// `path:line:column: warning: message`, the form compilers use.
    public var description: String {
        let position = location.map { ":\($0.line):\($0.column)" } ?? ""
        return "\(path)\(position): warning: \(message)"
    }
}
