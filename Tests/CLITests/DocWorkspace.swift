import Foundation
import TestSupport

/// A directory laid out as the documents' examples assume a user's project is: the machine
/// files they name (`door.json`, `checkout.json`, `machines/`, `Sources/`), the repository's
/// README, docs and samples, and a git history whose `v1.0` and `origin/main` hold an older
/// door, for `diff --against`.
enum DocWorkspace {
    /// Each file or folder of the workspace and the file of this repository it is a copy of.
    static let files: KeyValuePairs<String, String> = [
        "README.md": "README.md",
        "docs": "docs",
        "samples": "samples",
        "Tests/DiagramCheckTests/Fixtures/machines/infotainment.yaml": "Tests/DiagramCheckTests/Fixtures/machines/infotainment.yaml",
        "machine.json": "samples/ef-load-state.json",
        "machine.yaml": "samples/dd-sync.yaml",
        "ef.json": "samples/ef-load-state.json",
        "tcp.json": "samples/tcp.json",
        "nested.yaml": "samples/amplify-auth.yaml",
        "door.json": "samples/door.json",
        "door.scxml": "samples/door.scxml",
        "typo.json": "Tests/FSMCoreTests/Fixtures/invalid/unknown-state.json",
        "checkout.json": "samples/xstate/checkout.json",
        "machines/door.json": oldDoor,
        "machines/door.scxml": "samples/door.scxml",
        "machines/tcp.json": "samples/tcp.json",
        "machines/dd-sync.yaml": "samples/dd-sync.yaml",
        "old/door.json": oldDoor,
        "old/machines/door.json": oldDoor,
        "old/machines/tcp.json": "samples/tcp.json",
        "Sources/Player/PlayerState.swift": "samples/swift/Player/PlayerState.swift",
        "Sources/Door/DoorController.swift": "samples/swift/Door/DoorController.swift",
    ]

    /// The door before it could be locked: the version `old/`, `v1.0` and `origin/main` hold.
    static let oldDoor = "Tests/CLITests/Fixtures/doc-examples/old-door.json"

    /// The workspace every example starts from, built once.
    static let template: Result<URL, any Error> = Result { try build() }

    /// A fresh copy of the workspace, for one example to change as it likes.
    static func copy() throws -> URL {
        let copy = try CommandRunner.temporaryDirectory().appendingPathComponent("project")
        try FileManager.default.copyItem(at: template.get(), to: copy)
        return copy
    }

    private static func build() throws -> URL {
        let repository = try ScratchRepository()
        for (destination, source) in files {
            let target = repository.directory.appendingPathComponent(destination)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Golden.packageRoot.appendingPathComponent(source), to: target)
        }
        try repository.git("add", "-A")
        try repository.git("commit", "-q", "-m", "v1.0")
        try repository.git("tag", "v1.0")
        try repository.git("update-ref", "refs/remotes/origin/main", "HEAD")
        let door = repository.directory.appendingPathComponent("machines/door.json")
        try FileManager.default.removeItem(at: door)
        try FileManager.default.copyItem(at: Golden.samplesDirectory.appendingPathComponent("door.json"), to: door)
        try repository.git("commit", "-q", "-a", "-m", "A door that locks")
        return repository.directory
    }
}
