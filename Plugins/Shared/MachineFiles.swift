import Foundation
import PackagePlugin

/// The machine files of a target, as fsmviz lint finds them in a directory: JSON, YAML and
/// SCXML files outside hidden directories. Shared by fsmviz's plugins through a symbolic
/// link, since plugins cannot depend on a library.
enum MachineFiles {
    static let extensions: Set<String> = ["json", "yaml", "yml", "scxml"]

    /// The machine files in a target's directory, in a stable order. The directory is walked,
    /// not the target's source files, because machine files are usually excluded from the
    /// target (or are its resources) and must be checked all the same.
    static func of(_ target: SourceModuleTarget) -> [URL] {
        let walk = FileManager.default.enumerator(
            at: target.directoryURL, includingPropertiesForKeys: [.isRegularFileKey],
            options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let file = walk?.nextObject() as? URL {
            guard extensions.contains(file.pathExtension.lowercased()),
                (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            files.append(file)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The target's Swift sources, where fsmviz lint finds machines written in Swift.
    static func swiftSources(of target: SourceModuleTarget) -> [URL] {
        target.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
    }

    /// The `.fsmviz.yml` files that apply to a target's machine files: in its directory and
    /// every directory above it up to the package's, since fsmviz lint reads the nearest.
    static func configurations(of target: SourceModuleTarget, in package: Package) -> [URL] {
        var configurations: [URL] = []
        var directory = target.directoryURL.standardizedFileURL
        let root = package.directoryURL.standardizedFileURL
        while directory.path.hasPrefix(root.path) {
            let candidate = directory.appending(path: ".fsmviz.yml")
            if FileManager.default.fileExists(atPath: candidate.path) { configurations.append(candidate) }
            if directory == root { break }
            directory = directory.deletingLastPathComponent()
        }
        return configurations
    }
}
