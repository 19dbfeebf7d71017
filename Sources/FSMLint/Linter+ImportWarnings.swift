public import FSMAnalysis
public import FSMCore
public import FSMInterop

extension Linter {
    /// The diagnostics `imported` carries about content fsmviz does not model, as lint reports
    /// them: findings of ``unsupportedContentRuleID``, in file order; a reader's error (a Swift
    /// transition table's repeated key, which traps at run time) stays an error. One message
    /// said several times (nine `<datamodel>` elements) is one finding at its first position,
    /// with the count.
    static func unsupportedContent(in imported: ImportedMachine) -> [Finding] {
        var counts: [String: Int] = [:]
        for warning in imported.warnings { counts[warning.message, default: 0] += 1 }
        var reported: Set<String> = []
        return imported.warnings.compactMap { warning in
            guard reported.insert(warning.message).inserted else { return nil }
            let count = counts[warning.message] ?? 1
            return Finding(
                ruleID: unsupportedContentRuleID, severity: warning.severity == .error ? .error : .warning,
                message: warning.message + (count > 1 ? " (\(count) times in this file; this is the first)" : ""),
                location: warning.location)
        }
    }

    /// The warnings `imported` (read from `path`) carries, as the `.fsmviz.yml` that governs
    /// `path` (or this linter's configuration) lets them through: `render`, `dot` and `convert`
    /// print what `lint` would report of them, so a team silences them once for every command.
    /// An invalid configuration filters nothing: `lint` reports it.
    public func importWarnings(of imported: ImportedMachine, path: String) -> [Finding] {
        settings(forFile: path).apply(to: Self.unsupportedContent(in: imported))
    }

    private func settings(forFile path: String) -> RuleSettings {
        (try? settings(for: path)) ?? RuleSettings()
    }

    /// The settings `lint` gives the machine file at `path` (which need not exist): this
    /// linter's configuration, or the nearest `.fsmviz.yml`, at the place ``relocation`` puts
    /// `path`; default settings for standard input.
    /// - Throws: The configuration's error when the configuration that governs `path` is invalid,
    ///   as `lint` reports it.
    public func settings(for path: String) throws(ConfigurationError) -> RuleSettings {
        guard path != "-" else { return RuleSettings() }
        let actual = LintConfiguration.absolute(path)
        let absolute = relocation.map { $0.relocate(actual) } ?? actual
        switch configuration {
        case .fixed(let configuration):
            return configuration.settings(forFile: absolute)
        case .file(let file):
            return try LintConfiguration.load(path: file).settings(forFile: absolute)
        case .discover:
            var locator = ConfigurationLocator()
            guard let found = locator.configuration(forFile: absolute) else { return RuleSettings() }
            return try found.configuration.get().settings(forFile: absolute)
        }
    }
}
