/// The few ANSI styles the text report uses, and the decision whether to use them at all.
public enum TerminalStyle: String, Sendable, CaseIterable {
    /// Errors.
    case red = "31"
    /// Warnings.
    case yellow = "33"
    /// Information.
    case blue = "34"
    /// Rule identifiers.
    case bold = "1"

    /// `text` wrapped in this style's escape sequence and a reset.
    public func apply(to text: String) -> String {
        "\u{1B}[\(rawValue)m\(text)\u{1B}[0m"
    }

    /// Whether output may be coloured: only when it goes to a terminal, and never when
    /// `NO_COLOR` is set to a non-empty value (https://no-color.org). Pipes, files and CI
    /// logs read by tools get plain text.
    public static func isEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
}
