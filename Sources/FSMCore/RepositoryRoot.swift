/// What a path names on disk.
public enum FileEntryKind: Sendable, Hashable {
    /// A regular file: the only kind fsmviz reads where a stranger chooses the path.
    case regularFile
    /// A directory.
    case directory
    /// A symbolic link (seen only when links are not followed).
    case symbolicLink
    /// A FIFO, a socket or a device: reading one may wait for ever.
    case other
}

/// The directory a command that follows paths written in files (Markdown image links, the
/// machine files `fsmviz sync`'s markers name) stays inside: a file in a pull request must not
/// make CI read or overwrite anything else on the machine.
///
/// A path is inside when the file it names, with every symbolic link on the way resolved, is
/// the root or below it: links within the tree are followed, a link out of it is not.
public struct RepositoryRoot: Sendable, Hashable {
    /// The root's absolute path, with every symbolic link resolved.
    public let path: String

    /// Why a path was refused.
    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The path, or a symbolic link on the way, leads outside the root.
        case outside(root: String)
        /// A symbolic link on the way leads to nothing (or loops), so where it leads cannot be
        /// checked.
        case brokenLink
        /// A `..` follows a directory that does not exist yet.
        case parentOfMissingDirectory

        public var description: String {
            switch self {
            case .outside(let root): "it is outside the repository (\(root)); sync reads and writes only inside it"
            case .brokenLink: "a symbolic link on the way leads nowhere, so where it leads cannot be checked"
            case .parentOfMissingDirectory: "'..' follows a directory that does not exist"
            }
        }
    }

    /// A path resolved inside the root.
    public struct Resolved: Sendable, Hashable {
        /// The absolute path, its existing part free of symbolic links.
        public var path: String
        /// What is there now, following links (`nil`: nothing yet).
        public var kind: FileEntryKind?
    }

    /// The root at `path` (resolved), or `nil` when it does not exist.
    public init?(path: String) {
        guard let real = realPath(path), entryKind(real, followingLinks: true) == .directory else { return nil }
        self.path = real
    }

    /// The enclosing git work tree of `directory` (the nearest directory holding `.git`, a
    /// directory or, in a linked work tree, a file), else `directory` itself; `nil` when
    /// `directory` does not exist.
    public init?(enclosing directory: String) {
        guard let start = realPath(directory) else { return nil }
        var candidate = start
        while true {
            if entryKind(candidate == "/" ? "/.git" : candidate + "/.git", followingLinks: false) != nil {
                path = candidate
                return
            }
            guard candidate != "/", let slash = candidate.lastIndex(of: "/") else { break }
            candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
        }
        path = start
    }

    /// `written` (relative to `directory`, or absolute) resolved inside the root: its existing
    /// part through every symbolic link, the rest (directories and a file to create) as
    /// written.
    /// - Complexity: One realpath(3) per trailing component that does not exist yet.
    public func resolve(_ written: String, from directory: String) throws(Refusal) -> Resolved {
        let joined = written.hasPrefix("/") ? written : directory + "/" + written
        var existing = joined.split(separator: "/", omittingEmptySubsequences: true)
        var missing: [Substring] = []
        var real = realPath("/" + existing.joined(separator: "/"))
        while real == nil {
            let prefix = "/" + existing.joined(separator: "/")
            // Something is there yet does not resolve: a link to nothing, or a loop.
            if entryKind(prefix, followingLinks: false) != nil { throw .brokenLink }
            guard let last = existing.popLast() else { throw .outside(root: path) }
            missing.insert(last, at: 0)
            real = realPath("/" + existing.joined(separator: "/"))
        }
        guard let real else { throw .outside(root: path) }
        if missing.contains("..") { throw .parentOfMissingDirectory }
        let rest = missing.filter { $0 != "." }.joined(separator: "/")
        let resolved = rest.isEmpty ? real : (real == "/" ? "" : real) + "/" + rest
        let inside = path == "/" || resolved == path || resolved.hasPrefix(path + "/")
        guard inside else { throw .outside(root: path) }
        return Resolved(path: resolved, kind: rest.isEmpty ? entryKind(resolved, followingLinks: true) : nil)
    }

    /// Whether this process may write to the file at `path`, by its permission bits: a
    /// read-only file is left to its owner rather than replaced.
    public static func isWritable(_ path: String) -> Bool {
        FSMCore.isWritable(path)
    }
}

extension FileEntryKind {
    /// What `path` names, following symbolic links; `nil` when nothing is there.
    public init?(atPath path: String) {
        guard let kind = entryKind(path, followingLinks: true) else { return nil }
        self = kind
    }
}
