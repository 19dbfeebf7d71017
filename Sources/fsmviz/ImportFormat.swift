import ArgumentParser
import FSMInterop

/// The formats `--from` takes: those ``MachineFormat`` says fsmviz reads, and Swift source.
struct ImportFormat: ExpressibleByArgument, Equatable {
    /// The machine format, `nil` for Swift source, which FSMSwiftSource reads rather than a
    /// machine-file importer.
    let format: MachineFormat?

    /// Swift source.
    static let swift = ImportFormat(format: nil)

    private static let swiftName = "swift"

    private init(format: MachineFormat?) {
        self.format = format
    }

    init?(argument: String) {
        if argument == Self.swiftName {
            self = .swift
        } else if let format = MachineFormat(rawValue: argument), format.isReadable {
            self.init(format: format)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { MachineFormat.allCases.filter(\.isReadable).map(\.rawValue) + [swiftName] }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
