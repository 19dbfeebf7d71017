public import FSMCore
import Foundation

/// A team's lint settings, read from `.fsmviz.yml`:
///
/// ```yaml
/// disable: [unused-event]
/// severity: {dead-end: error}
/// exclude: ["fixtures/**"]
/// overrides:
///   - paths: ["legacy/**"]
///     disable: [dead-end]
///     severity: {unused-event: error}
/// ```
///
/// Paths are relative to the directory holding the configuration file. docs/lint.md
/// describes every key.
public struct LintConfiguration: Hashable, Sendable {
    /// The name fsmviz looks for in each machine file's directory and its ancestors.
    public static let fileName = ".fsmviz.yml"

    /// The absolute directory that `exclude` and `overrides` paths are relative to.
    public var directory: String
    /// The settings for every file.
    public var rules: RuleSettings
    /// Files a directory search skips.
    public var exclude: [PathPattern]
    /// Settings for some paths, applied in order on top of ``rules``.
    public var overrides: [ConfigurationOverride]

    /// Creates a configuration; by default it changes nothing.
    public init(
        directory: String, rules: RuleSettings = RuleSettings(), exclude: [PathPattern] = [],
        overrides: [ConfigurationOverride] = []
    ) {
        self.directory = Self.absolute(directory)
        self.rules = rules
        self.exclude = exclude
        self.overrides = overrides
    }

    /// The settings for the machine file at `path`: the configuration's own, then every
    /// override whose paths match, in order.
    public func settings(forFile path: String) -> RuleSettings {
        guard let relative = relativePath(of: path) else { return rules }
        return overrides.filter { $0.applies(to: relative) }.reduce(rules) { $0.merging($1.rules) }
    }

    /// Whether a directory search should skip the file at `path`.
    public func excludes(file path: String) -> Bool {
        guard let relative = relativePath(of: path) else { return false }
        return exclude.contains { $0.matches(relative) }
    }

    /// `path` relative to ``directory``, or `nil` when it lies elsewhere (paths outside the
    /// configuration's directory match no pattern).
    func relativePath(of path: String) -> String? {
        let absolutePath = Self.absolute(path)
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        guard absolutePath.hasPrefix(prefix) else { return nil }
        return String(absolutePath.dropFirst(prefix.count))
    }

    /// The largest configuration file read, in bytes (1 MiB): far beyond any real one.
    public static let maximumFileSize = 1 << 20

    /// Reads the configuration file at `path`, a regular file of at most ``maximumFileSize`` bytes.
    /// - Parameters:
    ///   - path: The `.fsmviz.yml` file; relative paths in it are relative to its directory.
    ///   - displayPath: How errors name the file (default: `path`).
    /// - Throws: ``ConfigurationError`` with the position of the offending value.
    public static func load(path: String, displayPath: String? = nil) throws(ConfigurationError) -> LintConfiguration {
        let name = displayPath ?? path
        var status = stat()
        if stat(path, &status) == 0 {
            // A configuration is a few lines; a FIFO or device would be read forever.
            if status.st_mode & S_IFMT == S_IFREG, status.st_size > maximumFileSize {
                throw ConfigurationError(
                    path: name, location: nil,
                    message: "the configuration is \(status.st_size) bytes, larger than the limit of \(maximumFileSize) bytes")
            }
            if status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
                throw ConfigurationError(path: name, location: nil, message: "is not a regular file")
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let reason = !exists ? "no such file" : isDirectory.boolValue ? "is a directory, not a configuration file" : "cannot read the file"
            throw ConfigurationError(path: name, location: nil, message: reason)
        }
        guard let text = String(validating: [UInt8](data), as: UTF8.self) else {
            throw ConfigurationError(path: name, location: nil, message: "the configuration is not valid UTF-8 text")
        }
        return try parse(text, path: name, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Reads a configuration from the text of a YAML file.
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - path: How errors name the file.
    ///   - directory: The directory paths in the configuration are relative to.
    public static func parse(_ text: String, path: String, directory: String) throws(ConfigurationError) -> LintConfiguration {
        // An empty file, or one with only comments, is a configuration that changes nothing
        // (libyaml sees no document in it at all).
        let hasContent = text.split(whereSeparator: \.isNewline).contains { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return !trimmed.isEmpty && !trimmed.hasPrefix("#") && trimmed != "---" && trimmed != "..."
        }
        guard hasContent else { return LintConfiguration(directory: directory) }
        let root = try YAMLDocumentParser.parse(text, path: path)
        return try ConfigurationDecoder(path: path).decode(root, directory: directory)
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
