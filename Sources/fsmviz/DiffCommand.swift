public import ArgumentParser
import FSMAnalysis
import FSMAnalysisDiagrams
import FSMCore
import FSMDOT
import FSMInterop
public import FSMLint
import FSMRendering
import Foundation

extension DiffReportFormat: ExpressibleByArgument {}

extension FsmvizCommand {
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show what changed between two versions of a machine, as a report and one drawing.",
            discussion: """
                The versions are compared as machines, in any format fsmviz reads: states \
                (matched by id) added, removed, moved or changed; transitions added, removed or \
                changed, matched among those leaving one state on one event, so that reordering \
                a file is no change but a changed priority is; events; the initial state. \
                docs/diff.md describes the matching, the reports and the drawing.

                '-o' writes one drawing of both versions: added elements bold and green, removed \
                ones dashed and red, changed ones dotted and amber, the rest thin and grey, with \
                a legend; its SVG classes say 'added', 'removed', 'changed'.

                Two directories (or one directory and --against) are compared machine file by \
                machine file, paired by their paths below the directories; a file one side \
                lacks is an added or removed machine, unless it was renamed: git's rename \
                detection says so with --against, and between two directories a machine at \
                least half like one the other side lacks is taken for it. '-o' then names a \
                directory (ending in '/') for one drawing per changed machine.

                Exit status: 0 no change; 1 changes (with --fail-on: a new lint finding at or \
                above it, whatever else changed); 2 bad usage, an unreadable or invalid \
                version, a git revision git does not know (or starting with '-'), or a drawing \
                over the layout limits; 3 an output could not be written or drawn; 4 an entry of \
                the revision's tree was refused (it would be written outside the copy's \
                directory), so the diff of directories is incomplete.

                Examples:
                  fsmviz diff old/door.json door.json
                  fsmviz diff --against origin/main machines/door.json -o door-diff.svg
                  fsmviz diff door.scxml door.json --format markdown --lint
                  fsmviz diff old/machines machines -o changes/
                  fsmviz diff --against origin/main machines/
                """
        )

        @Argument(
            help: ArgumentHelp(
                "The old and the new version (machines, or directories of them); with --against, only the new one (its old version comes from git).",
                valueName: "old-and-new"),
            completion: .machineFiles)
        var paths: [String]

        @Option(
            help: ArgumentHelp(
                "Read the old version of the one path given from this git revision ('git show REF:PATH').",
                valueName: "ref"))
        var against: String?

        @Option(help: "Report format.")
        var format: DiffReportFormat = .text

        @Option(
            help: ArgumentHelp("Write the report to this file (atomically) instead of standard output.", valueName: "file"),
            completion: .file())
        var report: String?

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp(
                "Write the drawing of the change here ('.svg', '.png', '.pdf', '.html', '.dot' or '.gv'; '-' for standard output, with --drawing-format; a directory, ending in '/', for directories).",
                valueName: "path"),
            completion: .file())
        var output: String?

        @Option(help: ArgumentHelp("The drawing's format (default: from --output's extension).", valueName: "format"))
        var drawingFormat: OutputFormat?

        @Flag(help: "Also report the lint findings the change introduces and those it fixes.")
        var lint = false

        @Option(
            help: ArgumentHelp(
                "With --lint: exit with status 1 only when the change introduces a finding of this severity or worse.",
                valueName: "severity"))
        var failOn: Severity?

        @Option(
            help: ArgumentHelp(
                "With --lint: a configuration file for both versions, instead of the .fsmviz.yml nearest to the new one.",
                valueName: "file"),
            completion: .file(extensions: ["yml", "yaml"]))
        var config: String?

        @Option(help: "Colour theme of the drawing: \(DOTTheme.named.map(\.name).joined(separator: ", ")).")
        var theme: String?

        @Option(help: "Direction the drawing flows in (default: whichever of TB and LR gives the squarer drawing).")
        var rankdir: RankDirection?

        @OptionGroup var reading: ReadingOptions

        @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

        @OptionGroup(title: "Layout limits") var layoutLimits: LayoutLimitOptions

        @OptionGroup(title: "Output") var confinement: OutputConfinement

        func validate() throws {
            if against == nil, paths.count != 2 {
                throw ValidationError("give the old and the new version (or one path and --against REF)")
            }
            if against != nil, paths.count != 1 {
                throw ValidationError("--against takes one path: the new version, whose old one git holds")
            }
            if failOn != nil, !lint { throw ValidationError("--fail-on needs --lint: it is about the findings' delta") }
            if config != nil, !lint { throw ValidationError("--config needs --lint: it configures the lint rules") }
            if let theme, !DOTTheme.named.contains(where: { $0.name == theme }) {
                throw ValidationError("unknown theme '\(theme)'; available: \(DOTTheme.named.map(\.name).joined(separator: ", "))")
            }
            if comparesDirectories {
                if against == nil, !Self.isDirectory(paths[0]) || !Self.isDirectory(paths[1]) {
                    throw ValidationError("a directory is compared with a directory: give two directories, or one and --against REF")
                }
                if let output, output == "-" || !output.hasSuffix("/") && !Self.isDirectory(output) {
                    throw ValidationError("directories' drawings go to a directory: give -o DIR/")
                }
            } else if let output, drawingFormat == nil, OutputFormat(path: output) == nil {
                throw ValidationError(
                    "cannot tell the drawing's format from '\(output)'; use \(OutputFormat.extensionsHelp) or --drawing-format")
            }
        }

        /// Whether the paths are directories, compared machine file by machine file; with
        /// `--machine` or `--from swift` a directory is Swift source, read as its modules.
        var comparesDirectories: Bool {
            reading.machine == nil && reading.from != .swift && paths.contains(where: Self.isDirectory)
        }

        static func isDirectory(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }

        func run() throws {
            if comparesDirectories {
                try runDirectories()
                return
            }
            let newPath = paths[paths.count - 1]
            let versions = try read(newPath)
            let diff = MachineDiff(from: versions.old.machine, to: versions.new.machine)
            warnIfUnrelated(versions.old.machine, versions.new.machine, oldName: versions.oldName, newName: newPath)
            let findings = try lint ? findingDelta(old: versions.old, new: versions.new, configuredAs: newPath) : nil
            var status: ExitStatus = diff.isEmpty ? .success : .findings
            if let failOn, let findings { status = findings.introduces(atLeast: failOn) ? .findings : .success }
            if let output {
                status = max(status, draw(diff, old: versions.old.machine, new: versions.new.machine, to: output))
            }
            let text = MachineDiffReport(
                oldPath: versions.oldName, newPath: newPath, diff: diff, picture: output == "-" ? nil : output,
                findings: findings
            ).render(format)
            status = max(status, emit(text))
            if status != .success { throw status.exitCode }
        }

        /// Warns, unless `--quiet`, when two versions have no state in common.
        func warnIfUnrelated(_ old: Machine, _ new: Machine, oldName: String, newName: String) {
            if !reading.quiet, MachineDiff.shareNoState(old, new) {
                Console.printError(
                    PrintableText.escaped(
                        "warning: \(oldName) and \(newName) have no state in common; they may not be versions of one machine"))
            }
        }

        /// Writes the report to `--report`, or to standard output unless the drawing goes there;
        /// returns the exit status a failure calls for.
        func emit(_ text: String) -> ExitStatus {
            if let report {
                do {
                    try confinement.write(Array(text.utf8), to: report)
                } catch {
                    Console.printError(error.description)
                    return .failure
                }
            } else if output != "-" {
                Console.write(Array(text.utf8))
            }
            return .success
        }

        /// Both versions: from the two paths, or the old one from git.
        private func read(_ newPath: String) throws -> (old: ImportedMachine, new: ImportedMachine, oldName: String) {
            guard let against else {
                return (try readOrExit(paths[0]), try readOrExit(newPath), paths[0])
            }
            let name = "\(against):\(newPath)"
            let old = try GitRevision(reference: against).withCopy(of: newPath) { copy in try readOrExit(copy, as: name) }
            return (old, try readOrExit(newPath), name)
        }

        /// The machine at `path`, or exit status 2 after its error, which names it `name`
        /// (a temporary copy's `REF:PATH`).
        func readOrExit(_ path: String, as name: String? = nil) throws -> ImportedMachine {
            do {
                return try reading.read(path, limits: limitOptions.limits)
            } catch {
                var diagnostic = error
                if let name { diagnostic.path = name }
                Console.printError(diagnostic.description)
                throw ExitStatus.usage.exitCode
            }
        }

        /// The findings' delta between two versions, each linted as `lint` lints the file at
        /// `path` (the new version's place): with the rules and severities of `--config` or the
        /// `.fsmviz.yml` nearest to it, so that both versions differ only by their machines.
        func findingDelta(old: ImportedMachine, new: ImportedMachine, configuredAs path: String) throws -> FindingDelta {
            let settings = try lintSettings(configuredAs: path)
            return FindingDelta(old: Linter.findings(of: old, settings: settings), new: Linter.findings(of: new, settings: settings))
        }

        /// The rules and severities `lint` gives the file at `path`, or exit status 2 after the
        /// error of an invalid configuration.
        func lintSettings(configuredAs path: String) throws -> RuleSettings {
            do {
                return try Linter(configuration: config.map { .file($0) } ?? .discover).settings(for: path)
            } catch {
                Console.printError(error.description)
                throw ExitStatus.usage.exitCode
            }
        }

        /// Writes the drawing of the change; returns the exit status its failure calls for.
        func draw(_ diff: MachineDiff, old: Machine, new: Machine, to destination: String) -> ExitStatus {
            let drawing = DiffDrawing(old: old, new: new, diff: diff)
            if drawing.omitsRemoved, !reading.quiet {
                Console.printError("warning: the removed states cannot be drawn beside the new version's; the drawing leaves them out")
            }
            let theme = theme.flatMap { name in DOTTheme.named.first { $0.name == name }?.theme }
            let format = drawingFormat ?? OutputFormat(path: destination) ?? .svg
            let bytes: [UInt8]
            do {
                bytes = try drawing.bytes(
                    format: format, options: DOTOptions(rankDirection: rankdir, theme: theme),
                    policy: layoutLimits.policy(noLimit: limitOptions.noLimit))
            } catch let error where error.refusal != nil {
                // As in render: a layout that would take minutes is the input's doing.
                Console.printError(Diagnostic(path: destination, location: nil, message: error.commandLineMessage).description)
                return .usage
            } catch {
                Console.printError(Diagnostic(path: destination, location: nil, message: "\(error)").description)
                return .failure
            }
            if destination == "-" {
                Console.write(bytes)
                return .success
            }
            do {
                try confinement.write(bytes, to: destination, creatingDirectories: comparesDirectories)
            } catch {
                Console.printError(error.description)
                return .failure
            }
            return .success
        }
    }
}
