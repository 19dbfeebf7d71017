internal import Yams

/// Spells a machine file value as YAML through libyaml's emitter, which quotes whatever
/// plain YAML would misread (`yes`, `null`, `: `, leading `-`, ...).
enum YAMLText {
    static func render(_ value: MachineFileWriter.Value) throws(MachineFileWriter.WriteError) -> String {
        do {
            return try Yams.serialize(node: node(value), allowUnicode: true, sortKeys: false)
        } catch {
            throw MachineFileWriter.WriteError(reason: "libyaml could not emit the machine: \(error)")
        }
    }

    private static func node(_ value: MachineFileWriter.Value) -> Node {
        switch value {
        case .string(let text):
            // Text that YAML would read back as a number, boolean or null (`yes`, `1.5`, `~`)
            // must be quoted; everything else is left to libyaml's choice.
            let readsAsText = Node(text).tag.rawValue == Tag.Name.str.rawValue
            return Node(text, Tag(.str), readsAsText ? .any : .doubleQuoted)
        case .number(let number): return Node(String(number), Tag(.int))
        case .bool(let flag): return Node(flag ? "true" : "false", Tag(.bool))
        case .array(let elements): return Node(elements.map(node))
        case .object(let fields): return Node(fields.map { (Node($0.0, Tag(.str)), node($0.1)) })
        }
    }
}
