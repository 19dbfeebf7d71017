import Foundation

/// Finds the configuration that governs each machine file: the nearest `.fsmviz.yml` in the
/// file's directory or any directory above it, up to the root of its git repository (a
/// directory holding `.git`): a configuration outside the repository is not the project's.
/// Each directory is looked at, and each configuration read, once per run.
struct ConfigurationLocator {
    /// A configuration file found, and what reading it gave.
    struct Found {
        /// The file's absolute path.
        var path: String
        var configuration: Result<LintConfiguration, ConfigurationError>
    }

    private var nearest: [String: String?] = [:]
    private var loaded: [String: Result<LintConfiguration, ConfigurationError>] = [:]
    private let workingDirectory = LintConfiguration.absolute(FileManager.default.currentDirectoryPath)

    /// The configuration for the file at absolute `path`, or `nil` when no directory above it
    /// has one.
    mutating func configuration(forFile path: String) -> Found? {
        guard let file = nearestConfiguration(in: URL(fileURLWithPath: path).deletingLastPathComponent().path) else {
            return nil
        }
        if let result = loaded[file] { return Found(path: file, configuration: result) }
        let result: Result<LintConfiguration, ConfigurationError>
        do {
            result = .success(try LintConfiguration.load(path: file, displayPath: displayPath(file)))
        } catch {
            result = .failure(error)
        }
        loaded[file] = result
        return Found(path: file, configuration: result)
    }

    /// The nearest configuration file at or above `directory`; walks up with a loop, noting
    /// the answer for every directory passed.
    private mutating func nearestConfiguration(in directory: String) -> String? {
        var visited: [String] = []
        var current = directory
        var answer: String?
        while true {
            if let known = nearest[current] {
                answer = known
                break
            }
            visited.append(current)
            let candidate = (current == "/" ? "" : current) + "/" + LintConfiguration.fileName
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                answer = candidate
                break
            }
            if FileManager.default.fileExists(atPath: (current == "/" ? "" : current) + "/.git") { break }
            guard current != "/", let slash = current.lastIndex(of: "/") else { break }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
        for directory in visited { nearest[directory] = .some(answer) }
        return answer
    }

    /// A configuration file's path relative to the working directory when it is inside it,
    /// so reports do not depend on where the repository was checked out.
    private func displayPath(_ path: String) -> String {
        let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
