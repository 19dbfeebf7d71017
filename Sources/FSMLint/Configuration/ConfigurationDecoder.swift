import FSMAnalysis
import FSMCore

/// Turns a parsed `.fsmviz.yml` into a ``LintConfiguration``, reporting every problem at the
/// position of the value that causes it, as machine files do.
struct ConfigurationDecoder {
    static let keys = ["version", "disable", "severity", "final-states", "exclude", "overrides"]
    static let overrideKeys = ["paths", "disable", "severity", "final-states"]
    static let supportedVersions = [1]

    /// How errors name the file.
    let path: String

    func decode(_ root: DocumentNode, directory: String) throws(ConfigurationError) -> LintConfiguration {
        let members = try object(root, "the configuration", keys: Self.keys)
        if let version = members["version"] {
            guard case .number(let text) = version.value, let number = Int(text), Self.supportedVersions.contains(number)
            else {
                throw error(at: version, "unsupported configuration version; this fsmviz reads version 1")
            }
        }
        let rules = try settings(members)
        let exclude = try members["exclude"].map { node throws(ConfigurationError) in try patterns(node, "'exclude'") } ?? []
        var overrides: [ConfigurationOverride] = []
        if let list = members["overrides"] {
            guard case .array(let elements) = list.value else {
                throw error(at: list, "expected 'overrides' to be a list, found \(list.kindDescription)")
            }
            for element in elements {
                let override = try object(element, "an override", keys: Self.overrideKeys)
                guard let paths = override["paths"] else {
                    throw error(at: element, "an override is missing required key 'paths'")
                }
                overrides.append(
                    ConfigurationOverride(paths: try patterns(paths, "'paths'"), rules: try settings(override)))
            }
        }
        return LintConfiguration(directory: directory, rules: rules, exclude: exclude, overrides: overrides)
    }

    /// `disable`, `severity` and `final-states`, at the top level or in an override.
    private func settings(_ members: [String: DocumentNode]) throws(ConfigurationError) -> RuleSettings {
        var settings = RuleSettings()
        if let disable = members["disable"] {
            for rule in try strings(disable, "'disable'") {
                settings.disabled.insert(try ruleID(rule))
            }
        }
        if let severity = members["severity"] {
            guard case .object(let entries) = severity.value else {
                throw error(at: severity, "expected 'severity' to map rule ids to severities, found \(severity.kindDescription)")
            }
            for entry in entries {
                let id = try ruleID((entry.key, entry.keyLocation))
                let names = Severity.allCases.map(\.rawValue)
                guard case .string(let text) = entry.value.value, let level = Severity(rawValue: text) else {
                    var found = entry.value.kindDescription
                    if case .string(let text) = entry.value.value {
                        found = "'\(text)'" + Suggestion.hint(for: text, among: names)
                    }
                    throw error(
                        at: entry.value, "expected the severity of '\(id)' to be 'error', 'warning' or 'info', found \(found)")
                }
                settings.severities[id] = level
            }
        }
        if let finals = members["final-states"] {
            for (name, location) in try strings(finals, "'final-states'") {
                guard !name.isEmpty else {
                    throw ConfigurationError(path: path, location: location, message: "a final state's name is empty")
                }
                settings.finalStates.insert(name)
            }
        }
        return settings
    }

    private func ruleID(_ name: (text: String, location: SourceLocation)) throws(ConfigurationError) -> String {
        guard Analyzer.rule(withID: name.text) == nil, name.text != Linter.unsupportedContentRuleID else { return name.text }
        let ids = Analyzer.allRules.map { $0.description.identifier }
        let hint = Suggestion.hint(for: name.text, among: ids)
        throw ConfigurationError(
            path: path, location: name.location,
            message: "unknown rule '\(name.text)'" + (hint.isEmpty ? "; 'fsmviz rules' lists the rules" : hint))
    }

    private func patterns(_ node: DocumentNode, _ what: String) throws(ConfigurationError) -> [PathPattern] {
        var patterns: [PathPattern] = []
        for (text, location) in try strings(node, what) {
            guard !text.hasPrefix("/") else {
                throw ConfigurationError(
                    path: path, location: location,
                    message: "path pattern '\(text)' is absolute; patterns are relative to the configuration file's directory")
            }
            guard text.contains(where: { $0 != "/" && $0 != "." }) else {
                throw ConfigurationError(path: path, location: location, message: "path pattern '\(text)' names no files")
            }
            patterns.append(PathPattern(text))
        }
        return patterns
    }

    /// The members of a mapping, rejecting keys not in `keys` with a suggestion.
    private func object(
        _ node: DocumentNode, _ what: String, keys: [String]
    ) throws(ConfigurationError) -> [String: DocumentNode] {
        guard case .object(let list) = node.value else {
            throw error(at: node, "expected \(what) to be a mapping, found \(node.kindDescription)")
        }
        var members: [String: DocumentNode] = [:]
        for member in list {
            guard keys.contains(member.key) else {
                let near = Suggestion.closest(to: member.key, among: keys)
                let hint =
                    near.map { "did you mean '\($0)'?" }
                    ?? "known keys are \(keys.map { "'\($0)'" }.joined(separator: ", "))"
                throw ConfigurationError(
                    path: path, location: member.keyLocation, message: "unknown key '\(member.key)' in \(what); \(hint)")
            }
            if case .null = member.value.value { continue }
            members[member.key] = member.value
        }
        return members
    }

    /// A string or a list of strings, each with its position.
    private func strings(
        _ node: DocumentNode, _ what: String
    ) throws(ConfigurationError) -> [(text: String, location: SourceLocation)] {
        switch node.value {
        case .string(let text):
            return [(text, node.location)]
        case .array(let elements):
            var result: [(text: String, location: SourceLocation)] = []
            for element in elements {
                guard case .string(let text) = element.value else {
                    throw error(at: element, "expected each of \(what) to be a string, found \(element.kindDescription)")
                }
                result.append((text, element.location))
            }
            return result
        default:
            throw error(at: node, "expected \(what) to be a string or a list of strings, found \(node.kindDescription)")
        }
    }

    private func error(at node: DocumentNode, _ message: String) -> ConfigurationError {
        ConfigurationError(path: path, location: node.location, message: message)
    }
}
