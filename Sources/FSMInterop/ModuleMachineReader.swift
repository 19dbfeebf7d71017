public import FSMCore

/// A reader of source files that holds any number of machines: the files given to one call are
/// read together, as the modules they form. fsmviz's Swift reader is one (module `FSMSwiftSource`), kept out
/// of this module so that reading machine files never links a compiler's parser.
public protocol ModuleMachineReader: Sendable {
    /// The extensions of the files it reads, without the dot (`swift`).
    var fileExtensions: [String] { get }

    /// Every machine in `paths`, in file order, and the warnings about what it could not read.
    /// - Throws: The first file that cannot be read or parsed, with its position.
    func machines(in paths: [String], limits: InputLimits) throws(MachineFileError) -> (machines: [ModuleMachine], warnings: [Diagnostic])
}

extension ModuleMachineReader {
    /// Whether `path` names a file this reader reads.
    public func reads(_ path: String) -> Bool {
        // `Name.swift/` is a directory, whatever its name says.
        guard !path.hasSuffix("/"), let pathExtension = FileExtension.of(path) else { return false }
        return fileExtensions.contains(pathExtension)
    }
}
