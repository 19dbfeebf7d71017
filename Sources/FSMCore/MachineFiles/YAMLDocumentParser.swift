internal import Yams

/// Reads YAML through Yams into the same positioned tree the JSON parser produces.
public enum YAMLDocumentParser {
    /// The deepest nesting of sequences and mappings accepted.
    public static let maximumDepth = JSONDocumentParser.maximumDepth

    /// Parses `text` as one YAML document.
    /// - Throws: ``DocumentError`` with libyaml's description of the problem and its position.
    public static func parse(_ text: String) throws(DocumentError) -> DocumentNode {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw documentError(for: error)
        } catch {
            throw DocumentError("could not read YAML: \(error)", at: nil)
        }
        guard let root else {
            throw DocumentError("expected a YAML document, found an empty file", at: SourceLocation(line: 1, column: 1))
        }
        // Every value takes at least one byte of text, so a document with more values than
        // bytes is expanding aliases: a few aliases to aliases can stand for billions of values.
        var budget = text.utf8.count + 16
        return try convert(root, depth: 0, budget: &budget)
    }

    private static func convert(
        _ node: Node, depth: Int, budget: inout Int
    ) throws(DocumentError) -> DocumentNode {
        let location = node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
            ?? SourceLocation(line: 1, column: 1)
        budget -= 1
        guard budget >= 0 else {
            throw DocumentError(
                "aliases expand the document to more values than it has bytes; refusing to expand it",
                at: location)
        }
        guard depth <= maximumDepth else {
            throw DocumentError(
                "sequences and mappings nest deeper than \(maximumDepth) levels", at: location)
        }
        switch node {
        case .scalar(let scalar):
            let value = scalarValue(node, scalar)
            let inferred = if case .bool = value, scalar.style == .plain { scalar.string } else { String?.none }
            return DocumentNode(value, at: location, plainScalar: inferred)
        case .sequence(let sequence):
            var elements: [DocumentNode] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence {
                elements.append(try convert(element, depth: depth + 1, budget: &budget))
            }
            return DocumentNode(.array(elements), at: location)
        case .mapping(let mapping):
            var members: [DocumentNode.Member] = []
            members.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                let keyNode = try convert(key, depth: depth + 1, budget: &budget)
                guard case .scalar(let keyScalar) = key else {
                    throw DocumentError("mapping keys must be plain text", at: keyNode.location)
                }
                members.append(
                    DocumentNode.Member(
                        key: keyScalar.string, keyLocation: keyNode.location,
                        value: try convert(value, depth: depth + 1, budget: &budget)))
            }
            return DocumentNode(.object(members), at: location)
        case .alias:
            throw DocumentError("unresolved YAML alias", at: location)
        }
    }

    private static func scalarValue(_ node: Node, _ scalar: Node.Scalar) -> DocumentNode.Value {
        switch node.tag.rawValue {
        case Tag.Name.null.rawValue: .null
        case Tag.Name.bool.rawValue: node.bool.map(DocumentNode.Value.bool) ?? .string(scalar.string)
        case Tag.Name.int.rawValue, Tag.Name.float.rawValue: .number(scalar.string)
        default: .string(scalar.string)
        }
    }

    private static func documentError(for error: YamlError) -> DocumentError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return DocumentError(
                "invalid YAML: \(detail)", at: SourceLocation(line: mark.line, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return DocumentError(
                "key \(keys) appears more than once in a mapping",
                at: SourceLocation(line: context.mark.line, column: context.mark.column))
        case .reader(let problem, _, _, _):
            return DocumentError("invalid YAML: \(problem)", at: SourceLocation(line: 1, column: 1))
        default:
            return DocumentError("invalid YAML: \(error)", at: nil)
        }
    }
}
