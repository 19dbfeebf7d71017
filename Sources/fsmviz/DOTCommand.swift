import ArgumentParser
import FSMCore
import FSMDOT
import FSMInterop

extension FsmvizCommand {
    struct DOT: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dot",
            abstract: "Print a machine as Graphviz DOT.",
            discussion: "Needs no Graphviz: the DOT is written in Swift. Pipe it to 'dot' or commit it.",
            aliases: []
        )

        @Argument(
            help: "The machine file (.json, .yaml, .yml, .scxml or an XState .json; '-' for standard input).",
            completion: .machineFiles)
        var input: String

        @OptionGroup var diagram: DiagramOptions

        @OptionGroup var reading: ReadingOptions

        @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

        func run() throws {
            let imported = try reading.readOrExit(input, limits: limitOptions.limits)
            let view: DiagramView
            let machine = imported.machine
            do {
                view = try diagram.view(of: machine)
            } catch {
                Console.printError(Diagnostic(path: Diagnostic.displayPath(for: input), location: nil, message: "\(error)").description)
                throw ExitStatus.usage.exitCode
            }
            Console.write(Array(DOTWriter(options: diagram.dotOptions(for: machine, findings: diagram.findings(of: imported, input: input))).write(view).utf8))
        }
    }
}
