import ArgumentParser
import FSMCore
import Foundation

@main
struct FsmvizCommand: ParsableCommand {
    /// fsmviz's version, which `--version` prints and SARIF reports record.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "fsmviz",
        abstract: "Draw state machines and find their bugs before they ship.",
        discussion: """
            Machines are read from JSON or YAML machine files (see docs/machine-format.md), \
            SCXML and XState configs (see docs/interop.md), and Swift source: .swift files and \
            directories, read without compiling or running them (see docs/swift-source.md).

            Exit status: 0 success; 1 'fsmviz lint' found a problem at or above \
            --fail-on, or 'fsmviz diff' a change; 2 bad usage, an invalid machine file, or a machine over a limit (an \
            input limit, or a layout that would take minutes); 3 Graphviz could not render, \
            or the output could not be written; 4 the run is incomplete: 'fsmviz diff \
            --against' refused an entry of the revision, or lint, render or convert left out \
            an input, which a warning names.

            Beyond the command line: SwiftPM plugins ('swift package fsmviz lint', and \
            the build-tool plugins FsmvizLintPlugin and FsmvizDiagramsPlugin) and a \
            GitHub Action (action.yml), in docs/lint.md; release binaries and an \
            artifact bundle made by scripts/release; shell completions from \
            'fsmviz --generate-completion-script bash|zsh|fish'; the libraries' \
            documentation from 'swift package generate-documentation' (scripts/docs).
            """,
        version: version,
        subcommands: [Render.self, Watch.self, Sync.self, DOT.self, Diff.self, Lint.self, List.self, Rules.self, Convert.self]
    )

    /// Runs the command, mapping failures onto fsmviz's documented exit statuses instead of
    /// ArgumentParser's defaults (64 for usage errors).
    static func main() {
        Console.prepare()
        TemporaryFileCleanup.install()
        if let name = unknownHelpTopic(Array(CommandLine.arguments.dropFirst())) {
            let names = configuration.subcommands.map { $0.configuration.commandName ?? "" }
            let hint = Suggestion.hint(for: name, among: names)
            Console.printError(
                "Error: unknown subcommand '\(PrintableText.escaped(name))'" + (hint.isEmpty ? "; 'fsmviz --help' lists them" : hint))
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Console.write(Array((message + "\n").utf8)) }
                Foundation.exit(0)
            }
            if !message.isEmpty { Console.printError(escapingEchoedArguments(in: message)) }
            Foundation.exit(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
        }
    }

    /// The name in `fsmviz help NAME ...` that is no subcommand: ArgumentParser would print the
    /// main help and exit with 0, hiding the typo.
    /// So is a first argument that names no subcommand (`fsmviz lnt door.json`), which
    /// ArgumentParser reports as unexpected arguments without saying which subcommand was meant.
    private static func unknownHelpTopic(_ arguments: [String]) -> String? {
        if let first = arguments.first, !first.hasPrefix("-"), first != "help",
            !configuration.subcommands.contains(where: { $0.configuration.commandName == first })
        {
            return first
        }
        guard arguments.first == "help" else { return nil }
        var commands = configuration.subcommands
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            guard let command = commands.first(where: { $0.configuration.commandName == name }) else { return name }
            commands = command.configuration.subcommands
        }
        return nil
    }

    /// ArgumentParser quotes a rejected value as it was given, inside a message of several lines
    /// whose line feeds are kept. A value's own line breaks would then pass for lines of that
    /// message (an argument built from a file name can start a line with `::error file=...::`),
    /// so each argument that needs escaping is replaced by its one-line form first.
    private static func escapingEchoedArguments(in message: String) -> String {
        let values = CommandLine.arguments.dropFirst().flatMap { argument -> [String] in
            // `--option=value` is echoed as its value alone.
            guard argument.hasPrefix("-"), let equals = argument.firstIndex(of: "=") else { return [argument] }
            return [argument, String(argument[argument.index(after: equals)...])]
        }
        return
            values
            .filter { PrintableText.escaped($0) != $0 }
            .sorted { $0.count > $1.count }
            .reduce(message) { $0.replacingOccurrences(of: $1, with: PrintableText.escaped($1)) }
    }
}
