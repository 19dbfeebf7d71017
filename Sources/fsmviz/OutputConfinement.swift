import ArgumentParser
import FSMCore
import Foundation

/// `--confine-to DIR`, shared by the commands whose outputs CI writes into a checkout that a
/// pull request chose (the Action's lint and diff steps): a link committed where an output
/// goes must not make the command overwrite the file it names.
struct OutputConfinement: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write every output file below this directory, following no symbolic link below it: an output elsewhere, with a '..', or through a link (or a link itself) is refused with exit status 3. For CI in a checkout whose links a pull request chose.",
            valueName: "directory"),
        completion: .directory)
    var confineTo: String?

    /// Writes `bytes` to `path` atomically (``/FSMCore/AtomicFile``), confined below
    /// `--confine-to` when given; the directories on the way are created when missing if
    /// `creatingDirectories`, and always when confined, where creating them follows no link.
    /// - Throws: A ``/FSMCore/Diagnostic`` naming the path and why it was not written.
    func write(_ bytes: [UInt8], to path: String, creatingDirectories: Bool = false) throws(Diagnostic) {
        if let root = confineTo {
            return try AtomicFile.write(bytes, to: ConfinedPath(path, below: root), under: root)
        }
        if creatingDirectories {
            do {
                try FileManager.default.createDirectory(
                    atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            } catch {
                throw Diagnostic(path: path, location: nil, message: "cannot create the directory: \(error.localizedDescription)")
            }
        }
        try AtomicFile.write(bytes, to: path)
    }
}
