/// A document that is not well-formed JSON or YAML, or breaks a reading limit.
public struct DocumentError: Error, Hashable, Sendable {
    /// What is wrong, written for a person.
    public var message: String
    /// Where, when known.
    public var location: SourceLocation?

    /// Creates an error.
    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }
}
