/// A position in a machine file, for diagnostics that point at the declaration they are about.
///
/// Lines and columns start at 1. Columns count Unicode scalars, as libyaml does, so JSON and
/// YAML files report the same column for the same character. A machine read from Swift sources
/// spans files, so its elements also name their ``file``.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The file, when the machine's elements come from several (a Swift module's sources);
    /// `nil` for the machine's own single document.
    public var file: String?
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in Unicode scalars.
    public var column: Int

    /// Creates a location from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Creates a location in `file` from a 1-based line and column.
    public init(file: String, line: Int, column: Int) {
        self.init(line: line, column: column)
        self.file = file
    }

    /// `line:column`, the form compilers and editors understand.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file ?? "", lhs.line, lhs.column) < (rhs.file ?? "", rhs.line, rhs.column)
    }
}
