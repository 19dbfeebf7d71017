import ArgumentParser
import FSMInterop
import FSMSwiftSource

extension CompletionKind {
    /// Machine files for shell completion: the extensions fsmviz reads, Swift sources included (directories complete
    /// too, to reach them).
    static let machineFiles = CompletionKind.file(extensions: MachineFormat.importableExtensions + SwiftSourceReader().fileExtensions)
}
