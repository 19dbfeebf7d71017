public import FSMAnalysis
public import FSMCore
public import FSMInterop
import Foundation

/// Lints machine files as `fsmviz lint` does: finds the files, finds and applies each one's
/// configuration, runs the rules, and collects findings and input errors per file.
///
/// ```swift
/// let results = Linter().lint(["machines/"])
/// print(TextReporter().report(results))
/// ```
///
/// Linting goes on past bad files: each problem is recorded in the results, in the order the
/// files were found, so one run reports everything.
public struct Linter: Sendable {
    /// Where a machine file's configuration comes from.
    public enum ConfigurationSource: Hashable, Sendable {
        /// The nearest `.fsmviz.yml` in the file's directory or above; none means defaults.
        case discover
        /// This file, for every machine file.
        case file(String)
        /// This configuration, for every machine file.
        case fixed(LintConfiguration)
    }

    /// Where configuration comes from.
    public var configuration: ConfigurationSource
    /// How big a machine file may be (see ``/FSMCore/InputLimits``).
    public var limits: InputLimits
    /// The format to read every file in, or `nil` to go by each file's name.
    public var format: MachineFormat?
    /// The XState major version (4 or 5) XState configs are read as; `nil` to tell it from
    /// each config's keys.
    public var xstateVersion: Int?
    /// The reader of source files that hold machines (fsmviz's Swift reader), whose files
    /// directory searches then include; all of one run's source files are read together, as one
    /// module, and each machine's findings are reported in the file of the element they are about.
    public var sourceReader: (any ModuleMachineReader)?
    /// Whether every file named as an input (standard input too) is source for
    /// ``sourceReader``, whatever its name says (`--from swift`); files found in a directory
    /// still go by their names.
    public var readsNamedFilesAsSource = false
    /// Whether source files that hold no machine pass quietly: a build step over a target's code,
    /// which may hold none, wants that; a person who names a file or directory wants to hear it.
    public var allowsNoMachines = false
    /// Where configuration is looked for as though the files were elsewhere: a baseline, an
    /// older copy of the input, is configured as the input is, so that the two versions' findings
    /// differ only by what changed in the machines (`nil`: where the files are).
    public var relocation: PathRelocation?

    /// The rule id of findings about content a machine file holds that fsmviz does not model
    /// (such as SCXML's `<datamodel>` or `<invoke>`): the rules did not see it. A warning,
    /// which `.fsmviz.yml` can disable or make more or less severe like a rule.
    public static let unsupportedContentRuleID = "fsmviz/unsupported-content"

    /// A linter that uses `configuration` (by default, the nearest `.fsmviz.yml`) and reads
    /// machines within `limits`.
    public init(configuration: ConfigurationSource = .discover, limits: InputLimits = .standard) {
        self.configuration = configuration
        self.limits = limits
    }

    /// Lints every machine file that `inputs` (files and directories) stand for.
    ///
    /// A configuration file that is invalid is reported once, as a result of its own, and the
    /// machine files it governs are not linted: linting them with settings other than the
    /// team's would report what the team turned off.
    public func lint(_ inputs: [String]) -> [LintResult] {
        var results: [LintResult] = []
        var fixed: LintConfiguration?
        switch configuration {
        case .discover: break
        case .fixed(let configuration): fixed = configuration
        case .file(let path):
            do {
                fixed = try LintConfiguration.load(path: path)
            } catch {
                return [Self.result(error)]
            }
        }
        var locator = ConfigurationLocator()
        var reported: Set<String> = []
        var seen: Set<String> = []
        var sources = SourceFiles()
        for input in inputs {
            let (files, errors) = MachineFileSearch.expand(input, sourceExtensions: sourceReader?.fileExtensions ?? [])
            results += errors
            for file in files {
                let actual = file.path == "-" ? "-" : LintConfiguration.absolute(file.path)
                guard seen.insert(actual).inserted else { continue }
                let absolute = relocation.map { $0.relocate(actual) } ?? actual
                var governing = fixed
                if governing == nil, file.path != "-",
                    let found = locator.configuration(forFile: absolute)
                {
                    switch found.configuration {
                    case .success(let configuration):
                        governing = configuration
                    case .failure(let error):
                        if reported.insert(found.path).inserted { results.append(Self.result(error)) }
                        continue
                    }
                }
                if file.foundInDirectory, governing?.excludes(file: absolute) == true { continue }
                let settings = governing?.settings(forFile: absolute) ?? RuleSettings()
                if let sourceReader, sourceReader.reads(file.path) || (readsNamedFilesAsSource && !file.foundInDirectory) {
                    sources.add(file.path, input: input, settings: settings)
                } else {
                    sources.inputsWithMachineFiles.insert(input)
                    results.append(lint(file: file.path, settings: settings))
                }
            }
        }
        if let sourceReader, !sources.paths.isEmpty {
            results += lint(sources, with: sourceReader)
        }
        return results
    }

