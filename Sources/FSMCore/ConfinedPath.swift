/// A path below a directory that a write must not leave, whoever chose its names (a tree in a
/// git revision, a pull request's files): made of plain names only, and written with no
/// symbolic link below the directory followed (``AtomicFile/write(_:to:under:)``,
/// ``createFile(under:)``).
///
/// The directory itself is the caller's and is taken as it is, links and all; what lies below
/// it is not trusted: a `..`, an absolute path, or a link committed where a directory or the
/// file is expected would lead the write elsewhere, so each is refused with a message that
/// names it.
public struct ConfinedPath: Sendable, Hashable, CustomStringConvertible {
    /// The names from the directory down to the file, none empty, `.` or `..`.
    public let components: [String]

    /// The path `relative` names below a directory.
    /// - Throws: A ``Diagnostic`` naming `relative` when it is empty or absolute, or holds an
    ///   empty, `.` or `..` component (or a NUL, which no file name holds).
    public init(_ relative: String) throws(Diagnostic) {
        func refuse(_ reason: String) -> Diagnostic {
            Diagnostic(path: relative, location: nil, message: "refused: \(reason)")
        }
        if relative.hasPrefix("/") { throw refuse("it is an absolute path, not one below the directory") }
        let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for component in components {
            switch component {
            case "": throw refuse("it has an empty component")
            case ".": throw refuse("it has a '.' component")
            case "..": throw refuse("its '..' would lead out of the directory")
            default: if component.utf8.contains(0) { throw refuse("it holds a NUL character") }
            }
        }
        self.components = components
    }

    /// `path` as a path below `root`, both absolute or relative to the working directory and
    /// compared as written (a repeated `/` and a `.` component mean nothing), so that a link
    /// on the way never decides where the path lies.
    /// - Throws: A ``Diagnostic`` naming `path` when it does not lie below `root` so written,
    ///   or holds a `..` component.
    public init(_ path: String, below root: String) throws(Diagnostic) {
        func names(_ path: String) -> [Substring] {
            let absolute = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
            return absolute.split(separator: "/").filter { $0 != "." }
        }
        let rootNames = names(root)
        let pathNames = names(path)
        guard pathNames.count > rootNames.count, pathNames.starts(with: rootNames) else {
            throw Diagnostic(path: path, location: nil, message: "refused: it is not below \(root), where outputs are confined")
        }
        do {
            try self.init(pathNames.dropFirst(rootNames.count).joined(separator: "/"))
        } catch {
            throw Diagnostic(path: path, location: nil, message: error.message)
        }
    }

    /// The components joined by `/`.
    public var description: String { components.joined(separator: "/") }

    /// The path's last component: the file's name.
    var name: String { components[components.count - 1] }

    /// The path below `root`, for messages.
    func shown(under root: String) -> String {
        (root.hasSuffix("/") ? root : root + "/") + description
    }

    /// Creates a new file at this path below `root`, with the directories on the way that are
    /// missing, following no symbolic link below `root`; returns its descriptor, open for
    /// writing, which the caller closes.
    /// - Throws: A ``Diagnostic`` naming the path when a directory on the way is a symbolic link
    ///   or a file, or something (a link too) is already at the path.
    public func createFile(under root: String) throws(Diagnostic) -> Int32 {
        let directory = try openParent(under: root)
        defer { try? closeFile(directory) }
        do throws(SystemError) {
            return try openFile(name, in: directory, .creatingExclusively)
        } catch  where error == .exists {
            throw Diagnostic(
                path: shown(under: root), location: nil, message: "refused: something is already there (a second entry of that name, or a symbolic link)")
        } catch {
            throw Diagnostic(path: shown(under: root), location: nil, message: "cannot create: \(error.message)")
        }
    }

    /// Opens the directory the file is in, creating what is missing of it (mode 0777, reduced
    /// by the umask) one name at a time below `root`, each opened without following a link,
    /// so that no link, even one made while this runs, leads a later name elsewhere.
    func openParent(under root: String) throws(Diagnostic) -> Int32 {
        var directory: Int32
        do throws(SystemError) {
            directory = try openDirectory(root, followingLink: true)
        } catch {
            throw Diagnostic(path: root, location: nil, message: "cannot open the directory: \(error.message)")
        }
        for (index, component) in components.dropLast().enumerated() {
            let shown = (root.hasSuffix("/") ? root : root + "/") + components[...index].joined(separator: "/")
            do throws(SystemError) {
                do {
                    try makeDirectory(component, in: directory, permissions: 0o777)
                } catch  where error == .exists {}
                let next = try openDirectory(component, in: directory, followingLink: false)
                try? closeFile(directory)
                directory = next
            } catch {
                try? closeFile(directory)
                let reason =
                    error.isLinkOrFile ? "refused: it is a symbolic link or a file, where a directory was to be; links are not followed here" : error.message
                throw Diagnostic(path: shown, location: nil, message: reason)
            }
        }
        return directory
    }

    /// Creates a directory only this user may read or enter (mode 0700, as mkdtemp(3)), named
    /// `prefix` and six random characters, in `parent`; returns its path.
    /// - Throws: A ``Diagnostic`` naming `parent` when the directory cannot be made.
    public static func makePrivateDirectory(in parent: String, prefix: String) throws(Diagnostic) -> String {
        do throws(SystemError) {
            return try makeTemporaryDirectory((parent.hasSuffix("/") ? parent : parent + "/") + prefix)
        } catch {
            throw Diagnostic(path: parent, location: nil, message: "cannot create a temporary directory: \(error.message)")
        }
    }
}
