public import FSMCore

/// A machine found in source code, where one file may hold several machines and one machine
/// may span several files (a Swift module's enum in one file, its transitions in another).
public struct ModuleMachine: Sendable {
    /// The name it is known by in the code: its type, or its state enum.
    public var name: String
    /// How it is written (`transition-function`, `mutating-methods`, ...), as the reader names
    /// its styles.
    public var style: String
    /// Where it is declared; ``/FSMCore/SourceLocation/file`` names the file.
    public var location: SourceLocation
    /// The machine, with what the reader could not read of it.
    public var imported: ImportedMachine

    /// Creates a found machine.
    public init(name: String, style: String, location: SourceLocation, imported: ImportedMachine) {
        self.name = name
        self.style = style
        self.location = location
        self.imported = imported
    }

    /// The file it is declared in.
    public var path: String { location.file ?? "" }
}
