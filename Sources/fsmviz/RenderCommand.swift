import ArgumentParser
import FSMRendering

extension FsmvizCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract: "Render machines to SVG, interactive HTML, PNG, PDF or DOT.",
            discussion: """
                Graphviz runs inside fsmviz: no 'dot' process is started. It lays out one \
                graph at a time in a process, so a batch of machine files is shared among up \
                to one fsmviz process per core (--jobs); messages come in the order of the \
                inputs all the same. Files are written atomically: a failed render leaves the \
                previous file as it was.

                '--engine auto' (the default) uses 'dot' up to \(LayoutPolicy.measured.dotLimit) \
                drawn transitions, 'sfdp' with overlap removal above, and above \
                \(LayoutPolicy.measured.labelLimit) shows events as tooltips (hover in the SVG) \
                instead of laying them out. Each engine is refused above its bound of drawn \
                transitions, past which its layout would take minutes (sfdp's, so also auto's, \
                about 20 seconds): \(HelpLists.layoutBounds). --max-layout-transitions raises \
                them, --no-limit lifts them. For huge machines, --focus and --collapse draw a readable part, and \
                '--format dot' writes DOT without a layout. On a terminal, long and \
                batch renders show their progress.

                Examples:
                  fsmviz render machine.json -o flow.svg
                  fsmviz render machine.json -o flow.html --lint
                  fsmviz render machine.yaml -o - --format png > flow.png
                  fsmviz render machines/*.json -o diagrams/
                  fsmviz render tcp.json -o listen.svg --focus LISTEN --radius 1
                  fsmviz render nested.yaml -o overview.svg --collapse 1
                """
        )

        @OptionGroup var options: RenderOptions

        @Option(
            help: ArgumentHelp(
                "Processes that render a batch of machine files at once (default: one per core, with at least \(RenderWorkers.machinesPerProcess) files each).",
                valueName: "count"))
        var jobs: Int?

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs takes a count of 1 or more") }
        }

        func run() throws {
            let slice = RenderWorkers.ownSlice
            let written = try options.renderAll(split: true, processes: jobs, slice: slice)
            // The process that started the batch announces the whole of it.
            if !options.reading.quiet, slice == nil { WrittenFiles.announce(written, into: options.output) }
        }
    }
}
