public import Foundation

/// A fresh git repository in a temporary directory, for the commands that read versions from
/// git (`diff --against`, `sync`'s drawings of what changed).
public struct ScratchRepository {
    /// Why a git command failed: its arguments and what it printed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The repository's working tree.
    public let directory: URL

    /// Creates an empty repository (`git init`).
    public init() throws {
        directory = try CommandRunner.temporaryDirectory()
        try git("init", "-q")
    }

    /// Runs git in the repository, with an author set for commits.
    /// - Throws: ``Failure`` when git exits with a status other than 0.
    public func git(_ arguments: String...) throws {
        let result = try CommandRunner.run(
            ["-c", "user.name=fsmviz", "-c", "user.email=fsmviz@example.com"] + arguments, in: directory,
            program: URL(fileURLWithPath: "/usr/bin/git"))
        guard result.status == 0 else { throw Failure(description: "git \(arguments): \(result.stderr)") }
    }
}
