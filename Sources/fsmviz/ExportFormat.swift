import ArgumentParser
import FSMInterop

/// The formats `fsmviz convert --to` takes: those ``MachineFormat`` says fsmviz writes.
struct ExportFormat: ExpressibleByArgument {
    /// The format written.
    let format: MachineFormat

    init?(argument: String) {
        guard let format = MachineFormat(rawValue: argument), format.isWritable else { return nil }
        self.format = format
    }

    static var allValueStrings: [String] { MachineFormat.allCases.filter(\.isWritable).map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