    /// Lints one machine file (`-` for standard input), in any format fsmviz reads, with
    /// `settings`.
    public func lint(file path: String, settings: RuleSettings = RuleSettings()) -> LintResult {
        let imported: ImportedMachine
        do {
            imported = try MachineReader.read(path: path, format: format, limits: limits, xstateVersion: xstateVersion)
        } catch {
            return LintResult(path: error.path, errors: [Self.inputError(error, .invalidMachine)])
        }
        return LintResult(
            path: Diagnostic.displayPath(for: path),
            findings: Self.findings(of: imported, settings: settings),
            errors: Self.unknownSuppressions(in: imported.machine, path: Diagnostic.displayPath(for: path)))
    }

    /// The findings `lint` reports for a machine already read, with `settings`: the content
    /// its format holds that fsmviz does not model, and the enabled rules' findings, in file order.
    public static func findings(of imported: ImportedMachine, settings: RuleSettings = RuleSettings()) -> [Finding] {
        let imported = settings.markingFinalStates(in: imported)
        let unsupported = unsupportedContent(in: imported)
        let noLocation = SourceLocation(line: .max, column: .max)
        // Both lists are in file order; a stable merge keeps rule order among equal positions.
        let findings = (unsupported + Analyzer(rules: settings.enabledRules).analyze(imported.machine, semantics: imported.semantics))
            .enumerated()
            .sorted { lhs, rhs in
                let left = lhs.element.location ?? noLocation
                let right = rhs.element.location ?? noLocation
                return left != right ? left < right : lhs.offset < rhs.offset
            }.map(\.element)
        return settings.apply(to: findings)
    }

    /// Suppressions naming no rule: a typo there silences nothing, so it must not pass quietly.
    static func unknownSuppressions(in machine: Machine, path: String) -> [Diagnostic] {
        let ids = Analyzer.allRules.map { $0.description.identifier }
        return Analyzer.unknownSuppressions(in: machine).map { suppression in
            let scope = suppression.state.map { " for state '\($0)'" } ?? ""
            let hint = Suggestion.hint(for: suppression.ruleID, among: ids)
            return Diagnostic(
                path: path, location: suppression.location,
                message: "lint suppression\(scope) names unknown rule '\(suppression.ruleID)'"
                    + (hint.isEmpty ? "; 'fsmviz rules' lists the rules" : hint),
                code: .unknownSuppression)
        }
    }

    private static func result(_ error: ConfigurationError) -> LintResult {
        LintResult(
            path: error.path, kind: .configuration,
            errors: [Self.inputError(error, .invalidConfiguration)])
    }

    /// `error` as an input error of `code`: a file that could not be read or a configuration
    /// that is wrong keeps what it says, and gains what kind of input error it is.
    static func inputError(_ error: Diagnostic, _ code: Diagnostic.Code) -> Diagnostic {
        var error = error
        error.code = code
        return error
    }
}
