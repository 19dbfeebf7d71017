import FSMCore
import FSMInterop
import FSMSwiftSource
import Foundation

/// Reads a file as a git revision has it, by running `git`, for `fsmviz diff --against`.
struct GitRevision {
    /// Why a file could not be read from git; `message` is for the user.
    struct Failure: Error {
        var message: String
    }

    /// The revision, as the user named it (`origin/main`, `HEAD~1`, a hash).
    let reference: String

    /// Calls `body` with a temporary copy of the file `path` as the revision has it (see
    /// ``copy(_:into:)``), removed afterwards; a failure to copy prints its error and exits
    /// with status 2, naming the revision, or 3 when no temporary directory can be made.
    func withCopy<Result>(of path: String, _ body: (String) throws -> Result) throws -> Result {
        try withTemporaryDirectory { temporary in try body(try self.copy(path, into: temporary)) }
    }

    /// Calls `body` with a temporary copy of the directory `path` as the revision has it (see
    /// ``copyDirectory(_:into:)``), removed afterwards, and whether every entry was copied: an
    /// entry refused has had its warning printed. A failure to copy exits as
    /// ``withCopy(of:_:)``'s does.
    func withDirectoryCopy<Result>(of path: String, _ body: (_ copy: String, _ complete: Bool) throws -> Result) throws -> Result {
        try withTemporaryDirectory { temporary in
            let refused = try copyDirectory(path, into: temporary)
            for warning in refused { Console.printError(warning.description) }
            return try body(temporary, refused.isEmpty)
        }
    }

