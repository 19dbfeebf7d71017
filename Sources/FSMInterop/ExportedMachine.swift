/// A machine written out in some format.
public struct ExportedMachine: Hashable, Sendable {
    /// The file's text.
    public var text: String
    /// What the format could not hold (warnings have an empty path and no position).
    public var warnings: [String]

    /// Creates an exported machine.
    public init(text: String, warnings: [String] = []) {
        self.text = text
        self.warnings = warnings
    }
}
