public import FSMCore

/// A reader of source files that holds any number of machines: the files given to one call are
/// read together, as the modules they form. fsmviz's Swift reader is one (module `FSMSwiftSource`), kept out
/// of this module so that reading machine files never links a compiler's parser.
public protocol ModuleMachineReader: Sendable {
    /// The extensions of the files it reads, without the dot (`swift`).
    var fileExtensions: [String] { get }

    /// Every machine in `paths`, in file order, what it could not read of them, and what it left
    /// out: a file that cannot be read or parsed does not stop the modules that do not need it.
    func reading(_ paths: [String], limits: InputLimits) -> ModuleReading
}

/// What a ``ModuleMachineReader`` made of the files of one call.
public struct ModuleReading: Sendable {
    /// Every machine read, in file order.
    public var machines: [ModuleMachine]
    /// What the reader could not carry over of the machines it read (content fsmviz does not
    /// model): each machine's ``ImportedMachine/warnings``, together.
    public var warnings: [Diagnostic]
    /// What was left out, each at its file: an error for a file that cannot be read or parsed,
    /// a warning for each file not read because its module holds such a file, and a warning at
    /// each machine found but not read (over a limit, or one that does not hold together). A run
    /// over the rest covers less than it was given, and must say so.
    public var skipped: [Diagnostic]

    /// Creates a reading.
    public init(machines: [ModuleMachine], warnings: [Diagnostic] = [], skipped: [Diagnostic] = []) {
        self.machines = machines
        self.warnings = warnings
        self.skipped = skipped
    }

    /// The machines, and the warnings with the machines left out among them, for a caller that
    /// takes all the files or none.
    /// - Throws: The first file that cannot be read or parsed, with its position.
    public func whole() throws(MachineFileError) -> (machines: [ModuleMachine], warnings: [Diagnostic]) {
        if let error = skipped.first(where: { $0.severity == .error }) { throw error }
        return (machines, warnings + skipped)
    }
}

extension ModuleMachineReader {
    /// Whether `path` names a file this reader reads.
    public func reads(_ path: String) -> Bool {
        // `Name.swift/` is a directory, whatever its name says.
        guard !path.hasSuffix("/"), let pathExtension = FileExtension.of(path) else { return false }
        return fileExtensions.contains(pathExtension)
    }

    /// ``reading(_:limits:)`` for a caller that takes all the files or none: every machine in
    /// `paths`, and the warnings, the machines left out among them.
    /// - Throws: The first file that cannot be read or parsed, with its position.
    public func machines(in paths: [String], limits: InputLimits) throws(MachineFileError) -> (machines: [ModuleMachine], warnings: [Diagnostic]) {
        try reading(paths, limits: limits).whole()
    }
}
