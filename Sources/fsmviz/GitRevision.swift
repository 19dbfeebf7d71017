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

    /// Calls `body` with a temporary copy of `path` as the revision has it (see
    /// ``copy(_:into:)``), removed afterwards; a failure to copy prints its error and exits
    /// with status 2, naming the revision, or 3 when no temporary directory can be made.
    func withCopy<Result>(of path: String, directory: Bool = false, _ body: (String) throws -> Result) throws -> Result {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-diff-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            Console.printError("error: cannot create a temporary directory: \(error.localizedDescription)")
            throw ExitStatus.failure.exitCode
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        let copy: String
        do {
            if directory {
                try copyDirectory(path, into: temporary)
                copy = temporary.path
            } else {
                copy = try self.copy(path, into: temporary)
            }
        } catch {
            Console.printError(PrintableText.escaped("error: \(error.message)"))
            throw ExitStatus.usage.exitCode
        }
        return try body(copy)
    }

    /// Copies `path` (relative to the working directory, or absolute) as `reference` has it
    /// into a new file, named like `path` so that its format is recognised, in a fresh
    /// directory under `directory`; returns the copy's path.
    ///
    /// git runs in the file's own directory, so `path` may lie in any repository, and
    /// `REF:./name` names it relative to there.
    func copy(_ path: String, into directory: URL) throws(Failure) -> String {
        let file = URL(fileURLWithPath: path)
        let workingDirectory = file.deletingLastPathComponent()
        try verify(in: workingDirectory)
        let copy = directory.appendingPathComponent(file.lastPathComponent)
        try show(file.lastPathComponent, in: workingDirectory, to: copy, naming: path)
        return copy.path
    }

    /// Copies the files below the directory `path` that may hold machines (by their names:
    /// what `lint` searches a directory for) as `reference` has them into `directory`, at the
    /// same relative paths.
    /// - Throws: When git does not know the revision, or the revision has no such directory.
    func copyDirectory(_ path: String, into directory: URL) throws(Failure) {
        let workingDirectory = URL(fileURLWithPath: path, isDirectory: true)
        try verify(in: workingDirectory)
        let listing = Pipe()
        // `-z` keeps names with newlines or quotes whole; `REF:./` is the tree of the
        // directory git runs in, which `--full-tree` lists whole rather than filtered again
        // by that directory's path.
        let listed = run(["ls-tree", "--full-tree", "-r", "-z", "--name-only", "\(reference):./"], in: workingDirectory, output: listing)
        guard listed.status == 0 else {
            throw Failure(message: "git cannot find the directory \(path) at '\(reference)'")
        }
        let names = listed.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        for name in names where Self.mayHoldMachine(name) {
            let copy = directory.appendingPathComponent(name)
            do {
                try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw Failure(message: "cannot create a temporary directory in \(directory.path)")
            }
            try show(name, in: workingDirectory, to: copy, naming: path + (path.hasSuffix("/") ? "" : "/") + name)
        }
    }

    /// The files git finds renamed between `reference` and the working tree below the
    /// directory `path` (`git diff -M`), as pairs of paths relative to it.
    func renames(in path: String) throws(Failure) -> [(old: String, new: String)] {
        let output = Pipe()
        let result = run(
            ["diff", "--name-status", "-z", "-M", "--relative", "--end-of-options", reference, "--", "."],
            in: URL(fileURLWithPath: path, isDirectory: true), output: output)
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

    /// Fails unless git, run in `workingDirectory`, knows the revision as a commit.
    private func verify(in workingDirectory: URL) throws(Failure) {
        // `--end-of-options` keeps a reference that starts with '-' from being read as an option.
        guard run(["rev-parse", "--verify", "--quiet", "--end-of-options", reference + "^{commit}"], in: workingDirectory).status == 0
        else {
            throw Failure(message: "git does not know the revision '\(reference)' (in \(workingDirectory.path))")
        }
    }

    /// Writes `name` (relative to `workingDirectory`) as the revision has it to `copy`;
    /// errors call it `path`.
    private func show(_ name: String, in workingDirectory: URL, to copy: URL, naming path: String) throws(Failure) {
        guard FileManager.default.createFile(atPath: copy.path, contents: nil),
            let output = FileHandle(forWritingAtPath: copy.path)
        else {
            throw Failure(message: "cannot create a temporary file in \(copy.deletingLastPathComponent().path)")
        }
        defer { try? output.close() }
        let result = run(["show", "\(reference):./\(name)"], in: workingDirectory, output: output)
        guard result.status == 0 else {
            let reason = result.errors.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: "git cannot show \(path) at '\(reference)'" + (reason.isEmpty ? "" : ": \(reason)"))
        }
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
