import ArgumentParser
import FSMCore

extension FsmvizCommand {
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Render machines again whenever their files change.",
            discussion: """
                Takes everything 'fsmviz render' takes and renders once, then again each time \
                an input is saved (only the inputs that changed). A file that does not read \
                as a machine has its error printed and its last good output kept, until it is \
                fixed. Changes are noticed through inotify on Linux, otherwise (or with \
                --poll, for network file systems) by looking at the files' modification times. \
                Ctrl-C stops it between two renders, with status 0. --serve serves the HTML \
                page on 127.0.0.1 (never another address) and reloads it in the browser after \
                each render.

                Examples (each runs until Ctrl-C):
                  fsmviz watch machine.json -o machine.html
                  fsmviz watch machines/*.yaml -o diagrams/ --lint
                  fsmviz watch machine.json -o machine.html --serve  # at 127.0.0.1:8017
                """
        )

        @OptionGroup var render: RenderOptions

        @Flag(help: "Look at the files' modification times instead of asking the system to notify changes.")
        var poll = false

        @Option(help: ArgumentHelp("With --poll: how often to look, in seconds (default: 0.5).", valueName: "seconds"))
        var interval: Double?

        @Flag(help: "Serve the HTML page (-o FILE.html) on 127.0.0.1, reloading in the browser after each render.")
        var serve = false

        @Option(help: ArgumentHelp("With --serve: the port on 127.0.0.1 (0: any free one; default: 8017).", valueName: "port"))
        var port: UInt16?

        private var pollInterval: Double { interval ?? 0.5 }
        private var servePort: UInt16 { port ?? 8017 }

        func validate() throws {
            if render.inputs.contains("-") {
                throw ValidationError("watch reads files that change; '-' (standard input) cannot be watched")
            }
            if render.output == "-" {
                throw ValidationError("watch writes files; '-o -' would mix every render on standard output")
            }
            if interval != nil, !poll {
                throw ValidationError("--interval sets how often --poll looks; add --poll")
            }
            if port != nil, !serve {
                throw ValidationError("--port sets where --serve serves; add --serve")
            }
            guard pollInterval >= 0.01, pollInterval <= 3_600 else {
                throw ValidationError("--interval must be between 0.01 and 3600 seconds, not \(pollInterval)")
            }
            if serve {
                guard render.inputs.count == 1, let output = render.output,
                    (render.format ?? OutputFormat(path: output)) == .html
                else {
                    throw ValidationError("--serve serves one page: give one input and '-o FILE.html'")
                }
            }
        }

        func run() throws {
            Interruption.install()
            let watcher = FileWatcher(
                paths: render.inputs, polling: poll, intervalMilliseconds: Int32(pollInterval * 1_000))
            renderAgain(render.inputs)
            var server: PreviewServer?
            if serve, let page = render.output {
                do {
                    server = try PreviewServer(page: page, port: servePort)
                } catch {
                    Console.printError("error: \(PrintableText.escaped("\(error)"))")
                    throw ExitStatus.failure.exitCode
                }
                server?.start()
                Console.printError("serving http://127.0.0.1:\(server?.port ?? servePort)/")
            }
            let how = watcher.usesNotifications ? "" : " (polling every \(pollInterval) s)"
            let files = render.inputs.count == 1 ? PrintableText.escaped(render.inputs[0]) : "\(render.inputs.count) files"
            Console.printError("watching \(files)\(how); Ctrl-C to stop")
            while !Interruption.isRequested {
                let changed = watcher.changes(waitingUpTo: 250)
                guard !changed.isEmpty, !Interruption.isRequested else { continue }
                if renderAgain(render.inputs.filter(changed.contains)) { server?.pageChanged() }
            }
            Console.printError("stopped")
        }

        /// Renders `inputs` as `render` would, into the same places, and says whether that
        /// worked; a failure has been printed by `render`, and its previous output stays.
        @discardableResult
        private func renderAgain(_ inputs: [String]) -> Bool {
            // A save that put a FIFO or a device in a machine file's place would block the
            // read, and with it the watcher and Ctrl-C, until something wrote to it.
            // A directory of Swift sources is read file by file, and each of those as a regular file.
            let irregular = inputs.filter { FileEntryKind(atPath: $0).map { ![.regularFile, .directory].contains($0) } ?? false }
            for path in irregular {
                Console.printError(Diagnostic(path: path, location: nil, message: "is not a regular file; watch reads regular files only").description)
            }
            var job = render
            job.inputs = inputs.filter { !irregular.contains($0) }
            guard !job.inputs.isEmpty else { return false }
            // Several inputs render into a directory, even when only one of them changed.
            if render.inputs.count > 1, let output = render.output, !output.hasSuffix("/") {
                job.output = output + "/"
            }
            do {
                _ = try job.renderAll()
                if !render.reading.quiet { Console.printError("rendered \(inputs.map(PrintableText.escaped).joined(separator: ", "))") }
                return true
            } catch {
                // Render printed why.
                return false
            }
        }
    }
}
