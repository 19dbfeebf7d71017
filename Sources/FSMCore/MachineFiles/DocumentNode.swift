/// A value read from a JSON or YAML document, with the position it was written at.
///
/// Both file syntaxes parse into this one tree, so a single decoder turns either into a
/// ``Machine`` and reports errors at the same line and column a person sees in an editor.
public struct DocumentNode: Sendable {
    /// The shapes a document value can take.
    public enum Value: Sendable {
        /// A mapping, with its keys in document order.
        case object([Member])
        /// A sequence, its items in document order.
        case array([DocumentNode])
        /// A string, quoted or plain, with its escapes applied.
        case string(String)
        /// A number, kept as written.
        case number(String)
        /// `true` or `false`.
        case bool(Bool)
        /// An explicit null (`null`, or YAML's `~` or empty value).
        case null
    }

    /// One key and its value in an object.
    public struct Member: Sendable {
        /// The key's text.
        public var key: String
        /// Where the key was written.
        public var keyLocation: SourceLocation
        /// The key's value.
        public var value: DocumentNode

        /// Creates a member.
        public init(key: String, keyLocation: SourceLocation, value: DocumentNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// The value.
    public var value: Value
    /// Where the value starts.
    public var location: SourceLocation
    /// A YAML plain scalar's text when YAML inferred another type from it: YAML 1.1 reads
    /// `on`, `off`, `yes` and `no` as booleans, so a field that expects text (a state named
    /// `off`) takes it as written. `nil` for everything else, JSON included.
    public var plainScalar: String?

    /// Creates a node.
    public init(_ value: Value, at location: SourceLocation, plainScalar: String? = nil) {
        self.value = value
        self.location = location
        self.plainScalar = plainScalar
    }

    /// The value as text: a string, or a YAML plain scalar read as another type.
    public var text: String? {
        if case .string(let text) = value { return text }
        return plainScalar
    }

    /// The name of the value's shape, for messages such as "expected a string, found an array".
    public var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
