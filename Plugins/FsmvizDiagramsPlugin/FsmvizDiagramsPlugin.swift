import Foundation
import PackagePlugin

/// Renders each of a target's machine files to an SVG diagram in the build directory, which
/// the target gets as a resource (`Bundle.module.url(forResource: "door", withExtension:
/// "svg")`). A machine file that cannot be read fails the build at its file, line and column.
/// Apply ``FsmvizLintPlugin`` too for the lint rules' findings.
@main
struct FsmvizDiagramsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let fsmviz = try context.tool(named: "fsmviz").url
        let root = target.directoryURL.standardizedFileURL.path
        let files = MachineFiles.of(target).map { machine -> Command in
            // Named after the file's path in the target, so `a/door.json` and `b/door.json`
            // give two diagrams: `a-door.svg` and `b-door.svg`.
            let relative = machine.standardizedFileURL.deletingPathExtension().path.dropFirst(root.count + 1)
            let diagram = context.pluginWorkDirectoryURL.appending(
                path: relative.replacingOccurrences(of: "/", with: "-") + ".svg")
            return .buildCommand(
                displayName: "fsmviz render \(relative)",
                executable: fsmviz,
                arguments: ["render", machine.path, "-o", diagram.path, "--quiet"],
                inputFiles: [machine],
                outputFiles: [diagram])
        }
        let sources = MachineFiles.swiftSources(of: target)
        guard !sources.isEmpty else { return files }
        // Which machines the code holds, so which diagrams, is known only once it is read: the
        // command's output is a directory, one diagram per machine, named after it.
        let diagrams = context.pluginWorkDirectoryURL.appending(path: "SwiftMachines")
        return files + [
            .buildCommand(
                displayName: "fsmviz render \(target.name)'s Swift machines",
                executable: fsmviz,
                arguments: ["render", target.directoryURL.path, "-o", diagrams.path + "/", "--quiet", "--allow-empty"],
                inputFiles: sources,
                outputFiles: [diagrams])
        ]
    }
}