    /// Calls `body` with a fresh directory only this user may read (the revision's files may be
    /// private), removed afterwards, also when SIGINT or SIGTERM ends the process.
    private func withTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
        let temporary: String
        do throws(Diagnostic) {
            temporary = try ConfinedPath.makePrivateDirectory(in: FileManager.default.temporaryDirectory.path, prefix: "fsmviz-diff-")
        } catch {
            Console.printError(error.description)
            throw ExitStatus.failure.exitCode
        }
        let registration = TemporaryFileCleanup.registerDirectory(temporary)
        defer {
            try? FileManager.default.removeItem(atPath: temporary)
            TemporaryFileCleanup.unregisterDirectory(registration)
        }
        do {
            return try body(temporary)
        } catch let error as Failure {
            Console.printError(PrintableText.escaped("error: \(error.message)"))
            throw ExitStatus.usage.exitCode
        }
    }

    /// Copies `path` (relative to the working directory, or absolute) as `reference` has it
    /// into a new file in `directory`, named like `path` so that its format is recognised;
    /// returns the copy's path.
    ///
    /// git runs in the file's own directory, so `path` may lie in any repository, and
    /// `REF:./name` names it relative to there.
    func copy(_ path: String, into directory: String) throws(Failure) -> String {
        let file = URL(fileURLWithPath: path)
        let workingDirectory = file.deletingLastPathComponent()
        let commit = try verify(in: workingDirectory)
        let name = file.lastPathComponent
        if let refusal = try show(name, of: commit, in: workingDirectory, into: directory, naming: path) {
            throw Failure(message: "cannot copy \(path) at '\(reference)': \(refusal)")
        }
        return FsmvizCommand.Diff.join(directory, name)
    }

    /// Copies the files below the directory `path` that may hold machines (by their names:
    /// what `lint` searches a directory for) as `reference` has them into `directory`, at the
    /// same relative paths; returns a warning for each entry refused because it would be
    /// written elsewhere (a `..` or an empty component, which git's own checkout refuses too,
    /// or a symbolic link on the way) or has a name that is not UTF-8, which is left out.
    ///
    /// Two git processes copy the whole tree: `ls-tree` lists it and `cat-file --batch` hands
    /// over every file's contents, where a `git show` per file took minutes on thousands.
    /// - Throws: When git does not know the revision, or the revision has no such directory.
    func copyDirectory(_ path: String, into directory: String) throws(Failure) -> [Diagnostic] {
        let workingDirectory = URL(fileURLWithPath: path, isDirectory: true)
        let commit = try verify(in: workingDirectory)
        let listing = Pipe()
        // `-z` keeps names with newlines or quotes whole; `REF:./` is the tree of the
        // directory git runs in, which `--full-tree` lists whole rather than filtered again
        // by that directory's path.
        let listed = run(["ls-tree", "--full-tree", "-r", "-z", "--end-of-options", "\(commit):./"], in: workingDirectory, output: listing)
        guard listed.status == 0 else {
            throw Failure(message: "git cannot find the directory \(path) at '\(reference)'")
        }
        var refused: [Diagnostic] = []
        var files: [(name: String, descriptor: Int32)] = []
        var objects: [String] = []
        // Each entry is `MODE TYPE OBJECT<TAB>NAME`; blobs are files, a link's blob names its target.
        for entry in listed.output.split(separator: 0) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = entry[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            let bytes = entry[entry.index(after: tab)...]
            let name = String(decoding: bytes, as: UTF8.self)
            guard fields.count == 3, fields[1] == "blob", Self.mayHoldMachine(name) else { continue }
            let shown = "\(reference):" + FsmvizCommand.Diff.join(path, name)
            do throws(Diagnostic) {
                guard String(validating: bytes, as: UTF8.self) != nil else {
                    throw Diagnostic(path: shown, location: nil, message: "its name is not UTF-8, which fsmviz cannot name a file by")
                }
                files.append((shown, try ConfinedPath(name).createFile(under: directory)))
                objects.append(fields[2])
            } catch {
                refused.append(.warning(path: shown, location: nil, message: "not copied, so left out of the diff: \(error.message)"))
            }
        }
        try writeContents(of: objects, in: workingDirectory, to: files)
        return refused
    }

    /// Writes the contents of each of git's `objects` (blobs, by hash) to the open file of the
    /// same index in `files` and closes it, with one `git cat-file --batch`.
    /// - Throws: When git cannot hand over an object; errors call it by its file's name.
    private func writeContents(of objects: [String], in workingDirectory: URL, to files: [(name: String, descriptor: Int32)]) throws(Failure) {
        let outputs = files.map { FileHandle(fileDescriptor: $0.descriptor, closeOnDealloc: true) }
        guard !objects.isEmpty else { return }
        let requests = Pipe()
        let contents = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "cat-file", "--batch"]
        process.currentDirectoryURL = workingDirectory
        process.standardInput = requests
        process.standardOutput = contents
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(message: "cannot run git: \(error.localizedDescription)")
        }
        // The requests go in on another thread while the contents come out here: git answers
        // as it reads, so neither pipe may wait for the other to be drained.
        let request = Data(objects.map { $0 + "\n" }.joined().utf8)
        let writer = requests.fileHandleForWriting
        Thread.detachNewThread {
            try? writer.write(contentsOf: request)
            try? writer.close()
        }
        defer { process.waitUntilExit() }
        var reader = BufferedReader(contents.fileHandleForReading)
        for (index, output) in outputs.enumerated() {
            // Each answer is `HASH TYPE SIZE<LF>CONTENTS<LF>`, or `HASH missing<LF>`.
            let header = reader.line().map { String(decoding: $0, as: UTF8.self) } ?? ""
            let fields = header.split(separator: " ")
            guard fields.count == 3, let size = Int(fields[2]), let bytes = reader.bytes(size + 1) else {
                process.terminate()
                throw Failure(message: "git cannot show \(files[index].name) at '\(reference)'")
            }
            output.write(Data(bytes.dropLast()))
        }
    }

    /// Reads a pipe by lines and by counts of bytes, as `git cat-file --batch` answers.
    private struct BufferedReader {
        let handle: FileHandle
        var buffer: [UInt8] = []
        var start = 0

        init(_ handle: FileHandle) {
            self.handle = handle
        }

        /// The next line, without its line feed; `nil` at the end.
        mutating func line() -> [UInt8]? {
            // How far past `start` the line feed was looked for already.
            var searched = 0
            while true {
                if let end = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                    defer { start = end + 1 }
                    return Array(buffer[start..<end])
                }
                searched = buffer.count - start
                guard fill() else { return nil }
            }
        }

        /// The next `count` bytes; `nil` when the pipe ends first.
        mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
            while buffer.count - start < count {
                guard fill() else { return nil }
            }
            defer { start += count }
            return buffer[start..<(start + count)]
        }

        /// Reads more, dropping what was consumed; false at the end of the pipe.
        private mutating func fill() -> Bool {
            let more = handle.availableData
            guard !more.isEmpty else { return false }
            buffer.removeFirst(start)
            start = 0
            buffer += more
            return true
        }
    }

    /// The files git finds renamed between `reference` and the working tree below the
    /// directory `path` (`git diff -M`), as pairs of paths relative to it.
    func renames(in path: String) throws(Failure) -> [(old: String, new: String)] {
        let output = Pipe()
        let directory = URL(fileURLWithPath: path, isDirectory: true)
        let commit = try verify(in: directory)
        let result = run(
            ["diff", "--name-status", "-z", "-M", "--relative", "--end-of-options", commit, "--", "."], in: directory, output: output)
        guard result.status == 0 else {
            throw Failure(message: "git cannot compare \(path) with '\(reference)': \(result.errors.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        // Records are STATUS NUL PATH NUL, with a second PATH for renames and copies.
        var fields = result.output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }[...]
        var renames: [(old: String, new: String)] = []
        while let status = fields.popFirst(), !status.isEmpty {
            guard let first = fields.popFirst() else { break }
            if status.hasPrefix("R") || status.hasPrefix("C") {
                guard let second = fields.popFirst() else { break }
                if status.hasPrefix("R") { renames.append((first, second)) }
            }
        }
        return renames
    }

    /// Whether a file named `name` may hold a machine `fsmviz diff` compares in a directory.
    private static func mayHoldMachine(_ name: String) -> Bool {
        guard let pathExtension = FileExtension.of(name) else { return false }
        return (MachineFormat.importableExtensions + [MachineFormat.xmlExtension] + SwiftSourceReader().fileExtensions)
            .contains(pathExtension)
    }

    /// The commit git, run in `workingDirectory`, knows the revision as (its full hash, which
    /// every later git command is given, so that what git reads as a revision is checked once).
    /// - Throws: When the name starts with `-`, which git would read as an option wherever an
    ///   argument is not preceded by `--end-of-options`, or git knows no such commit.
    private func verify(in workingDirectory: URL) throws(Failure) -> String {
        guard !reference.hasPrefix("-") else {
            throw Failure(message: "'\(reference)' is not a revision fsmviz reads: a revision's name cannot start with '-'")
        }
        let hash = Pipe()
        let resolved = run(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", reference + "^{commit}"], in: workingDirectory, output: hash)
        let commit = String(decoding: resolved.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard resolved.status == 0, !commit.isEmpty, commit.allSatisfy(\.isHexDigit) else {
            throw Failure(message: "git does not know the revision '\(reference)' (in \(workingDirectory.path))")
        }
        return commit
    }

    /// Writes `name` (relative to `workingDirectory`) as `commit` has it to the same path below
    /// `directory`, through ``/FSMCore/ConfinedPath``, so that no name leads the copy out of
    /// `directory`; returns why the name was refused there, or `nil` once it is copied.
    /// - Throws: When git cannot show it; errors call it `path`.
    private func show(
        _ name: String, of commit: String, in workingDirectory: URL, into directory: String, naming path: String
    ) throws(Failure) -> String? {
        let descriptor: Int32
        do throws(Diagnostic) {
            descriptor = try ConfinedPath(name).createFile(under: directory)
        } catch {
            return error.message
        }
        let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let result = run(["show", "--end-of-options", "\(commit):./\(name)"], in: workingDirectory, output: output)
        guard result.status == 0 else {
            let reason = result.errors.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: "git cannot show \(path) at '\(reference)'" + (reason.isEmpty ? "" : ": \(reason)"))
        }
        return nil
    }

    /// Runs git with `arguments` in `directory`, its standard output to `output` (discarded
    /// without one; a pipe's contents are returned); returns its exit status, what it printed on
    /// standard error, and what it printed into a pipe.
    private func run(
        _ arguments: [String], in directory: URL, output: Any? = nil
    ) -> (status: Int32, errors: String, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output ?? FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return (127, "cannot run git: \(error.localizedDescription)", [])
        }
        // Standard output is read to its end first, on this thread, while git's messages wait
        // in their pipe: they are short enough to fit in it, so git cannot block on them.
        let printed = (output as? Pipe).map { [UInt8]($0.fileHandleForReading.readDataToEndOfFile()) } ?? []
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: message, as: UTF8.self), printed)
    }
}
