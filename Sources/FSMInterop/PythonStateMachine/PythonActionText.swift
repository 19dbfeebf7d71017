internal import FSMCore

/// One line of text per python-statemachine action, for effect labels: a callback's name as
/// written, and structured actions (`assign`, `raise`, `send`, `log`, `script`, `cancel`,
/// `foreach`, `if`) summarized as SCXML's are. fsmviz does not run them.
struct PythonActionText {
    /// How errors name the file.
    let path: String

    /// The descriptions of an `enter`, `exit`, `before`, `on` or `after` value (one action or a
    /// list), in order; none for `nil`.
    func actions(_ node: DocumentNode?) throws(MachineFileError) -> [String] {
        guard let node else { return [] }
        if case .array(let items) = node.value {
            return try items.map { item throws(MachineFileError) in try action(item) }
        }
        return [try action(node)]
    }

    private func action(_ node: DocumentNode) throws(MachineFileError) -> String {
        if case .string(let name) = node.value { return name }
        guard case .object(let members) = node.value, members.count == 1, let member = members.first else {
            throw .init(
                path: path, location: node.location, message: "expected an action: a callback's name or an object with one key such as 'raise' or 'assign'")
        }
        let fields: [DocumentNode.Member]
        if case .object(let inner) = member.value.value { fields = inner } else { fields = [] }
        func text(_ key: String) -> String {
            fields.first { $0.key == key }.flatMap { field -> String? in
                if case .string(let value) = field.value.value { return value }
                return nil
            } ?? ""
        }
        let scalar: String? = if case .string(let value) = member.value.value { value } else { nil }
        let summary: String
        switch member.key {
        case "assign": summary = "\(text("location")) = \(text("expr"))"
        case "raise": summary = "raise \(scalar ?? text("event"))"
        case "send": summary = "send \(text("event").isEmpty ? text("eventexpr") : text("event"))"
        case "log": summary = "log \(scalar ?? [text("label"), text("expr")].filter { !$0.isEmpty }.joined(separator: ": "))"
        case "script": summary = (scalar ?? "").split(separator: "\n").first.map(String.init) ?? "script"
        case "cancel": summary = "cancel \(text("sendid").isEmpty ? text("sendidexpr") : text("sendid"))"
        case "foreach": summary = "foreach \(text("item")) in \(text("array"))"
        case "if": summary = "if \(text("cond"))"
        default:
            throw .init(
                path: path, location: member.keyLocation,
                message: "unknown action '\(member.key)'"
                    + Suggestion.hint(for: member.key, among: ["assign", "raise", "send", "log", "script", "cancel", "foreach", "if"]))
        }
        return summary.count > ExecutableContent.maximumLength
            ? String(summary.prefix(ExecutableContent.maximumLength - 1)) + "…" : summary
    }
}
