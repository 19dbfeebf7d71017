internal import FSMCore

/// Every format fsmviz reads or writes machines in.
public enum MachineFormat: String, Sendable, CaseIterable {
    /// fsmviz's machine file as JSON; when read, an XState config in a `.json` file is
    /// recognised and read as ``xstate``.
    case json
    /// fsmviz's machine file as YAML.
    case yaml
    /// W3C SCXML.
    case scxml
    /// An XState machine config as JSON (read only).
    case xstate
    /// python-statemachine's own JSON or YAML definition (read only); the file's extension
    /// says which syntax, YAML when it says neither.
    case pythonStateMachine = "python-statemachine"
    /// A sismic statechart in YAML (read only).
    case sismic
    /// A Mermaid `stateDiagram-v2` (written only).
    case mermaid
    /// A PlantUML state diagram (written only).
    case plantuml

    /// The format a path's extension names: `.json`, `.yaml`/`.yml`, `.scxml`, `.mmd`
    /// (Mermaid) or `.puml` (PlantUML); `nil` for any other.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        case "scxml": self = .scxml
        case "mmd", "mermaid": self = .mermaid
        case "puml", "plantuml": self = .plantuml
        default: return nil
        }
    }

    /// The extensions of files fsmviz can read machines from, for directory searches.
    public static let importableExtensions = ["json", "yaml", "yml", "scxml"]

    /// The extension written for this format.
    public var fileExtension: String {
        switch self {
        case .json, .xstate: "json"
        case .yaml, .pythonStateMachine, .sismic: "yaml"
        case .scxml: "scxml"
        case .mermaid: "mmd"
        case .plantuml: "puml"
        }
    }

    /// The reader for this format, or `nil` for a format fsmviz only writes.
    public var importer: (any MachineImporter)? { importer(xstateVersion: nil) }

    /// The reader for this format, reading XState configs as `xstateVersion` (4 or 5) says, or
    /// as each config's keys tell when it is `nil`.
    public func importer(xstateVersion: Int?) -> (any MachineImporter)? {
        switch self {
        case .json: MachineDocumentImporter(syntax: .json, xstateVersion: xstateVersion)
        case .yaml: MachineDocumentImporter(syntax: .yaml, xstateVersion: xstateVersion)
        case .scxml: SCXMLImporter()
        case .xstate: XStateImporter(version: xstateVersion)
        case .pythonStateMachine: PythonStateMachineImporter()
        case .sismic: SismicImporter()
        case .mermaid, .plantuml: nil
        }
    }

    /// The writer for this format, or `nil` for a format fsmviz only reads.
    public var exporter: (any MachineExporter)? {
        switch self {
        case .json: MachineFileExporter(format: .json)
        case .yaml: MachineFileExporter(format: .yaml)
        case .scxml: SCXMLExporter()
        case .mermaid: MermaidExporter()
        case .plantuml: PlantUMLExporter()
        case .xstate, .pythonStateMachine, .sismic: nil
        }
    }
}
