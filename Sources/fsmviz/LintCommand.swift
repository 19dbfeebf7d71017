public import ArgumentParser
public import FSMAnalysis
import FSMCore
public import FSMLint
import FSMSwiftSource
import Foundation

extension ReportFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}

extension FsmvizCommand {
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: "Check machines for unreachable states and other bugs.",
            discussion: """
                Directories are searched for \(HelpLists.searchedFiles), skipping hidden ones \
                (XState configs, python-statemachine definitions and sismic statecharts are \
                machine files told apart by their shape). The Swift files of one run are read together, one module per folder below Sources/ or Tests/, and each \
                machine found in them is linted with Swift's semantics (docs/swift-source.md). Each file's settings come from the nearest .fsmviz.yml in its directory or \
                above (or from --config); machine files can silence rules in their 'lint' \
                section. 'fsmviz rules' lists the rules; docs/lint.md describes the formats and \
                the configuration.

                Exit status: 0 no finding at or above --fail-on; 1 at least one; 2 bad usage, or \
                a file that could not be linted (unreadable or invalid machine file, unknown \
                rule in a suppression, invalid configuration); 3 the report could not be written; \
                4 the run left an input out, which a warning names (a Swift machine over an input \
                limit, the files of a Swift module that holds one that cannot be read), so it is \
                incomplete.

                Examples:
                  fsmviz lint machines/
                  fsmviz lint machines/ --format sarif -o fsmviz.sarif
                  fsmviz lint door.json --fail-on warning
                  fsmviz lint Sources/
                """
        )

        @Argument(
            help: ArgumentHelp("Machine files, or directories to search for them.", valueName: "file-or-directory"),
            completion: .machineFiles)
        var inputs: [String]

        @Option(help: "Report format.")
        var format: ReportFormat = .text

        @Option(help: ArgumentHelp("The least severity that makes fsmviz exit with status 1.", valueName: "severity"))
        var failOn: Severity = .error

        @Option(
            help: ArgumentHelp(
                "A configuration file to use for every input, instead of the nearest .fsmviz.yml.",
                valueName: "file"),
            completion: .file(extensions: ["yml", "yaml"]))
        var config: String?

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp("Write the report to this file (atomically) instead of standard output.", valueName: "file"),
            completion: .file())
        var output: String?

        @Option(
            help: ArgumentHelp(
                "After a run that exits with status 0, write this empty file: the output a build system's step needs (fsmviz's SwiftPM build-tool plugin uses it).",
                valueName: "file"),
            completion: .file())
        var stamp: String?

        @Flag(
            help: "Exit with status 0 when the Swift sources hold no machine (a build step over code that may hold none).")
        var allowEmpty = false

        @Option(
            help: ArgumentHelp(
                "An older version of the one input, configured as the input is: report only the findings it does not have, so CI fails on new problems only ('fsmviz diff --lint' also lists the fixed ones).",
                valueName: "old-file"),
            completion: .machineFiles)
        var baseline: String?

        @OptionGroup var reading: ReadingOptions

        @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

        @OptionGroup(title: "Output") var confinement: OutputConfinement

        func validate() throws {
            if baseline != nil, inputs.count != 1 {
                throw ValidationError("--baseline takes one input: the new version of the baseline's machine")
            }
        }

        func run() throws {
            let source: Linter.ConfigurationSource = config.map { .file($0) } ?? .discover
            var linter = Linter(configuration: source, limits: limitOptions.limits)
            linter.format = reading.from?.format
            linter.xstateVersion = reading.xstateVersion
            linter.sourceReader = SwiftSourceReader()
            linter.readsNamedFilesAsSource = reading.from == .swift
            linter.allowsNoMachines = allowEmpty
            var results = linter.lint(inputs)
            if let baseline {
                // The baseline is configured as the input is, wherever it lies, so the two
                // differ only by the machines. Its own input errors are reported too: a baseline
                // that cannot be read would otherwise let every finding through as new.
                var baselineLinter = linter
                baselineLinter.relocation = PathRelocation(from: baseline, to: inputs[0])
                let old = baselineLinter.lint([baseline])
                let known = old.flatMap(\.findings)
                results =
                    old.filter { !$0.errors.isEmpty }.map { LintResult(path: $0.path, kind: $0.kind, errors: $0.errors) }
                    + results.map {
                        LintResult(path: $0.path, kind: $0.kind, findings: FindingDelta(old: known, new: $0.findings).introduced, errors: $0.errors)
                    }
            }
            let colored =
                output == nil
                && TerminalStyle.isEnabled(
                    isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            let reporter =
                format == .text
                ? TextReporter(colored: colored, summarizes: !reading.quiet)
                : format.reporter(colored: colored, toolVersion: FsmvizCommand.version)
            let report = reporter.report(results)
            let summary = LintSummary(results)
            var status: ExitStatus = summary.inputErrors > 0 ? .usage : summary.hasFinding(atLeast: failOn) ? .findings : .success
            if summary.skipped > 0 { status = max(status, .incomplete) }
            if let output {
                do {
                    try confinement.write(Array(report.utf8), to: output)
                    if !reading.quiet { WrittenFiles.announce([output]) }
                } catch {
                    Console.printError(error.description)
                    status = max(status, .failure)
                }
            } else {
                Console.write(Array(report.utf8))
            }
            if status == .success, let stamp {
                do {
                    try confinement.write([], to: stamp)
                } catch {
                    Console.printError(error.description)
                    status = .failure
                }
            }
            if status != .success { throw status.exitCode }
        }
    }
}
