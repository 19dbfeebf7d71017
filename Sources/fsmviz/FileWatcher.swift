import FSMCore

/// Tells which of some files changed: through Linux's inotify where there is one, otherwise
/// (or with `polling`) by comparing each file's inode, size and modification time.
///
/// inotify watches the files' directories, not the files: editors save by writing a new file
/// and renaming it over the old one, which a watch on the old file's inode would miss.
final class FileWatcher {
    /// The files, as given, by their directory (absolute) and name.
    private let files: [(path: String, directory: String, name: String)]
    private let interval: Int32
    private let notifications: DirectoryNotifications?
    private var signatures: [String: [Int]] = [:]

    /// Whether changes come from inotify rather than from polling.
    var usesNotifications: Bool { notifications != nil }

    /// Watches `paths`; `interval` is how often polling looks, in milliseconds.
    init(paths: [String], polling: Bool, intervalMilliseconds: Int32) {
        let workingDirectory = currentDirectory()
        files = paths.map { path in
            let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            let slash = absolute.lastIndex(of: "/") ?? absolute.startIndex
            let directory = String(absolute[..<slash])
            return (path, directory.isEmpty ? "/" : directory, String(absolute[absolute.index(after: slash)...]))
        }
        interval = max(intervalMilliseconds, 10)
        // Where a directory cannot be watched, or there is no inotify, polling takes over.
        notifications = polling ? nil : DirectoryNotifications(directories: Set(files.map(\.directory)).sorted())
        for file in files { signatures[file.path] = changeSignature(of: file.path) }
    }

    /// The files that changed since the last call, waiting up to `milliseconds` for one to
    /// change; empty when none did (or a signal interrupted the wait). A burst of writes to a
    /// file within 50 ms is reported once.
    func changes(waitingUpTo milliseconds: Int32) -> Set<String> {
        if let notifications { return notifiedChanges(notifications, waitingUpTo: milliseconds) }
        pause(milliseconds: Int(min(milliseconds, interval)))
        var changed: Set<String> = []
        for file in files {
            let now = changeSignature(of: file.path)
            if now != signatures[file.path] {
                signatures[file.path] = now
                changed.insert(file.path)
            }
        }
        return changed
    }

    private func notifiedChanges(_ notifications: DirectoryNotifications, waitingUpTo milliseconds: Int32) -> Set<String> {
        var changed: Set<String> = []
        var timeout = milliseconds
        while true {
            let events = notifications.changes(waitingUpTo: timeout)
            guard !events.isEmpty else { return changed }
            for event in events {
                for file in files where file.directory == event.directory && file.name == event.name {
                    changed.insert(file.path)
                }
            }
            // Gather the rest of a save (write, rename, attributes) into one change.
            timeout = changed.isEmpty ? milliseconds : 50
        }
    }
}
