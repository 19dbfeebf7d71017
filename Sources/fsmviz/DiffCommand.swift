public import ArgumentParser
import FSMAnalysis
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

                Exit status: 0 no change; 1 changes (with --fail-on: a new lint finding at or \
                above it, whatever else changed); 2 bad usage, an unreadable or invalid \
                version, a git revision git does not know, or a drawing over the layout limits; \
                3 an output could not be written or drawn.

                Examples:
                  fsmviz diff old/door.json door.json
                  fsmviz diff --against origin/main machines/door.json -o door-diff.svg
                  fsmviz diff a.scxml b.scxml --format markdown --lint
                """
        )

        @Argument(
            help: ArgumentHelp(
                "The old and the new version; with --against, only the new one (its old version comes from git).",
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
                "Write the drawing of the change here ('.svg', '.png', '.pdf', '.html', '.dot' or '.gv'; '-' for standard output, with --drawing-format).",
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

        @Option(help: "Colour theme of the drawing: \(DOTTheme.named.map(\.name).joined(separator: ", ")).")
        var theme: String?

        @Option(help: "Direction the drawing flows in (default: whichever of TB and LR gives the squarer drawing).")
        var rankdir: RankDirection?

        @OptionGroup var reading: ReadingOptions

        @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

        @OptionGroup(title: "Layout limits") var layoutLimits: LayoutLimitOptions

        func validate() throws {
            if against == nil, paths.count != 2 {
                throw ValidationError("give the old and the new version (or one path and --against REF)")
            }
            if against != nil, paths.count != 1 {
                throw ValidationError("--against takes one path: the new version, whose old one git holds")
            }
            if failOn != nil, !lint { throw ValidationError("--fail-on needs --lint: it is about the findings' delta") }
            if let theme, !DOTTheme.named.contains(where: { $0.name == theme }) {
                throw ValidationError("unknown theme '\(theme)'; available: \(DOTTheme.named.map(\.name).joined(separator: ", "))")
            }
            if let output, drawingFormat == nil, OutputFormat(path: output) == nil {
                throw ValidationError(
                    "cannot tell the drawing's format from '\(output)'; use \(OutputFormat.extensionsHelp) or --drawing-format")
            }
        }

        func run() throws {
            let newPath = paths[paths.count - 1]
            let versions = try read(newPath)
            let diff = MachineDiff(from: versions.old.machine, to: versions.new.machine)
            if !reading.quiet, MachineDiff.shareNoState(versions.old.machine, versions.new.machine) {
                Console.printError(
                    PrintableText.escaped(
                        "warning: \(versions.oldName) and \(newPath) have no state in common; they may not be versions of one machine"))
            }
            let findings = lint
                ? FindingDelta(old: Self.findings(of: versions.old), new: Self.findings(of: versions.new)) : nil
            var status: ExitStatus = diff.isEmpty ? .success : .findings
            if let failOn, let findings { status = findings.introduces(atLeast: failOn) ? .findings : .success }
            if let output {
                status = max(status, draw(diff, old: versions.old.machine, new: versions.new.machine, to: output))
            }
            let text = MachineDiffReport(
                oldPath: versions.oldName, newPath: newPath, diff: diff, picture: output == "-" ? nil : output,
                findings: findings
            ).render(format)
            if let report {
                do {
                    try AtomicFile.write(Array(text.utf8), to: report)
                } catch {
                    Console.printError(error.description)
                    status = max(status, .failure)
                }
            } else if output != "-" {
                Console.write(Array(text.utf8))
            }
            if status != .success { throw status.exitCode }
        }

        /// Both versions: from the two paths, or the old one from git.
        private func read(_ newPath: String) throws -> (old: ImportedMachine, new: ImportedMachine, oldName: String) {
            let limits = limitOptions.limits
            func readOrExit(_ path: String, as name: String) throws -> ImportedMachine {
                do {
                    return try reading.read(path, limits: limits)
                } catch {
                    var diagnostic = error
                    if name != path { diagnostic.path = name }
                    Console.printError(diagnostic.description)
                    throw ExitStatus.usage.exitCode
                }
            }
            guard let against else {
                return (try readOrExit(paths[0], as: paths[0]), try readOrExit(newPath, as: newPath), paths[0])
            }
            let name = "\(against):\(newPath)"
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-diff-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                Console.printError("error: cannot create a temporary directory: \(error.localizedDescription)")
                throw ExitStatus.failure.exitCode
            }
            defer { try? FileManager.default.removeItem(at: directory) }
            let copy: String
            do {
                copy = try GitRevision(reference: against).copy(newPath, into: directory)
            } catch {
                Console.printError(PrintableText.escaped("error: \(error.message)"))
                throw ExitStatus.usage.exitCode
            }
            return (try readOrExit(copy, as: name), try readOrExit(newPath, as: newPath), name)
        }

        /// The lint findings of a version: every rule, less what the machine suppresses.
        private static func findings(of version: ImportedMachine) -> [Finding] {
            Analyzer().analyze(version.machine, semantics: version.semantics)
        }

        /// Writes the drawing of the change; returns the exit status its failure calls for.
        private func draw(_ diff: MachineDiff, old: Machine, new: Machine, to destination: String) -> ExitStatus {
            let drawing = DiffDrawing(old: old, new: new, diff: diff)
            if drawing.omitsRemoved, !reading.quiet {
                Console.printError("warning: the removed states cannot be drawn beside the new version's; the drawing leaves them out")
            }
            let theme = theme.flatMap { name in DOTTheme.named.first { $0.name == name }?.theme }
            let options = drawing.options(DOTOptions(rankDirection: rankdir, theme: theme))
            let format = drawingFormat ?? OutputFormat(path: destination) ?? .svg
            var bytes: [UInt8]
            if let renderFormat = format.renderFormat {
                do {
                    bytes = try GraphvizRenderer().render(
                        drawing.machine, options: options, format: renderFormat,
                        policy: layoutLimits.policy(noLimit: limitOptions.noLimit))
                } catch .refused(let refusal) {
                    // As in render: a layout that would take minutes is the input's doing.
                    Console.printError(Diagnostic(path: destination, location: nil, message: "\(refusal)").description)
                    return .usage
                } catch {
                    Console.printError(Diagnostic(path: destination, location: nil, message: "\(error)").description)
                    return .failure
                }
            } else {
                bytes = Array(DOTWriter(options: options).write(drawing.machine).utf8)
            }
            if format == .html {
                bytes = HTMLViewer(machine: drawing.machine, findings: [], theme: theme ?? .standard).page(svg: bytes)
            }
            if destination == "-" {
                Console.write(bytes)
                return .success
            }
            do {
                try AtomicFile.write(bytes, to: destination)
            } catch {
                Console.printError(error.description)
                return .failure
            }
            return .success
        }
    }
}
