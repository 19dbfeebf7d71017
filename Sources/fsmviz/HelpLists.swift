import FSMCore
import FSMInterop
import FSMRendering
import FSMSwiftSource

/// The lists that help texts show, made from the code that decides them: the help cannot then
/// disagree with what fsmviz does, and the documentation is checked against the help
/// (`FormatListTests`).
enum HelpLists {
    /// Each engine's bound of drawn transitions, in `--engine`'s order: `dot 600, ..., sfdp 50,000`.
    static var layoutBounds: String {
        LayoutEngine.allCases.compactMap { engine in
            LayoutPolicy.measured.maximumTransitions[engine].map { "\(engine.rawValue) \(grouped($0))" }
        }.joined(separator: ", ")
    }

    /// The files a directory search reads: `.json, ... and .scxml machine files, .xml files
    /// that are SCXML and .swift files`.
    static var searchedFiles: String {
        "\(FileExtension.list(MachineFormat.importableExtensions, "and")) machine files, "
            + ".\(MachineFormat.xmlExtension) files that are SCXML and \(FileExtension.list(SwiftSourceReader().fileExtensions, "and")) files"
    }

    /// The machine files an input may be, for an input argument's help.
    static var machineFiles: String {
        MachineFormat.importableExtensions.map { "." + $0 }.joined(separator: ", ") + ", or SCXML in .\(MachineFormat.xmlExtension)"
    }

    /// Which extension names which format, which formats are told apart by their shape, and
    /// what `.xml` is read as: `.json (json), .yaml or .yml (yaml), ...; xstate, ... are
    /// recognised by their shape in .json, .yaml and .yml files, and .xml files are read as scxml`.
    static var formatExtensions: String {
        let named = MachineFormat.allCases.filter { !$0.fileExtensions.isEmpty }.map { format in
            "\(FileExtension.list(format.fileExtensions, "or")) (\(format.rawValue))"
        }
        let shaped = MachineFormat.allCases.filter { $0.fileExtensions.isEmpty }.map(\.rawValue)
        let shapedList = shaped.dropLast().joined(separator: ", ") + " and " + (shaped.last ?? "")
        return named.joined(separator: ", ") + "; \(shapedList) are recognised by their shape in "
            + "\(FileExtension.list(MachineFileFormat.pathExtensions, "and")) files, and "
            + ".\(MachineFormat.xmlExtension) files are read as \(MachineFormat.scxml.rawValue)"
    }

    /// The extensions that name a drawing's format: `.svg, .png, ... or .htm`.
    static var outputExtensions: String {
        FileExtension.list(OutputFormat.allCases.flatMap(\.fileExtensions), "or")
    }

    /// `n` with thousands separated by commas, as the documentation writes numbers.
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        guard digits.count > 3 else { return digits }
        return grouped(n / 1_000) + "," + digits.suffix(3)
    }
}
