/// The formats `fsmviz diff` writes its report in.
public enum DiffReportFormat: String, CaseIterable, Sendable {
    /// A summary line, then one `file:line:column: message` line per change.
    case text
    /// A JSON document (schema version 1, documented in docs/diff.md).
    case json
    /// A pull-request comment: the summary, a table of counts, the list and the picture.
    case markdown
}
