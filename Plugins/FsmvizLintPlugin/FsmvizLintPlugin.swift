import Foundation
import PackagePlugin

/// Lints a target's machine files and the machines in its Swift sources whenever one of them
/// (or a `.fsmviz.yml` above them) changes: an invalid machine file or a finding at `error` severity fails the build at its
/// file, line and column, which `swift build` and Xcode show like a compiler's errors, and
/// lesser findings are warnings. Configure it as `fsmviz lint` is, with `.fsmviz.yml`
/// (`exclude` for JSON or YAML files in the target that are not machines).
@main
struct FsmvizLintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let machines = MachineFiles.of(target)
        let sources = MachineFiles.swiftSources(of: target)
        guard !machines.isEmpty || !sources.isEmpty else { return [] }
        // A build command needs an output. An empty Swift file adds nothing to the module, where
        // any other kind of file would become a resource and give the target a bundle.
        let stamp = context.pluginWorkDirectoryURL.appending(path: "fsmviz-lint-stamp.swift")
        return [
            .buildCommand(
                displayName: "fsmviz lint \(target.name) (\(machines.count) machine files, \(sources.count) Swift files)",
                executable: try context.tool(named: "fsmviz").url,
                // A target's code need not hold a machine; its machine files and machines must lint.
                arguments: ["lint", target.directoryURL.path, "--quiet", "--allow-empty", "--stamp", stamp.path],
                inputFiles: machines + sources + MachineFiles.configurations(of: target, in: context.package),
                outputFiles: [stamp])
        ]
    }
}
