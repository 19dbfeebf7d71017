/// Settings that apply only to machine files under some paths, in the manner of ESLint's
/// `overrides`.
public struct ConfigurationOverride: Hashable, Sendable {
    /// The files it applies to, relative to the configuration file's directory.
    public var paths: [PathPattern]
    /// What it changes, on top of the configuration's own settings and earlier overrides.
    public var rules: RuleSettings

    /// Creates an override.
    public init(paths: [PathPattern], rules: RuleSettings) {
        self.paths = paths
        self.rules = rules
    }

    /// Whether it applies to `path`, relative to the configuration file's directory.
    public func applies(to path: String) -> Bool {
        paths.contains { $0.matches(path) }
    }
}
