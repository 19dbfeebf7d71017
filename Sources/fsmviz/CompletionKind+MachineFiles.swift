import ArgumentParser

extension CompletionKind {
    /// Machine files for shell completion: the extensions fsmviz reads, Swift sources included (directories complete
    /// too, to reach them).
    static let machineFiles = CompletionKind.file(extensions: ["json", "yaml", "yml", "scxml", "swift"])
}
