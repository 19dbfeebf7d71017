/// Puts the files below one path, for finding their configuration, at the same place below
/// another: `fsmviz lint NEW --baseline OLD` configures OLD's files as NEW's, and `fsmviz diff
/// --lint` an old version (perhaps a copy taken from git) as its new one.
public struct PathRelocation: Hashable, Sendable {
    /// The file or directory whose files are moved, absolute.
    public var from: String
    /// Where they are moved to, absolute.
    public var to: String

    /// Moves what is below `from` to `to` (relative paths are taken from the working directory).
    public init(from: String, to: String) {
        self.from = LintConfiguration.absolute(from)
        self.to = LintConfiguration.absolute(to)
    }

    /// `path` (absolute) below `to` when it is `from` or below it, else `path` unchanged.
    public func relocate(_ path: String) -> String {
        if path == from { return to }
        let prefix = from.hasSuffix("/") ? from : from + "/"
        guard path.hasPrefix(prefix) else { return path }
        return (to.hasSuffix("/") ? to : to + "/") + path.dropFirst(prefix.count)
    }
}
