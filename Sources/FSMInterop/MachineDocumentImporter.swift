public import FSMCore

/// Reads `.json` and `.yaml` files: fsmviz machine files, and XState configs, which it tells
/// apart by shape (an XState config's `states` is an object keyed by state name, a machine
/// file's a list), python-statemachine's own definitions, which look like XState's but mark
/// states `initial: true` and list `transitions`, and sismic's statecharts (a `statechart` key).
public struct MachineDocumentImporter: MachineImporter {
    /// The syntax of the files it reads.
    public var syntax: MachineFileFormat
    /// The XState major version (4 or 5) its XState configs are read as; `nil` to tell it from
    /// each config's keys.
    public var xstateVersion: Int?

    /// Creates an importer for JSON or YAML.
    public init(syntax: MachineFileFormat, xstateVersion: Int? = nil) {
        self.syntax = syntax
        self.xstateVersion = xstateVersion
    }

    public func read(_ bytes: [UInt8], path: String) throws(MachineFileError) -> ImportedMachine {
        if let machine = MachineFileLoader.scan(bytes: bytes, format: syntax) { return ImportedMachine(machine: machine) }
        let root = try MachineFileLoader.document(bytes: bytes, format: syntax, path: path)
        if case .object(let members) = root.value, members.contains(where: { $0.key == "statechart" }) {
            return try SismicImporter().read(document: root, path: path)
        }
        if Self.isPythonStateMachine(root) {
            return try PythonStateMachineImporter().read(document: root, path: path)
        }
        if Self.isXState(root) {
            return try XStateImporter(version: xstateVersion).read(document: root, path: path)
        }
        return ImportedMachine(machine: try MachineFileDecoder.decode(root, path: path))
    }

    /// An object whose `states` is an object: XState's shape, not a machine file's. A file
    /// with `transitions`, which only machine files have, is a machine file with a mistake,
    /// and the machine-file decoder explains it better.
    static func isXState(_ root: DocumentNode) -> Bool {
        guard case .object(let members) = root.value, !members.contains(where: { $0.key == "transitions" }),
            let states = members.first(where: { $0.key == "states" }), case .object = states.value.value
        else { return false }
        return true
    }

    /// python-statemachine 3's JSON and YAML: a `datamodel` list, or states keyed by name, at
    /// any depth, with a mark XState configs do not have: a `transitions` list, an `enter`
    /// action, or `initial`, `final` or `parallel` given as a boolean (XState writes `initial`
    /// as a child's name and `type: final`). A compound state's children may carry the only
    /// marks, so the nested `states` are searched too.
    static func isPythonStateMachine(_ root: DocumentNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        if members.contains(where: { $0.key == "datamodel" }) { return true }
        var pending = [members]
        while let fields = pending.popLast() {
            guard let states = fields.first(where: { $0.key == "states" }), case .object(let named) = states.value.value else {
                continue
            }
            for member in named {
                guard case .object(let stateFields) = member.value.value else { continue }
                if stateFields.contains(where: isPythonStateMachineMark) { return true }
                pending.append(stateFields)
            }
        }
        return false
    }

    private static func isPythonStateMachineMark(_ field: DocumentNode.Member) -> Bool {
        switch field.key {
        case "transitions", "enter": return true
        case "initial", "final", "parallel":
            if case .bool = field.value.value { return true }
            return false
        default: return false
        }
    }
}
