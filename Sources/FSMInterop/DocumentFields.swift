internal import FSMCore

/// Reading the fields of JSON and YAML definitions in other tools' formats (XState's,
/// python-statemachine's, sismic's): typed values with errors at their position, and unknown
/// keys refused with the closest known one, so a typo cannot silently change a machine.
struct DocumentFields {
    /// How errors name the file.
    let path: String

    func object(_ node: DocumentNode, _ what: String) throws(MachineFileError) -> [DocumentNode.Member] {
        guard case .object(let members) = node.value else {
            throw .init(path: path, location: node.location, message: "expected \(what) to be an object, found \(node.kindDescription)")
        }
        return members
    }

    /// The objects listed in `node`, `listName`'s value, each of them `what` with only `keys`,
    /// with their positions.
    func objects(
        _ node: DocumentNode, _ listName: String, each what: String, keys: [String]
    ) throws(MachineFileError) -> [(fields: [DocumentNode.Member], location: SourceLocation)] {
        guard case .array(let items) = node.value else {
            throw .init(path: path, location: node.location, message: "expected \(listName) to be a list, found \(node.kindDescription)")
        }
        return try items.map { item throws(MachineFileError) in
            let fields = try object(item, what)
            try checkKeys(fields, keys, what)
            return (fields, item.location)
        }
    }

    func checkKeys(_ fields: [DocumentNode.Member], _ known: [String], _ what: String) throws(MachineFileError) {
        for field in fields where !known.contains(field.key) {
            throw .init(
                path: path, location: field.keyLocation,
                message: "unknown key '\(field.key)' in \(what)" + Suggestion.hint(for: field.key, among: known))
        }
    }

    func string(_ fields: [DocumentNode.Member], _ key: String) throws(MachineFileError) -> String? {
        guard let field = fields.first(where: { $0.key == key }) else { return nil }
        if let text = field.value.text { return text }
        if case .null = field.value.value { return nil }
        throw .init(path: path, location: field.value.location, message: "expected '\(key)' to be a string, found \(field.value.kindDescription)")
    }

    /// The machine a definition describes, with its `name` and `description` fields; a
    /// machine the model refuses is reported where it says, else at `root`.
    func machine(
        _ fields: [DocumentNode.Member], root: DocumentNode, states: [State], transitions: [Transition]
    ) throws(MachineFileError) -> Machine {
        let (name, summary) = (try string(fields, "name"), try string(fields, "description"))
        do {
            return try Machine(name: name, summary: summary, states: states, transitions: transitions)
        } catch {
            throw .init(path: path, location: error.location ?? root.location, message: error.describedWithSuggestion(among: states))
        }
    }

    /// The schema's flags: a boolean, or `true`/`false`/`yes`/`no`/`on`/`off` as a string.
    func flag(_ fields: [DocumentNode.Member], _ key: String) throws(MachineFileError) -> Bool? {
        guard let field = fields.first(where: { $0.key == key }) else { return nil }
        switch field.value.value {
        case .bool(let flag): return flag
        case .string(let text) where ["true", "yes", "on"].contains(text.lowercased()): return true
        case .string(let text) where ["false", "no", "off"].contains(text.lowercased()): return false
        case .null: return nil
        default:
            throw .init(path: path, location: field.value.location, message: "expected '\(key)' to be true or false, found \(field.value.kindDescription)")
        }
    }

    /// A guard: one expression, or a list that must all hold.
    func guards(_ fields: [DocumentNode.Member], _ key: String) throws(MachineFileError) -> [String] {
        guard let field = fields.first(where: { $0.key == key }) else { return [] }
        switch field.value.value {
        case .string(let text): return [text]
        case .array(let items):
            return try items.map { item throws(MachineFileError) in
                guard case .string(let text) = item.value else {
                    throw .init(path: path, location: item.location, message: "expected each of '\(key)' to be a string, found \(item.kindDescription)")
                }
                return text
            }
        default:
            throw .init(
                path: path, location: field.value.location,
                message: "expected '\(key)' to be a string or a list of strings, found \(field.value.kindDescription)")
        }
    }
}
