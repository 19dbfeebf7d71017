import FSMCore
import FSMInterop
import Foundation

/// Expands `fsmviz lint`'s arguments into machine files: a file stands for itself, a directory
/// for every `.json`, `.yaml`, `.yml` and `.scxml` file below it, every `.xml` file that is
/// an SCXML document, and every source file a ``/FSMInterop/ModuleMachineReader`` reads
/// (`.swift`) when one is given.
///
/// The search is deterministic: entries are visited in sorted order, depth first. It skips
/// hidden files and directories (`.git`, `.build`, `.fsmviz.yml` itself, fsmviz's temporary
/// files), reads regular files only (a link to one too, never to a device or FIFO), and does
/// not follow symbolic links to directories, which could loop.
enum MachineFileSearch {
    /// One file to lint.
    struct File: Hashable {
        /// The path as given, or the directory as given joined with the names below it.
        var path: String
        /// Whether a directory search found it (configurations may exclude those), rather
        /// than the user naming it.
        var foundInDirectory: Bool
    }

    /// What one argument stands for: files, and directories that could not be searched.
    static func expand(_ argument: String, sourceExtensions: [String] = []) -> (files: [File], errors: [LintResult]) {
        var isDirectory: ObjCBool = false
        guard argument != "-", FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            return ([File(path: argument, foundInDirectory: false)], [])
        }
        var files: [File] = []
        var errors: [LintResult] = []
        // A stack of paths still to visit, each marked as a directory or a file; children are
        // pushed in reverse so they pop in sorted order.
        var pending: [(path: String, isDirectory: Bool)] = [(argument, true)]
        while let (path, isDirectory) = pending.popLast() {
            guard isDirectory else {
                files.append(File(path: path, foundInDirectory: true))
                continue
            }
            let entries: [DirectoryEntry]
            do throws(SystemError) {
                entries = try directoryEntries(path).sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
            } catch {
                errors.append(
                    LintResult(path: path, errors: [Diagnostic(path: path, location: nil, message: "cannot list the directory", code: .noMachineFiles)]))
                continue
            }
            // A name that is not UTF-8 has no `String` path to read it by: what it may hold is
            // left out, and said.
            for entry in entries where entry.name == nil && entry.bytes.first != UInt8(ascii: ".") {
                let shown = join(path, entry.shownName)
                guard entry.isDirectory || searches(shown, sourceExtensions: sourceExtensions) else { continue }
                let message = "not read: its name is not UTF-8, which fsmviz cannot name a file by; rename it to read it"
                errors.append(
                    LintResult(path: shown, errors: [Diagnostic(path: shown, location: nil, severity: .warning, message: message, code: .skippedInput)]))
            }
            var children: [(path: String, isDirectory: Bool)] = []
            for name in entries.compactMap(\.name) where !name.hasPrefix(".") {
                let child = join(path, name)
                switch kind(of: child) {
                case .directory: children.append((child, true))
                case .file where MachineFormat(path: name)?.isReadable == true:
                    // fsmviz's own reports, written here by an earlier `lint -o`, are no
                    // machines, nor is a JSON or YAML file that names none of a machine's keys
                    // (a DocC theme, a CI workflow, a package's settings).
                    if mayBeMachine(child) { children.append((child, false)) }
                case .file where FileExtension.of(name) == MachineFormat.xmlExtension && MachineReader.looksLikeSCXML(path: child):
                    children.append((child, false))
                case .file where FileExtension.of(name).map(sourceExtensions.contains) == true:
                    children.append((child, false))
                default: break
                }
            }
            pending += children.reversed()
        }
        if files.isEmpty, errors.isEmpty {
            let sources = sourceExtensions.map { ", ." + $0 }.joined()
            let named = MachineFormat.importableExtensions.map { "." + $0 }.joined(separator: ", ")
            let message = "no machine files (\(named)\(sources), or SCXML in .\(MachineFormat.xmlExtension)) in this directory or below it"
            errors.append(LintResult(path: argument, errors: [Diagnostic(path: argument, location: nil, message: message, code: .noMachineFiles)]))
        }
        return (files, errors)
    }

    /// Whether a file named `name` is of a kind the search reads, by its name alone.
    private static func searches(_ name: String, sourceExtensions: [String]) -> Bool {
        guard let pathExtension = FileExtension.of(name) else { return false }
        return MachineFormat(path: name)?.isReadable == true || pathExtension == MachineFormat.xmlExtension || sourceExtensions.contains(pathExtension)
    }

    /// The keys one of which every machine format fsmviz reads has.
    private static let machineKeys: Set<String> = ["states", "transitions", "initial"]

    /// Whether a JSON or YAML file found in a directory may hold a machine. A JSON document
    /// does when an object in it has a machine's key (`states`, `transitions`, `initial`) and
    /// its top level is none of the reports fsmviz writes, which an earlier `lint -o` or
    /// `diff -o` may have left there: a SARIF log (`version` and `runs`), `lint`'s JSON report
    /// (`version`, `files` and `summary`) and `diff`'s (`version`, `old`, `new` and `counts`).
    /// A YAML document does when a line of it names such a key. A file that is not JSON, or
    /// cannot be read, is linted, which says why it is no machine. Other files (SCXML,
    /// sources) are told by their own tests.
    private static func mayBeMachine(_ path: String) -> Bool {
        guard let format = MachineFormat(path: path), format == .json || format == .yaml || format == .xstate else { return true }
        guard let bytes = try? MachineFileLoader.read(path: path) else { return true }
        guard FileExtension.of(path) == "json", let keys = JSONKeys(bytes, wanted: machineKeys) else {
            return names(machineKeyIn: String(decoding: bytes, as: UTF8.self))
        }
        let top = keys.topLevel
        if !top.isDisjoint(with: machineKeys) { return true }
        let reports: [Set<String>] = [["version", "runs"], ["version", "files", "summary"], ["version", "old", "new", "counts"]]
        return keys.nestedHasWanted && !reports.contains { $0.isSubset(of: top) }
    }

    private static func names(machineKeyIn text: String) -> Bool {
        machineKeys.contains { key in
            text.contains("\"\(key)\"")
                || text.split(separator: "\n").contains { line in
                    line.drop(while: { $0 == " " || $0 == "-" }).hasPrefix(key + ":")
                }
        }
    }

    private enum Kind {
        case directory
        case file
        case other
    }

    /// A directory (not through a link), a regular file (possibly through a link), or other:
    /// a link to a device, a FIFO or a socket (`/dev/stdin` would wait for input forever), a
    /// dangling link, or a link to a directory (which could loop).
    private static func kind(of path: String) -> Kind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFLNK: return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? .file : .other
        default: return .other
        }
    }

    /// `directory/name`, without doubling a slash or keeping a leading `./`.
    private static func join(_ directory: String, _ name: String) -> String {
        if directory == "." || directory == "./" { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
