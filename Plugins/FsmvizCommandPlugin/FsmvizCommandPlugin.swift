import Foundation
import PackagePlugin

/// `swift package fsmviz <subcommand> [options] [files]`: the fsmviz tool, built from source,
/// run in the package's directory with the options and exit statuses of the command line.
/// Without files, `lint` and `render` take the machine files and Swift sources of every target,
/// or of the targets named with `--target`; `render` draws each machine the Swift sources hold. `swift package` exits with 1 whenever fsmviz fails, and
/// says fsmviz's own status. It asks for no permission: `lint` prints its report, and a
/// command that writes files into the package (`render -o`, `lint -o`) needs
/// `swift package --allow-writing-to-package-directory fsmviz ...`, as SwiftPM's sandbox
/// enforces on macOS.
@main
struct FsmvizCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var arguments = extractor.remainingArguments
        if arguments.first.map({ !$0.hasPrefix("-") }) != true { arguments.insert("lint", at: 0) }
        let package = context.package.directoryURL
        if ["lint", "render"].contains(arguments[0]), !namesAFile(arguments.dropFirst(), in: package) {
            let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
            let modules = targets.compactMap { $0 as? SourceModuleTarget }
            // A target's directory stands for its Swift sources, read as one module.
            let swiftModules = modules.filter { !MachineFiles.swiftSources(of: $0).isEmpty }
            let inputs =
                arguments[0] == "lint"
                ? modules.filter { !MachineFiles.of($0).isEmpty || !MachineFiles.swiftSources(of: $0).isEmpty }.map(\.directoryURL.path)
                : modules.flatMap(MachineFiles.of).map(\.path) + swiftModules.map(\.directoryURL.path)
            guard !inputs.isEmpty else {
                Diagnostics.error(
                    "no machine files (.json, .yaml, .yml, .scxml) or Swift sources in \(targetNames.isEmpty ? "the package's targets" : targetNames.joined(separator: ", "))"
                )
                exit(2)
            }
            arguments.insert(contentsOf: inputs, at: 1)
            // Targets' code need not hold machines; what it holds is linted and drawn.
            arguments.insert("--allow-empty", at: 1)
        }
        let process = Process()
        process.executableURL = try context.tool(named: "fsmviz").url
        process.arguments = arguments
        process.currentDirectoryURL = package
        try process.run()
        process.waitUntilExit()
        // fsmviz's exit status is the plugin's (1 findings, 2 invalid input, 3 an output that
        // could not be written); SwiftPM reports it ("Plugin ended with exit code 2") and itself
        // exits with 1 for any of them.
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }

    /// Whether any argument names an input: standard input, a machine file (existing or not,
    /// so that a missing one is reported rather than replaced by the targets' files) or an
    /// existing directory, other than the value of an option naming an output or a
    /// configuration.
    private func namesAFile(_ arguments: ArraySlice<String>, in package: URL) -> Bool {
        zip([""] + arguments.dropLast(), arguments).contains { previous, argument in
            guard argument == "-" || !argument.hasPrefix("-") else { return false }
            guard !["-o", "--output", "--config"].contains(previous) else { return false }
            let path = URL(filePath: argument, relativeTo: package)
            return argument == "-" || MachineFiles.extensions.contains(path.pathExtension.lowercased())
                || FileManager.default.fileExists(atPath: path.path)
        }
    }
}
