public import FSMCore

/// Writes machines in one file format.
public protocol MachineExporter: Sendable {
    /// The text of `machine` in this format, with what the format could not hold.
    /// - Throws: ``ExportError`` when the machine cannot be written in this format at all.
    func write(_ machine: Machine) throws(ExportError) -> ExportedMachine
}

/// A machine written out in some format.
public struct ExportedMachine: Hashable, Sendable {
    /// The file's text.
    public var text: String
    /// What the format could not hold (warnings have an empty path and no position).
    public var warnings: [String]

    /// Creates an exported machine.
    public init(text: String, warnings: [String] = []) {
        self.text = text
        self.warnings = warnings
    }
}

/// Why a machine cannot be written in a format.
public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The format's name, such as `SCXML`.
    public var format: String
    /// What makes the machine impossible to write, written for a person.
    public var reason: String

    /// Creates an error.
    public init(format: String, reason: String) {
        self.format = format
        self.reason = reason
    }

    public var description: String { "cannot write the machine as \(format): \(reason)" }
}
