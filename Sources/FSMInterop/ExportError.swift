/// Why a machine cannot be written in a format.
public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The format's name, such as `SCXML`.
    public var format: String
    /// What makes the machine impossible to write, written for a person.
    public var reason: String

    /// Creates an error.
    public init(format: String, reason: String) {
        self.format = format
        self.reason = reason
    }

    public var description: String { "cannot write the machine as \(format): \(reason)" }
}
