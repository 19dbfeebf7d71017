import ArgumentParser
import FSMAnalysis
import FSMDOT
import FSMCore
import Foundation
import FSMInterop
import FSMRendering

extension FsmvizCommand {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Keep the diagrams in Markdown files drawn from their machine files.",
            discussion: """
                In a Markdown file, an HTML comment naming a machine file (relative to the \
                Markdown file) marks what follows it on the next line:

                - a fenced mermaid block: its contents become the machine's Mermaid;
                - an image link ![...](PATH.svg): the file is drawn from the machine (.svg, \
                .png or .pdf);
                - a <picture> with <img src="LIGHT.svg"> and <source \
                media="(prefers-color-scheme: dark)" srcset="DARK.svg">: LIGHT is drawn in \
                the standard theme, DARK in the dark one, and GitHub shows the one that \
                suits the reader.

                  <!-- fsmviz: ../samples/door.json -->
                  ![The door](images/door.svg)

                A comment that adds '--against REF' to the machine file keeps, instead, a \
                drawing of what changed in the machine since git revision REF (a tag, \
                usually), as 'fsmviz diff --against REF PATH -o' draws it, beside the \
                diagram of the machine itself:

                  <!-- fsmviz: ../samples/door.json --against v1.0 -->
                  ![What changed in the door since 1.0](images/door-changes.svg)

                sync rewrites what is stale and says what it changed. --check changes nothing \
                and exits 1 when something is stale, for CI. Drawings are compared byte for \
                byte: fsmviz draws the same bytes every time with one Graphviz version.

                Examples:
                  fsmviz sync README.md docs/*.md
                  fsmviz sync --check README.md docs/*.md
                """
        )

        @Argument(help: "Markdown files.")
        var files: [String]

        @Flag(help: "Change nothing; exit 1 when a marked block or drawing is stale.")
        var check = false

        @OptionGroup var reading: ReadingOptions

        @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

        func run() throws {
            var worst = ExitStatus.success
            var stale = 0
            let renderer = GraphvizRenderer()
            for file in files {
                let (status, staleInFile) = sync(file, renderer: renderer)
                worst = max(worst, status)
                stale += staleInFile
            }
            if worst != .success { throw worst.exitCode }
            if check, stale > 0 {
                Console.printError("\(stale) stale; run the same 'fsmviz sync' without --check to update")
                throw ExitStatus.findings.exitCode
            }
        }

        /// Brings one Markdown file's markers up to date (or, with --check, counts the stale ones).
        private func sync(_ file: String, renderer: GraphvizRenderer) -> (ExitStatus, Int) {
            let text: String
            do {
                text = try String(
                    decoding: MachineFileLoader.read(path: file, maximumFileSize: limitOptions.limits.fileSize ?? .max), as: UTF8.self)
            } catch {
                Console.printError(error.description)
                return (.usage, 0)
            }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let (markers, errors) = DiagramMarker.find(in: lines)
            for error in errors {
                Console.printError(Diagnostic(path: file, location: SourceLocation(line: error.line + 1, column: 1), message: error.message).description)
            }
            var worst: ExitStatus = errors.isEmpty ? .success : .usage
            var stale = 0
            let directory = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
            func resolved(_ path: String) -> String { path.hasPrefix("/") ? path : directory + path }
            func report(_ marker: DiagramMarker, _ what: String) {
                stale += 1
                guard check || !reading.quiet else { return }
                let verb = check ? "stale" : "updated"
                Console.printError(
                    "\(PrintableText.escaped(file)):\(marker.line + 1): \(verb): \(PrintableText.escaped(what)) (from \(PrintableText.escaped(marker.machine)))")
            }
            var replacements: [(lines: Range<Int>, with: [Substring])] = []
            for marker in markers {
                let machine: Machine
                do {
                    machine = try reading.read(resolved(marker.machine), limits: limitOptions.limits).machine
                } catch {
                    Console.printError("\(error.description) (named at \(PrintableText.escaped(file)):\(marker.line + 1))")
                    worst = max(worst, .usage)
                    continue
                }
                var drawn = Drawn.machine(machine)
                if let against = marker.against {
                    do {
                        drawn = try changeDrawing(of: machine, at: resolved(marker.machine), since: against)
                    } catch {
                        Console.printError(
                            "\(PrintableText.escaped(file)):\(marker.line + 1): error: cannot draw what changed in \(PrintableText.escaped(marker.machine)) since '\(PrintableText.escaped(against))'")
                        worst = max(worst, ExitStatus(rawValue: (error as? ExitCode)?.rawValue ?? 2) ?? .usage)
                        continue
                    }
                }
                switch marker.target {
                case .mermaid(let contents):
                    let mermaid: String
                    do {
                        mermaid = try MachineFormat.mermaid.exporter?.write(machine).text ?? ""
                    } catch {
                        Console.printError("\(PrintableText.escaped(file)):\(marker.line + 1): error: \(PrintableText.escaped("\(error)"))")
                        worst = max(worst, .failure)
                        continue
                    }
                    let fresh = mermaid.split(separator: "\n", omittingEmptySubsequences: false).dropLast(mermaid.hasSuffix("\n") ? 1 : 0)
                    if !lines[contents].elementsEqual(fresh) {
                        replacements.append((contents, Array(fresh)))
                        report(marker, "the mermaid block")
                    }
                case .image(let path):
                    worst = max(worst, draw(drawn, theme: .standard, to: resolved(path), renderer: renderer) { report(marker, path) })
                case .picture(let light, let dark):
                    worst = max(worst, draw(drawn, theme: .standard, to: resolved(light), renderer: renderer) { report(marker, light) })
                    worst = max(worst, draw(drawn, theme: .dark, to: resolved(dark), renderer: renderer) { report(marker, dark) })
                }
            }
            // Later blocks first, so replacing one keeps the lines of those before it in place.
            for replacement in replacements.reversed() { lines.replaceSubrange(replacement.lines, with: replacement.with) }
            let updated = lines.joined(separator: "\n")
            if !check, updated != text {
                do {
                    try AtomicFile.write(Array(updated.utf8), to: file)
                } catch {
                    Console.printError(error.description)
                    worst = max(worst, .failure)
                }
            }
            return (worst, stale)
        }

        /// What a marker's drawing shows.
        private enum Drawn {
            /// The machine.
            case machine(Machine)
            /// What changed in it since a git revision.
            case change(DiffDrawing)
        }

        /// The drawing of what changed in `machine`, read from `path`, since git revision
        /// `reference`; an error is printed, and thrown as its exit status.
        private func changeDrawing(of machine: Machine, at path: String, since reference: String) throws -> Drawn {
            let old = try GitRevision(reference: reference).withCopy(of: path) { copy in
                do throws(MachineFileError) {
                    return try reading.read(copy, limits: limitOptions.limits).machine
                } catch {
                    var diagnostic = error
                    diagnostic.path = "\(reference):\(path)"
                    Console.printError(diagnostic.description)
                    throw ExitStatus.usage.exitCode
                }
            }
            return .change(DiffDrawing(old: old, new: machine, diff: MachineDiff(from: old, to: machine)))
        }

        /// Draws `drawn` to `path` in its extension's format when what is there differs,
        /// calling `changed` then; with --check, only calls it.
        private func draw(
            _ drawn: Drawn, theme: DOTTheme, to path: String, renderer: GraphvizRenderer, changed: () -> Void
        ) -> ExitStatus {
            guard let output = OutputFormat(path: path), [.svg, .png, .pdf].contains(output), let format = output.renderFormat
            else {
                Console.printError("\(PrintableText.escaped(path)): error: sync draws .svg, .png and .pdf images; cannot tell the format of this one")
                return .usage
            }
            let bytes: [UInt8]
            do {
                switch drawn {
                case .machine(let machine):
                    bytes = try renderer.render(machine, options: DOTOptions(theme: theme), format: format)
                case .change(let drawing):
                    bytes = try drawing.bytes(format: output, options: DOTOptions(theme: theme), policy: .measured)
                }
            } catch {
                Console.printError("\(PrintableText.escaped(path)): error: \(PrintableText.escaped("\(error)"))")
                return .failure
            }
            if FileManager.default.contents(atPath: path).map(Array.init) == bytes { return .success }
            changed()
            guard !check else { return .success }
            do {
                try FileManager.default.createDirectory(
                    atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
                try AtomicFile.write(bytes, to: path)
            } catch {
                Console.printError("\(PrintableText.escaped(path)): error: cannot write the drawing: \(PrintableText.escaped("\(error)"))")
                return .failure
            }
            return .success
        }
    }
}
