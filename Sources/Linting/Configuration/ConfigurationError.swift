public import FSMCore

/// A configuration file that cannot be read or says something fsmviz does not understand.
///
/// Its description is the `file:line:column: error: message` form editors turn into links.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration file's path, as given or relative to the working directory.
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
        MachineFileError.diagnostic(path: path, location: location, message: message)
    }
}
