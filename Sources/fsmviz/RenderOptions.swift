import ArgumentParser
import FSMCore
import FSMDOT
import FSMInterop
import FSMRendering
import Foundation

/// Everything `fsmviz render` takes, and the rendering itself: `watch` takes the same and
/// renders with it, as one option group, so its usage errors name `watch`, not `render`.
struct RenderOptions: ParsableArguments {
    @Argument(
        help: "Machine files (\(HelpLists.machineFiles)), Swift sources or directories of them ('-' for standard input).",
        completion: .machineFiles)
    var inputs: [String]

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Output file, '-' for standard output, or a directory (ending in '/') for several inputs. Default: beside each input, with the format's extension.",
            valueName: "path"),
        completion: .file())
    var output: String?

    @Option(help: "Output format (default: from the output's extension, \(HelpLists.outputExtensions), else svg).")
    var format: OutputFormat?

    @Option(help: "Graphviz layout engine; 'auto' chooses by the diagram's size.")
    var engine: LayoutEngine = .auto

    @Flag(
        help: "Exit with status 0 when Swift sources hold no machine, drawing nothing (a build step over code that may hold none).")
    var allowEmpty = false

    @OptionGroup var diagram: DiagramOptions

    @OptionGroup var reading: ReadingOptions

    @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

    @OptionGroup(title: "Layout limits") var layoutLimits: LayoutLimitOptions

    func validate() throws {
        if output == "-", inputs.count > 1 {
            throw ValidationError("'-o -' takes one input; give a directory to render several")
        }
        // An existing directory has no extension to tell a format by; writing to it fails with
        // the error that says it is a directory, as with --format.
        if let output, format == nil, output != "-", !isDirectoryTarget(output),
            OutputFormat(path: output) == nil, !ReadingOptions.isDirectory(output)
        {
            throw ValidationError(
                "cannot tell the format of '\(output)' from its extension; use \(OutputFormat.extensionsHelp) or --format")
        }
    }

    /// Renders every input and returns the files written (not `-`).
    ///
    /// With `split`, a batch of machine files is shared among up to `processes` processes
    /// (``RenderWorkers``); a worker renders only its `slice`.
    func renderAll(split: Bool = false, processes: Int? = nil, slice: RenderWorkers.Slice? = nil) throws -> [String] {
        var worst = ExitStatus.success
        var jobs: [RenderJob]
        if let output, isDirectoryTarget(output) {
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            } catch {
                Console.printError(
                    Diagnostic(path: output, location: nil, message: "cannot create the directory: \(error.localizedDescription)").description)
                throw ExitStatus.failure.exitCode
            }
            let directory = output.hasSuffix("/") ? output : output + "/"
            jobs = inputs.flatMap { input in
                reading.readsSwift(input)
                    ? eachMachine(of: input, into: directory, worst: &worst)
                    : [RenderJob(input: input, destination: directory + outputName(input, format ?? .svg), format: format ?? .svg)]
            }
        } else if let output {
            let chosen = format ?? OutputFormat(path: output) ?? .svg
            jobs =
                reading.readsSwift(inputs[0])
                ? onlyMachine(of: inputs[0], to: output, format: chosen, worst: &worst)
                : [RenderJob(input: inputs[0], destination: output, format: chosen)]
        } else {
            // Beside each input: for a directory of Swift sources, that is inside it; a Swift
            // file's several machines are drawn beside it, each named after itself.
            jobs = inputs.flatMap { input in
                if ReadingOptions.isDirectory(input), reading.readsSwift(input) {
                    return eachMachine(of: input, into: input.hasSuffix("/") ? input : input + "/", worst: &worst)
                }
                guard input != "-" else { return [RenderJob(input: input, destination: "-", format: format ?? .svg)] }
                let beside = besideInput(input, format ?? .svg)
                guard reading.readsSwift(input) else { return [RenderJob(input: input, destination: beside, format: format ?? .svg)] }
                let folder = URL(fileURLWithPath: beside).deletingLastPathComponent().path + "/"
                let each = eachMachine(of: input, into: folder, worst: &worst)
                return each.count == 1 ? [RenderJob(input: input, destination: beside, format: each[0].format, imported: each[0].imported)] : each
            }
        }
        // An input named twice (`render *.json door.json -o out/`) is drawn once.
        var seen: Set<[String]> = []
        jobs = jobs.filter { job in seen.insert([job.input, job.destination, job.imported?.machine.name ?? ""]).inserted }
        // Two inputs named alike (a/door.json and b/door.json into one directory, or
        // door.json and door.yaml beside each other), or two machines of one input whose names
        // make one file name, would overwrite each other's diagram.
        let clashes = Dictionary(grouping: jobs.filter { $0.destination != "-" }, by: \.destination).filter { $0.value.count > 1 }
        if let (destination, clashing) = clashes.min(by: { $0.key < $1.key }) {
            let named = clashing.map { job in
                job.imported?.machine.name.map { "machine '\($0)' of \(Diagnostic.displayPath(for: job.input))" } ?? Diagnostic.displayPath(for: job.input)
            }
            Console.printError(
                PrintableText.escaped(
                    "error: \(named.joined(separator: " and ")) would both be drawn to \(destination); "
                        + "render them into separate directories"))
            throw ExitStatus.usage.exitCode
        }
        let renderer = GraphvizRenderer()
        let progress = reading.quiet ? ProgressLine(isEnabled: false) : ProgressLine.forThisProcess()
        // Each file waits for the disk before it replaces the old one; the queue lets that
        // wait overlap the next layout.
        let files = AtomicFileQueue()
        func report(_ failures: [Diagnostic]) {
            guard !failures.isEmpty else { return }
            progress.clear()
            failures.forEach { Console.printError($0.description) }
            worst = max(worst, .failure)
        }
        func render(_ numbers: Range<Int>) {
            for number in numbers {
                let job = jobs[number]
                let prefix = jobs.count > 1 ? "[\(number + 1)/\(jobs.count)] \(Diagnostic.displayPath(for: job.input))" : Diagnostic.displayPath(for: job.input)
                if jobs.count > 1 { progress.show(prefix) }
                worst = max(worst, self.render(job, with: renderer, files: files, progress: progress, prefix: prefix))
                report(files.takeFailures())
            }
        }
        // Only regular files are shared out: a worker reads its inputs again, which standard
        // input, a pipe and a Swift module's machines, read once already, cannot be.
        let shared =
            split && slice == nil
            && jobs.allSatisfy {
                $0.imported == nil && $0.destination != "-" && $0.input != "-" && FileEntryKind(atPath: $0.input) == .regularFile
            }
        let count = slice?.count ?? (shared ? RenderWorkers.processCount(jobs: jobs.count, limit: processes) : 1)
        let workers = shared && count > 1 ? RenderWorkers(count: count) : nil
        render(RenderWorkers.Slice(index: slice?.index ?? 0, count: count).range(of: jobs.count))
        report(files.finish())
        if let workers {
            progress.clear()
            for index in 1..<count {
                let range = RenderWorkers.Slice(index: index, count: count).range(of: jobs.count)
                if let status = workers.finish(index, inputs: jobs[range].map(\.input)) {
                    worst = max(worst, status)
                } else {
                    render(range)
                    report(files.finish())
                }
            }
        }
        progress.clear()
        let written = jobs.map(\.destination).filter { $0 != "-" }
        // What was drawn is said, and that it is not all there was.
        if worst == .incomplete, !reading.quiet, slice == nil { WrittenFiles.announce(written, into: output, incomplete: true) }
        if worst != .success { throw worst.exitCode }
        return written
    }

    private func render(
        _ job: RenderJob, with renderer: GraphvizRenderer, files: AtomicFileQueue, progress: ProgressLine, prefix: String
    ) -> ExitStatus {
        let (input, destination, format) = (job.input, job.destination, job.format)
        func fail(_ message: String, _ status: ExitStatus) -> ExitStatus {
            progress.clear()
            Console.printError(message)
            return status
        }
        let imported: ImportedMachine
        do throws(MachineFileError) {
            if let given = job.imported {
                imported = given
            } else {
                imported = try progress.during("\(prefix): reading") { () throws(MachineFileError) in
                    try reading.read(input, limits: limitOptions.limits)
                }
            }
        } catch {
            return fail(error.description, .usage)
        }
        let machine = imported.machine
        let view: DiagramView
        do {
            view = try diagram.view(of: machine)
        } catch {
            return fail(Diagnostic(path: Diagnostic.displayPath(for: input), location: nil, message: "\(error)").description, .usage)
        }
        let findings = diagram.findings(of: imported, input: input)
        let options = diagram.dotOptions(for: machine, findings: findings)
        let policy = layoutLimits.policy(noLimit: limitOptions.noLimit)
        let plan = policy.plan(for: view, engine: engine, options: options)
        let bytes: [UInt8]
        if let renderFormat = format.renderFormat {
            do {
                let message = "\(prefix): laying out \(view.states.count) states with \(plan.summary)"
                bytes = try progress.during(message) { () throws(RenderError) in
                    try renderer.render(view, options: options, format: renderFormat, engine: engine, policy: policy)
                }
            } catch let error where error.refusal != nil {
                return fail(Diagnostic(path: Diagnostic.displayPath(for: input), location: nil, message: error.commandLineMessage).description, .usage)
            } catch {
                return fail(Diagnostic(path: Diagnostic.displayPath(for: input), location: nil, message: "\(error)").description, .failure)
            }
            if !reading.quiet, let warning = Self.flattening(view, by: plan.engine, input: input) {
                progress.clear()
                Console.printError(warning)
            }
        } else {
            bytes = Array(DOTWriter(options: engine == .auto ? plan.applied(to: options) : options).write(view).utf8)
        }
        let output = format == .html ? diagram.htmlPage(around: bytes, of: view.machine, findings: findings) : bytes
        if destination == "-" {
            progress.clear()
            Console.write(output)
            return .success
        }
        files.write(output, to: destination)
        return .success
    }

    /// The warning that `engine` draws `view`'s compound states flat, when it has any drawn
    /// with a child: a picture without its hierarchy must not pass for the machine's.
    static func flattening(_ view: DiagramView, by engine: LayoutEngine, input: String) -> String? {
        guard !engine.drawsCompoundStates else { return nil }
        let clusters = view.clusterStates
        guard let first = clusters.first else { return nil }
        let others = clusters.count - 1
        let named = "'\(view.machine.states[first].id)'" + (others > 0 ? " and \(others) more" : "")
        let what =
            engine == .fdp
            ? "fdp meets no compound state's border: the transitions of \(named) end at points inside them"
            : "\(engine.rawValue) draws no compound states: \(named) \(others > 0 ? "are" : "is") left out, the states inside drawn without them"
        return Diagnostic.warning(
            path: Diagnostic.displayPath(for: input), location: nil,
            message: what + "; --engine dot draws them (--focus and --collapse make a machine small enough for it)"
        ).description
    }

    /// A drawing of each machine a Swift module holds (or of the one `--machine` names), named
    /// after it in `directory`; none when reading fails, which is reported.
    private func eachMachine(of input: String, into directory: String, worst: inout ExitStatus) -> [RenderJob] {
        let chosen = format ?? .svg
        var leftOut = false
        defer { if leftOut { worst = max(worst, .incomplete) } }
        do throws(MachineFileError) {
            return try reading.readEach(input, limits: limitOptions.limits, allowingNone: allowEmpty, leftOut: &leftOut).map { imported in
                let name = ReadingOptions.fileBaseName(of: imported.machine) + "." + chosen.fileExtension
                return RenderJob(input: input, destination: directory + name, format: chosen, imported: imported)
            }
        } catch {
            Console.printError(error.description)
            worst = max(worst, .usage)
            return []
        }
    }

    /// The drawing of the one machine Swift source `input` holds (or `--machine` names) to
    /// `output`; none when reading fails or the source holds several, which is reported with
    /// the machines' names and the two ways to draw them.
    private func onlyMachine(of input: String, to output: String, format: OutputFormat, worst: inout ExitStatus) -> [RenderJob] {
        let found: [ImportedMachine]
        var leftOut = false
        defer { if leftOut { worst = max(worst, .incomplete) } }
        do throws(MachineFileError) {
            found = try reading.readEach(input, limits: limitOptions.limits, allowingNone: allowEmpty, leftOut: &leftOut)
        } catch {
            Console.printError(error.description)
            worst = max(worst, .usage)
            return []
        }
        guard found.count > 1 else { return found.map { RenderJob(input: input, destination: output, format: format, imported: $0) } }
        let names = found.map { $0.machine.name ?? "machine" }.joined(separator: ", ")
        let message =
            "\(found.count) machines here (\(names)) for one output file; "
            + "choose one with --machine NAME, or draw each to its own file with -o DIR/"
        Console.printError(Diagnostic(path: Diagnostic.displayPath(for: input), location: nil, message: message).description)
        worst = max(worst, .usage)
        return []
    }

    /// As documented: a path ending in '/', or any path for several inputs. One input and
    /// an existing directory is refused when written, as by `convert` and `lint`.
    private func isDirectoryTarget(_ output: String) -> Bool {
        output.hasSuffix("/") || inputs.count > 1
    }

    private func outputName(_ input: String, _ format: OutputFormat) -> String {
        let name = input == "-" ? "stdin" : URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        return "\(name).\(format.fileExtension)"
    }

    private func besideInput(_ input: String, _ format: OutputFormat) -> String {
        URL(fileURLWithPath: input).deletingPathExtension().appendingPathExtension(format.fileExtension).path
    }
}
