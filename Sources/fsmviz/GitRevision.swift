import Foundation

/// Reads a file as a git revision has it, by running `git`, for `fsmviz diff --against`.
struct GitRevision {
    /// Why a file could not be read from git; `message` is for the user.
    struct Failure: Error {
        var message: String
    }

    /// The revision, as the user named it (`origin/main`, `HEAD~1`, a hash).
    let reference: String

    /// Copies `path` (relative to the working directory, or absolute) as `reference` has it
    /// into a new file, named like `path` so that its format is recognised, in a fresh
    /// directory under `directory`; returns the copy's path.
    ///
    /// git runs in the file's own directory, so `path` may lie in any repository, and
    /// `REF:./name` names it relative to there.
    func copy(_ path: String, into directory: URL) throws(Failure) -> String {
        let file = URL(fileURLWithPath: path)
        let workingDirectory = file.deletingLastPathComponent()
        // `--end-of-options` keeps a reference that starts with '-' from being read as an option.
        guard run(["rev-parse", "--verify", "--quiet", "--end-of-options", reference + "^{commit}"], in: workingDirectory).status == 0
        else {
            throw Failure(message: "git does not know the revision '\(reference)' (in \(workingDirectory.path))")
        }
        let copy = directory.appendingPathComponent(file.lastPathComponent)
        guard FileManager.default.createFile(atPath: copy.path, contents: nil),
            let output = FileHandle(forWritingAtPath: copy.path)
        else {
            throw Failure(message: "cannot create a temporary file in \(directory.path)")
        }
        defer { try? output.close() }
        let result = run(["show", "\(reference):./\(file.lastPathComponent)"], in: workingDirectory, output: output)
        guard result.status == 0 else {
            let reason = result.errors.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: "git cannot show \(path) at '\(reference)'" + (reason.isEmpty ? "" : ": \(reason)"))
        }
        return copy.path
    }

    /// Runs git with `arguments` in `directory`, its standard output to `output` (discarded
    /// without one); returns its exit status and what it printed on standard error.
    private func run(_ arguments: [String], in directory: URL, output: FileHandle? = nil) -> (status: Int32, errors: String) {
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
            return (127, "cannot run git: \(error.localizedDescription)")
        }
        // git's messages are short; reading them to the end before waiting cannot block git.
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: message, as: UTF8.self))
    }
}
