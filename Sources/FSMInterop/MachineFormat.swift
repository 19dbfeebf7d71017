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

    /// The format a path's extension names (one of a format's ``fileExtensions``); `nil` for
    /// any other.
    public init?(path: String) {
        guard let pathExtension = FileExtension.of(path),
            let format = Self.allCases.first(where: { $0.fileExtensions.contains(pathExtension) })
        else { return nil }
        self = format
    }

    /// The format a file named `path` is taken to be when read: the one its extension names,
    /// SCXML for ``xmlExtension``; `nil` for any other.
    public init?(readingPath path: String) {
        if let format = Self(path: path) {
            self = format
        } else if FileExtension.of(path) == Self.xmlExtension {
            self = .scxml
        } else {
            return nil
        }
    }

    /// The extensions that name this format, the one fsmviz writes first. XState configs,
    /// python-statemachine definitions and sismic statecharts have none of their own: they
    /// are found in `.json` and `.yaml` files and told apart from machine files by their shape.
    public var fileExtensions: [String] {
        switch self {
        case .json: MachineFileFormat.json.fileExtensions
        case .yaml: MachineFileFormat.yaml.fileExtensions
        case .scxml: ["scxml"]
        case .xstate, .pythonStateMachine, .sismic: []
        case .mermaid: ["mmd", "mermaid"]
        case .plantuml: ["puml", "plantuml"]
        }
    }

    /// The extension of SCXML documents that Apache Commons SCXML and many projects use: a
    /// file named so is read as SCXML, and a directory search takes one only when its content
    /// is SCXML, since `.xml` names any XML.
    public static let xmlExtension = "xml"

    /// Whether fsmviz reads this format.
    public var isReadable: Bool { importer != nil }

    /// Whether fsmviz writes this format.
    public var isWritable: Bool { exporter != nil }

    /// The extensions of files a directory search reads machines from: those that name a
    /// format fsmviz reads (``xmlExtension`` only for SCXML content).
    public static let importableExtensions = allCases.filter(\.isReadable).flatMap(\.fileExtensions)

    /// The extension written for this format; for a format fsmviz only reads, that of the
    /// syntax it is found in.
    public var fileExtension: String {
        switch self {
        case .xstate: MachineFormat.json.fileExtension
        case .pythonStateMachine, .sismic: MachineFormat.yaml.fileExtension
        case .json, .yaml, .scxml, .mermaid, .plantuml: fileExtensions.first ?? rawValue
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
