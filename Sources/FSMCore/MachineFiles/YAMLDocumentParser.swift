internal import Yams

/// Reads YAML through Yams into the same positioned tree the JSON parser produces.
public enum YAMLDocumentParser {
    /// The deepest nesting of sequences and mappings accepted.
    public static let maximumDepth = JSONDocumentParser.maximumDepth

    /// How many bytes aliases may add beyond twice the document's own (1 MiB).
    public static let maximumAliasGrowth = 1 << 20

    /// Parses `text` as one YAML document; `path` names the file in errors.
    /// - Throws: ``MachineFileError`` with libyaml's description of the problem and its position.
    public static func parse(_ text: String, path: String) throws(MachineFileError) -> DocumentNode {
        // A UTF-8 byte-order mark is tolerated, as in JSON: editors on some systems write one,
        // and Yams refuses it. Positions are counted after it, as JSON's are.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        // Aliases repeat what they name: a few aliases to aliases stand for billions of values,
        // and one long text aliased a million times for gigabytes. So the expanded document,
        // one byte per value plus its text, may be at most twice the document and 1 MiB more.
        switch YAMLEventScan.firstProblem(in: text, budget: 2 * text.utf8.count + maximumAliasGrowth) {
        case .nonScalarKey(let location)?:
            throw failure(path, "mapping keys must be plain text", at: location)
        case .aliasOverBudget(let location)?:
            throw failure(path, 
                "this alias expands the document to more than twice its size (and \(maximumAliasGrowth) bytes); refusing to expand it",
                at: location)
        case nil:
            break
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw documentError(for: error, in: text, path: path)
        } catch {
            throw failure(path, "could not read YAML: \(error)", at: nil)
        }
        guard let root else {
            throw failure(path, "expected a YAML document, found an empty file", at: SourceLocation(line: 1, column: 1))
        }
        return try convert(root, depth: 0, path: path)
    }

    private static func convert(_ node: Node, depth: Int, path: String) throws(MachineFileError) -> DocumentNode {
        let location = node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
            ?? SourceLocation(line: 1, column: 1)
        guard depth <= maximumDepth else {
            throw failure(path, 
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
                elements.append(try convert(element, depth: depth + 1, path: path))
            }
            return DocumentNode(.array(elements), at: location)
        case .mapping(let mapping):
            var members: [DocumentNode.Member] = []
            members.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                let keyNode = try convert(key, depth: depth + 1, path: path)
                guard case .scalar(let keyScalar) = key else {
                    throw failure(path, "mapping keys must be plain text", at: keyNode.location)
                }
                members.append(
                    DocumentNode.Member(
                        key: keyScalar.string, keyLocation: keyNode.location,
                        value: try convert(value, depth: depth + 1, path: path)))
            }
            return DocumentNode(.object(members), at: location)
        case .alias:
            throw failure(path, "unresolved YAML alias", at: location)
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

    private static func documentError(for error: YamlError, in text: String, path: String) -> MachineFileError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return failure(path, 
                "invalid YAML: \(detail)", at: SourceLocation(line: mark.line, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams names the key's first occurrence; the mistake is where it is repeated.
            let first = SourceLocation(line: context.mark.line, column: context.mark.column)
            let key = duplicates.first ?? ""
            return failure(path, 
                "key '\(key)' appears twice in a mapping (first at \(first))",
                at: repetition(of: key, firstAt: first, in: text) ?? first)
        case .reader(let problem, let offset, _, _):
            return failure(path, "invalid YAML: \(problem)", at: offset.map { location(ofCharacter: $0, in: text) })
        default:
            return failure(path, "invalid YAML: \(error)", at: nil)
        }
    }

    /// The line and column (in Unicode scalars) of the `offset`th character of `text`.
    private static func failure(_ path: String, _ message: String, at location: SourceLocation?) -> MachineFileError {
        MachineFileError(path: path, location: location, message: message)
    }

    private static func location(ofCharacter offset: Int, in text: String) -> SourceLocation {
        var line = 1
        var column = 1
        for character in text.prefix(offset) {
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return SourceLocation(line: line, column: column)
    }

    /// Where `key`, whose first occurrence in a mapping is at `first`, occurs again in that
    /// mapping. Yams reports only the first, so the first is renamed (a private-use character
    /// put before it) and the text composed again: the mapping then holds the repetition, or
    /// Yams reports it as the first of the remaining duplicates.
    private static func repetition(of key: String, firstAt first: SourceLocation, in text: String) -> SourceLocation? {
        var scalars = Array(text.unicodeScalars)
        var line = 1
        var index = 0
        while line < first.line, index < scalars.count {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }
        index += first.column - 1
        guard index < scalars.count else { return nil }
        scalars.insert("\u{E000}", at: index)
        // The insertion moves what follows it on the same line one column right.
        func original(_ mark: Mark) -> SourceLocation {
            SourceLocation(line: mark.line, column: mark.line == first.line && mark.column > first.column ? mark.column - 1 : mark.column)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: String(String.UnicodeScalarView(scalars)))
        } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
            return duplicates.first == key ? original(context.mark) : nil
        } catch {
            return nil
        }
        // The mapping whose key is at `first`, searched without recursion.
        var pending = root.map { [$0] } ?? []
        while let node = pending.popLast() {
            switch node {
            case .mapping(let mapping):
                let keys = mapping.map(\.key)
                if keys.contains(where: { $0.mark.map(original) == first }) {
                    return keys.first { $0.string == key }?.mark.map(original)
                }
                pending += mapping.map(\.value) + keys
            case .sequence(let sequence):
                pending += sequence
            default:
                break
            }
        }
        return nil
    }
}
