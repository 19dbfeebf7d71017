/// A machine file that cannot be read, parsed or turned into a valid machine.
///
/// Its description is the `file:line:column: error: message` form that editors and CI logs
/// turn into links.
public struct MachineFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as the user gave it (`-` or `<stdin>` for standard input).
    public var path: String
    /// Where in the file, when the problem has a position.
    public var location: SourceLocation?
    /// What is wrong, written for a person.
    public var message: String

    /// Creates an error.
    public init(path: String, location: SourceLocation?, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    public var description: String {
        Self.diagnostic(path: path, location: location, message: message)
    }

    /// `path:line:column: error: message` (without the position when there is none), the
    /// form editors and CI logs turn into links; shared by every file fsmviz reads.
    public static func diagnostic(path: String, location: SourceLocation?, message: String) -> String {
        let position = location.map { ":\($0.line):\($0.column)" } ?? ""
        return "\(path)\(position): error: \(message)"
    }
}
