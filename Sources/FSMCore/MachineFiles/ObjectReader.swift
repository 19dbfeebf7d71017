/// Reads one object of a machine file, rejecting keys it does not know (with a suggestion)
/// and keys written twice.
struct ObjectReader<Key: MachineFileKey> {
    let node: DocumentNode
    let what: String
    /// How errors name the file.
    let path: String
    // Objects in machine files have a handful of keys, so a linear scan beats hashing: a
    // million transitions would otherwise build a million dictionaries.
    private let members: [DocumentNode.Member]

    init(_ node: DocumentNode, what: String, path: String) throws(MachineFileError) {
        guard case .object(let members) = node.value else {
            throw .at(path, node.location, "expected \(what) to be an object, found \(node.kindDescription)")
        }
        for (position, member) in members.enumerated() {
            guard Key(rawValue: member.key) != nil else {
                let keys = Key.allCases.map(\.rawValue)
                throw .at(path, member.keyLocation, Self.unknownKeyMessage(member.key, in: what, keys: keys))
            }
            guard !members[..<position].contains(where: { $0.key == member.key }) else {
                throw .at(path, member.keyLocation, "key '\(member.key)' appears twice in \(what)")
            }
        }
        self.node = node
        self.what = what
        self.path = path
        self.members = members
    }

    private static func unknownKeyMessage(_ key: String, in what: String, keys: [String]) -> String {
        if let near = Suggestion.closest(to: key, among: keys) {
            return "unknown key '\(key)' in \(what); did you mean '\(near)'?"
        }
        let known = keys.filter { !$0.hasPrefix("$") }.map { "'\($0)'" }.joined(separator: ", ")
        return "unknown key '\(key)' in \(what); known keys are \(known)"
    }

    func optional(_ key: Key) -> DocumentNode? {
        guard let value = members.first(where: { $0.key == key.rawValue })?.value else { return nil }
        if case .null = value.value { return nil }
        return value
    }

    func required(_ key: Key) throws(MachineFileError) -> DocumentNode {
        guard let value = optional(key) else {
            throw .at(path, node.location, "\(what) is missing required key '\(key.rawValue)'")
        }
        return value
    }

    func optionalString(_ key: Key) throws(MachineFileError) -> String? {
        try optional(key).map { node throws(MachineFileError) in try node.string("'\(key.rawValue)'", path: path) }
    }

    func optionalBool(_ key: Key) throws(MachineFileError) -> Bool? {
        guard let value = optional(key) else { return nil }
        guard case .bool(let flag) = value.value else {
            throw .at(path, value.location, "expected '\(key.rawValue)' to be true or false, found \(value.kindDescription)")
        }
        return flag
    }
}

extension DocumentNode {
    /// The node's text, which must be a string; `what` names it in the error.
    func string(_ what: String, path: String) throws(MachineFileError) -> String {
        guard let text else {
            throw .at(path, location, "expected \(what) to be a string, found \(kindDescription)")
        }
        return text
    }

    /// A string or an array of strings, each with its position.
    func strings(_ what: String, path: String) throws(MachineFileError) -> [(text: String, location: SourceLocation)] {
        if let text { return [(text, location)] }
        switch value {
        case .array(let elements):
            guard !elements.isEmpty else {
                throw .at(path, location, "expected \(what) to list at least one name")
            }
            var result: [(text: String, location: SourceLocation)] = []
            for element in elements {
                result.append((try element.string("each of \(what)", path: path), element.location))
            }
            return result
        default:
            throw .at(
                path, location,
                "expected \(what) to be a string or an array of strings, found \(kindDescription)")
        }
    }
}

extension MachineFileError {
    /// An error in the file at `path`, at `location`.
    static func at(_ path: String, _ location: SourceLocation?, _ message: String) -> MachineFileError {
        MachineFileError(path: path, location: location, message: message)
    }
}
