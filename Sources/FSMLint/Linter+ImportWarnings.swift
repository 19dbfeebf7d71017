public import FSMAnalysis
import FSMCore
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
        guard path != "-" else { return RuleSettings() }
        let absolute = LintConfiguration.absolute(path)
        switch configuration {
        case .fixed(let configuration):
            return configuration.settings(forFile: absolute)
        case .file(let file):
            return (try? LintConfiguration.load(path: file))?.settings(forFile: absolute) ?? RuleSettings()
        case .discover:
            var locator = ConfigurationLocator()
            guard case .success(let configuration)? = locator.configuration(forFile: absolute)?.configuration else {
                return RuleSettings()
            }
            return configuration.settings(forFile: absolute)
        }
    }
}
