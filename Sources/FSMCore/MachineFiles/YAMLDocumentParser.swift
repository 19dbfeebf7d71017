/// Reads YAML from libyaml's events into the same positioned tree the JSON parser produces.
public enum YAMLDocumentParser {
    /// The deepest nesting of sequences and mappings accepted.
    public static let maximumDepth = JSONDocumentParser.maximumDepth

    /// How many bytes aliases may add beyond twice the document's own (1 MiB).
    public static let maximumAliasGrowth = 1 << 20

    /// Parses `text` as one YAML document; `path` names the file in errors.
    ///
    /// Scalars read as YAML 1.1 reads them: a plain `true`, `yes` or `on` is a boolean (whose
    /// text a field that expects text still takes), `1.5` or `0x1F` a number, `~` or nothing
    /// null; a quoted scalar is always text.
    /// - Throws: ``MachineFileError`` with libyaml's description of the problem and its position.
    public static func parse(_ text: String, path: String) throws(MachineFileError) -> DocumentNode {
        let read = { (bytes: UnsafeBufferPointer<UInt8>) -> Result<DocumentNode, MachineFileError> in
            // A UTF-8 byte-order mark is tolerated, as in JSON: editors on some systems write
            // one. Positions are counted after it, as JSON's are.
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let bytes = UnsafeBufferPointer(rebasing: bytes[start...])
            // Aliases repeat what they name: a few aliases to aliases stand for billions of
            // values, and one long text aliased a million times for gigabytes. So the expanded
            // document, one byte per value plus its text, may be at most twice the document
            // and 1 MiB more.
            let budget = 2 * bytes.count + maximumAliasGrowth
            do throws(YAMLEventReader.Failure) {
                return .success(try YAMLEventReader.document(in: bytes, budget: budget, maximumDepth: maximumDepth))
            } catch {
                return .failure(MachineFileError(path: path, location: location(of: error, in: bytes), message: message(for: error)))
            }
        }
        var text = text
        text.makeContiguousUTF8()
        return try (text.utf8.withContiguousStorageIfAvailable(read) ?? Array(text.utf8).withUnsafeBufferPointer(read)).get()
    }

    private static func message(for failure: YAMLEventReader.Failure) -> String {
        switch failure {
        case .nonScalarKey:
            "mapping keys must be plain text"
        case .aliasOverBudget:
            "this alias expands the document to more than twice its size (and \(maximumAliasGrowth) bytes); refusing to expand it"
        case .repeatedKey(let key, let first, _):
            "key '\(key)' appears twice in a mapping (first at \(first))"
        case .undefinedAlias:
            "invalid YAML: found undefined alias"
        case .anotherDocument:
            "invalid YAML: but found another document expected a single document in the stream"
        case .noDocument:
            "expected a YAML document, found an empty file"
        case .tooDeep:
            "sequences and mappings nest deeper than \(maximumDepth) levels"
        case .syntax(let problem, let context, _):
            "invalid YAML: " + (context.map { "\(problem) \($0)" } ?? problem)
        case .reader(let problem, _):
            "invalid YAML: \(problem)"
        case .memory:
            "invalid YAML: Memory error"
        }
    }

    private static func location(of failure: YAMLEventReader.Failure, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation? {
        switch failure {
        case .nonScalarKey(let location), .aliasOverBudget(let location), .repeatedKey(_, _, let location),
            .undefinedAlias(let location), .anotherDocument(let location), .tooDeep(let location), .syntax(_, _, let location):
            location
        case .noDocument:
            SourceLocation(line: 1, column: 1)
        case .reader(_, let offset):
            location(ofByte: offset, in: String(decoding: bytes, as: UTF8.self))
        case .memory:
            nil
        }
    }

    /// The line and column (in Unicode scalars) of the character that starts at the UTF-8
    /// `offset` of `text`, or `nil` when no character starts there: lines are counted by
    /// characters, so that a CR LF ends one line.
    private static func location(ofByte offset: Int, in text: String) -> SourceLocation? {
        guard
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset, limitedBy: text.utf8.endIndex)?
                .samePosition(in: text)
        else { return nil }
        var line = 1
        var column = 1
        for character in text[..<index] {
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return SourceLocation(line: line, column: column)
    }
}
