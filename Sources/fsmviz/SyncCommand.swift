import ArgumentParser
import FSMAnalysis
import FSMAnalysisDiagrams
import FSMCore
import FSMDOT
import FSMInterop
import FSMRendering
import Foundation

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

                Where the file holds several machines (a Swift file), '--machine NAME' after \
                it picks one, as the option does on the command line, and may differ from \
                marker to marker:

                  <!-- fsmviz: ../Sources/App/Flow.swift --machine Checkout -->
                  ![Checkout](images/checkout.svg)

                sync reads and writes only regular files inside the repository (the \
                enclosing git work tree, else the current directory, or --root): a path \
                that leads out of it, through a symbolic link too, is refused with its line. \
                Image links that are URLs are left alone.

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

        @Option(
            help: ArgumentHelp(
                "The directory sync reads and writes in; a path in a Markdown file that leads out of it is refused (default: the enclosing git work tree, else the current directory).",
                valueName: "directory"))
        var root: String?

        @OptionGroup var reading: ReadingOptions

        @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

        func run() throws {
            guard let tree = root.map({ RepositoryRoot(path: $0) }) ?? RepositoryRoot(enclosing: ".") else {
                Console.printError("\(PrintableText.escaped(root ?? ".")): error: --root names no directory")
                throw ExitStatus.usage.exitCode
            }
            var worst = ExitStatus.success
            var stale = 0
            let memo = Memo(renderer: GraphvizRenderer())
            for file in files {
                let (status, staleInFile) = sync(file, in: tree, memo: memo)
                worst = max(worst, status)
                stale += staleInFile
            }
            if worst != .success { throw worst.exitCode }
            if check, stale > 0 {
                Console.printError("\(stale) stale; run the same 'fsmviz sync' without --check to update")
                throw ExitStatus.findings.exitCode
            }
            if check, !reading.quiet {
                Console.printError("checked \(files.count == 1 ? "1 file" : "\(files.count) files"): every diagram is up to date")
            }
        }

        /// What one run has read and drawn, so that a machine named by many markers is read
        /// and drawn once.
        private final class Memo {
            let renderer: GraphvizRenderer
            var machines: [String: Result<Machine, MachineFileError>] = [:]
            var drawings: [String: Result<[UInt8], ExitStatus>] = [:]
            init(renderer: GraphvizRenderer) { self.renderer = renderer }
        }

        /// Brings one Markdown file's markers up to date (or, with --check, counts the stale ones).
        private func sync(_ file: String, in tree: RepositoryRoot, memo: Memo) -> (ExitStatus, Int) {
            func refuse(_ message: String, line: Int? = nil, status: ExitStatus = .usage) -> ExitStatus {
                let location = line.map { SourceLocation(line: $0 + 1, column: 1) }
                Console.printError(Diagnostic(path: file, location: location, message: message).description)
                return status
            }
            let markdown: RepositoryRoot.Resolved
            do {
                markdown = try tree.resolve(file, from: FileManager.default.currentDirectoryPath)
            } catch {
                return (refuse("\(error)"), 0)
            }
            if let kind = markdown.kind, kind != .regularFile {
                return (refuse(kind == .directory ? "is a directory, not a Markdown file" : "is not a regular file"), 0)
            }
            let bytes: [UInt8]
            do {
                bytes = try MachineFileLoader.read(
                    path: file, maximumFileSize: limitOptions.limits.fileSize ?? .max, advice: limitOptions.limits.advice.fileSize)
            } catch {
                Console.printError(error.description)
                return (.usage, 0)
            }
            // Decoding would turn each bad byte into U+FFFD, and writing that back would
            // change bytes sync was never asked to touch.
            if let bad = MachineFileLoader.firstInvalidUTF8(in: bytes) {
                let message = "the file is not valid UTF-8; sync changes nothing it cannot write back byte for byte"
                Console.printError(Diagnostic(path: file, location: bad, message: message).description)
                return (.usage, 0)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let document = MarkdownLines(text)
            let (markers, errors) = DiagramMarker.find(in: document.lines)
            var worst: ExitStatus = .success
            for error in errors { worst = max(worst, refuse("\(error.message)", line: error.line)) }
            var stale = 0
            let directory = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
            let base = String(markdown.path[..<(markdown.path.lastIndex(of: "/") ?? markdown.path.startIndex)])
            /// `path`, as line `line` names it, inside the tree, or `nil` once refused.
            func contained(_ path: String, line: Int) -> RepositoryRoot.Resolved? {
                do {
                    return try tree.resolve(path, from: base.isEmpty ? "/" : base)
                } catch {
                    worst = max(worst, refuse("'\(PrintableText.escaped(path))': \(error)", line: line))
                    return nil
                }
            }
            func report(_ marker: DiagramMarker, _ what: String) {
                stale += 1
                guard check || !reading.quiet else { return }
                let verb = check ? "stale" : "updated"
                Console.printError(
                    "\(PrintableText.escaped(file)):\(marker.line + 1): \(verb): \(PrintableText.escaped(what)) (from \(PrintableText.escaped(marker.machine)))"
                )
            }
            var replacements: [(lines: Range<Int>, with: [Substring])] = []
            for marker in markers {
                guard let source = contained(marker.machine, line: marker.line) else { continue }
                // A FIFO or a device (a link to /dev/stdin) would be read for ever.
                if let kind = source.kind, kind != .regularFile {
                    worst = max(worst, refuse("'\(PrintableText.escaped(marker.machine))' is not a regular file", line: marker.line))
                    continue
                }
                let machine: Machine
                // A marker's own --machine picks where the command line's would.
                var reading = self.reading
                reading.machine = marker.name ?? reading.machine
                let machineKey = source.path + "\u{0}" + (reading.machine ?? "")
                let result =
                    memo.machines[machineKey]
                    ?? Result { () throws(MachineFileError) in
                        try reading.read(directory + marker.machine, limits: limitOptions.limits).machine
                    }
                memo.machines[machineKey] = result
                switch result {
                case .success(let read): machine = read
                case .failure(let error):
                    Console.printError("\(error.description) (named at \(PrintableText.escaped(file)):\(marker.line + 1))")
                    worst = max(worst, .usage)
                    continue
                }
                var drawn = Drawn.machine(machine)
                if let against = marker.against {
                    do {
                        drawn = try changeDrawing(of: machine, at: directory + marker.machine, since: against, reading: reading)
                    } catch {
                        Console.printError(
                            "\(PrintableText.escaped(file)):\(marker.line + 1): error: cannot draw what changed in \(PrintableText.escaped(marker.machine)) since '\(PrintableText.escaped(against))'"
                        )
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
                        worst = max(worst, refuse("\(PrintableText.escaped("\(error)"))", line: marker.line, status: .failure))
                        continue
                    }
                    let fresh = mermaid.split(separator: "\n", omittingEmptySubsequences: false).dropLast(mermaid.hasSuffix("\n") ? 1 : 0)
                    if !document.lines[contents].elementsEqual(fresh) {
                        replacements.append((contents, Array(fresh)))
                        report(marker, "the mermaid block")
                    }
                case .drawings(let drawings):
                    for drawing in drawings {
                        guard let target = contained(drawing.path, line: drawing.line) else { continue }
                        let key = [machineKey, marker.against ?? "", drawing.dark ? "dark" : "standard"].joined(separator: "\u{0}")
                        let status = draw(drawn, dark: drawing.dark, to: target, key: key, memo: memo) { message, status in
                            refuse("'\(PrintableText.escaped(drawing.path))': \(message)", line: drawing.line, status: status)
                        } changed: {
                            report(marker, drawing.path)
                        }
                        worst = max(worst, status)
                    }
                }
            }
            let updated = document.text(replacing: replacements)
            if !check, updated != text {
                // Replacing a file its owner made read-only would undo that choice unseen.
                guard RepositoryRoot.isWritable(markdown.path) else {
                    return (max(worst, refuse("cannot write: the file is read-only; sync leaves it as it is", status: .failure)), stale)
                }
                do {
                    try AtomicFile.write(Array(updated.utf8), to: markdown.path)
                } catch {
                    var named = error
                    named.path = file
                    Console.printError(named.description)
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

        /// The drawing of what changed in `machine`, read from `path` with `reading`, since git
        /// revision `reference`; an error is printed, and thrown as its exit status.
        private func changeDrawing(of machine: Machine, at path: String, since reference: String, reading: ReadingOptions) throws -> Drawn {
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

        /// Draws `drawn` to `target` in its extension's format when what is there differs,
        /// calling `changed` once it is written (with --check, instead of writing); a target
        /// that is not a regular file is refused before anything is drawn or said. `key` names
        /// the machine and theme, so that each is drawn once per format in a run.
        private func draw(
            _ drawn: Drawn, dark: Bool, to target: RepositoryRoot.Resolved, key: String, memo: Memo,
            refuse: (String, ExitStatus) -> ExitStatus, changed: () -> Void
        ) -> ExitStatus {
            switch target.kind {
            case nil, .regularFile?: break
            case .directory?: return refuse("is a directory, not an image file", .usage)
            case .symbolicLink?, .other?: return refuse("is not a regular file", .usage)
            }
            guard let output = OutputFormat(path: target.path), [.svg, .png, .pdf].contains(output), let format = output.renderFormat
            else {
                return refuse("sync draws .svg, .png and .pdf images; cannot tell the format of this one", .usage)
            }
            let theme: DOTTheme = dark ? .dark : .standard
            let key = key + "\u{0}" + output.rawValue
            let result =
                memo.drawings[key]
                ?? Result { () throws(ExitStatus) in
                    do {
                        switch drawn {
                        case .machine(let machine):
                            return try memo.renderer.render(machine, options: DOTOptions(theme: theme), format: format)
                        case .change(let drawing):
                            return try drawing.bytes(format: output, options: DOTOptions(theme: theme), policy: .measured)
                        }
                    } catch {
                        throw refuse(PrintableText.escaped((error as? RenderError)?.commandLineMessage ?? "\(error)"), .failure)
                    }
                }
            memo.drawings[key] = result
            let bytes: [UInt8]
            switch result {
            case .success(let drawing): bytes = drawing
            case .failure(let status): return status
            }
            if target.kind == .regularFile, FileManager.default.contents(atPath: target.path).map(Array.init) == bytes { return .success }
            guard !check else {
                changed()
                return .success
            }
            if target.kind == .regularFile, !RepositoryRoot.isWritable(target.path) {
                return refuse("cannot write: the file is read-only; sync leaves it as it is", .failure)
            }
            do {
                // The path is resolved inside the tree: what is missing of it is created there.
                try FileManager.default.createDirectory(
                    atPath: URL(fileURLWithPath: target.path).deletingLastPathComponent().path, withIntermediateDirectories: true)
                try AtomicFile.write(bytes, to: target.path)
            } catch {
                return refuse("cannot write the drawing: \(PrintableText.escaped("\(error)"))", .failure)
            }
            changed()
            return .success
        }
    }
}
