// CYaml is the copy of libyaml that Yams builds and links, imported although Yams publishes
// only its Swift API: Yams offers no event-level parser or emitter, and the event level is
// what this file and YAMLText.swift need. libyaml through a system-library target of our own
// would link a second libyaml beside Yams' (the same symbols), make the static release binary
// depend on the system's libyaml, and take FSMCore off iOS, which has none. Should Yams stop
// building CYaml as a module, this import is where the build breaks first.
internal import CYaml

/// One pass over libyaml's events that builds the positioned document tree, reading each
/// scalar as Yams' composer and default resolver did (``YAMLScalarResolver``), and refusing
/// what composing the document would not survive.
///
/// Machine files only have text keys, and a key made of aliases to aliases (`? *a29` where each
/// level doubles the last) stands for billions of values: a mapping key that is not a scalar is
/// refused where it is. Aliases elsewhere repeat what they name too, so the expanded size is
/// counted from each anchor's size, and the alias that crosses the budget is refused; an alias
/// itself shares its anchor's tree, copied on write, so nothing is expanded.
///
/// Those two refusals come first, wherever they are in the stream; then whichever of a syntax
/// error, a repeated key, an undefined alias or a second document comes first; then nesting
/// deeper than the limit. That is the order in which Yams and the pass before it found them,
/// so a file with several mistakes is refused for the same one as before.
struct YAMLEventReader {
    /// Why a document is refused.
    enum Failure: Error {
        /// A mapping key that is an alias, a sequence or a mapping.
        case nonScalarKey(SourceLocation)
        /// The alias whose expansion makes the document larger than the budget.
        case aliasOverBudget(SourceLocation)
        /// A key written twice in one mapping: the least such key, at its first and second place.
        case repeatedKey(String, first: SourceLocation, repeated: SourceLocation)
        /// An alias to no anchor before it.
        case undefinedAlias(SourceLocation)
        /// The start of a second document.
        case anotherDocument(SourceLocation)
        /// A stream without a document (only comments, say).
        case noDocument
        /// The first node nested deeper than the limit, counting through aliases.
        case tooDeep(SourceLocation)
        /// libyaml's scanner or parser: its problem, what it was parsing, and where.
        case syntax(problem: String, context: String?, at: SourceLocation)
        /// libyaml's reader (a character YAML does not allow), at a byte offset of the input.
        case reader(problem: String, byteOffset: Int)
        /// libyaml ran out of memory.
        case memory
    }

    /// What an anchor names: its node, its expanded size and how deep it nests.
    private struct Anchored {
        var node: DocumentNode
        var size: Int
        var height: Int
    }

    /// A sequence or mapping whose end has not been read yet.
    private struct Collection {
        let isMapping: Bool
        let anchor: String?
        let location: SourceLocation
        /// The expanded size so far, for the budget.
        var size = 0
        /// How deep its contents nest so far (0 while empty).
        var height = 0
        var elements: [DocumentNode] = []
        var members: [DocumentNode.Member] = []
        /// A mapping's key whose value has not been read yet.
        var key: (text: String, location: SourceLocation)?

    }

    private let maximumDepth: Int
    private var remaining: Int
    private var open: [Collection] = []
    /// A later anchor of the same name replaces an earlier one, as in YAML.
    private var anchors: [String: Anchored] = [:]
    private var root: DocumentNode?
    private var documents = 0
    /// The first failure that does not stop the pass: the refusals of keys and aliases later
    /// in the stream come before it.
    private var deferred: Failure?
    private var tooDeep: SourceLocation?

    /// The document in the UTF-8 `bytes`; the expanded document (one for each node plus its
    /// scalar's bytes) may count `budget` at most, and nest `maximumDepth` levels.
    static func document(in bytes: UnsafeBufferPointer<UInt8>, budget: Int, maximumDepth: Int) throws(Failure) -> DocumentNode {
        // libyaml asserts that its input has an address, which an empty buffer may not.
        guard let start = bytes.baseAddress, !bytes.isEmpty else { throw .noDocument }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw .memory }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, start, bytes.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        var reader = YAMLEventReader(budget: budget, maximumDepth: maximumDepth)
        var event = yaml_event_t()
        var ended = false
        while !ended {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw reader.deferred ?? Self.failure(of: parser)
            }
            defer { yaml_event_delete(&event) }
            ended = event.type == YAML_STREAM_END_EVENT
            try reader.take(event)
        }
        return try reader.finish()
    }

    private init(budget: Int, maximumDepth: Int) {
        remaining = budget
        self.maximumDepth = maximumDepth
    }

    private mutating func take(_ event: yaml_event_t) throws(Failure) {
        let location = SourceLocation(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_SCALAR_EVENT:
            try scalar(event, at: location)
        case YAML_ALIAS_EVENT:
            try alias(Self.name(event.data.alias.anchor), at: location)
        case YAML_SEQUENCE_START_EVENT:
            try open(isMapping: false, anchor: Self.name(event.data.sequence_start.anchor), at: location)
        case YAML_MAPPING_START_EVENT:
            try open(isMapping: true, anchor: Self.name(event.data.mapping_start.anchor), at: location)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close()
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents == 2 { deferOnce(.anotherDocument(location)) }
        default:
            break
        }
    }

    private func finish() throws(Failure) -> DocumentNode {
        if let deferred { throw deferred }
        guard let root else { throw .noDocument }
        if let tooDeep { throw .tooDeep(tooDeep) }
        return root
    }

    private mutating func scalar(_ event: yaml_event_t, at location: SourceLocation) throws(Failure) {
        let data = event.data.scalar
        let bytes = UnsafeBufferPointer(start: data.value, count: data.length)
        try count(1 + data.length, at: location)
        noteDepth(open.count, at: location)
        let anchor = Self.name(data.anchor)
        let isKey = expectsKey
        // A key is kept as written; it is read as a value only when an alias may repeat it.
        let node = isKey && anchor == nil ? nil : Self.node(event, at: location)
        if let anchor, let node { anchors[anchor] = Anchored(node: node, size: 1 + data.length, height: 0) }
        if isKey {
            open[open.count - 1].key = (String(decoding: bytes, as: UTF8.self), location)
        } else if let node {
            add(node, height: 0)
        }
    }

    private mutating func alias(_ name: String?, at location: SourceLocation) throws(Failure) {
        if expectsKey { throw .nonScalarKey(location) }
        let anchored = name.flatMap { anchors[$0] }
        try count(anchored?.size ?? 1, at: location)
        guard let anchored else {
            deferOnce(.undefinedAlias(location))
            // Keeps keys and values paired while the rest of the stream is checked.
            add(DocumentNode(.null, at: location), height: 0)
            return
        }
        if tooDeep == nil, open.count + anchored.height > maximumDepth {
            tooDeep = Self.firstNode(in: anchored.node, atDepth: maximumDepth + 1 - open.count)
        }
        add(anchored.node, height: anchored.height)
    }

    private mutating func open(isMapping: Bool, anchor: String?, at location: SourceLocation) throws(Failure) {
        if expectsKey { throw .nonScalarKey(location) }
        noteDepth(open.count, at: location)
        var collection = Collection(isMapping: isMapping, anchor: anchor, location: location)
        // A machine file's mappings mostly hold a few keys: room for them at once, not grown
        // from one to two to four.
        if isMapping { collection.members.reserveCapacity(4) }
        open.append(collection)
        try count(1, at: location)
    }

    private mutating func close() {
        guard let closed = open.popLast() else { return }
        let node: DocumentNode
        if closed.isMapping {
            if let repeated = Self.repeatedKey(in: closed.members) { deferOnce(repeated) }
            node = DocumentNode(.object(closed.members), at: closed.location)
        } else {
            node = DocumentNode(.array(closed.elements), at: closed.location)
        }
        if let anchor = closed.anchor { anchors[anchor] = Anchored(node: node, size: closed.size, height: closed.height) }
        if !open.isEmpty { open[open.count - 1].size += closed.size }
        add(node, height: closed.height)
    }

    /// Puts `node`, which nests `height` levels, in the innermost open collection, or makes it
    /// the document's root.
    private mutating func add(_ node: DocumentNode, height: Int) {
        guard !open.isEmpty else {
            if root == nil { root = node }
            return
        }
        let last = open.count - 1
        open[last].height = max(open[last].height, height + 1)
        if let key = open[last].key.take() {
            open[last].members.append(DocumentNode.Member(key: key.text, keyLocation: key.location, value: node))
        } else {
            open[last].elements.append(node)
        }
    }

    /// Counts a node of `size` (an alias: its anchor's whole size) in the innermost open
    /// collection and against the budget.
    /// Whether the next node is a key of the innermost open mapping. Read in place: `open.last`
    /// would copy the collection, arrays and all, for every scalar.
    private var expectsKey: Bool {
        guard let last = open.indices.last else { return false }
        return open[last].isMapping && open[last].key == nil
    }

    private mutating func count(_ size: Int, at location: SourceLocation) throws(Failure) {
        remaining -= size
        if !open.isEmpty { open[open.count - 1].size += size }
        if remaining < 0 { throw .aliasOverBudget(location) }
    }

    private mutating func noteDepth(_ depth: Int, at location: SourceLocation) {
        if tooDeep == nil, depth > maximumDepth { tooDeep = location }
    }

    private mutating func deferOnce(_ failure: Failure) {
        if deferred == nil { deferred = failure }
    }

    /// A scalar's node: its text read as its tag and style say.
    private static func node(_ event: yaml_event_t, at location: SourceLocation) -> DocumentNode {
        let scalar = YAMLScalarEvent(event)
        switch scalar.kind {
        case .null:
            return DocumentNode(.null, at: location)
        case .bool(let flag):
            // A plain `on` or `no` stays readable as the text it was written as.
            let written = scalar.isText ? String(decoding: scalar.bytes, as: UTF8.self) : nil
            return DocumentNode(.bool(flag), at: location, plainScalar: written)
        case .number:
            return DocumentNode(.number(String(decoding: scalar.bytes, as: UTF8.self)), at: location)
        case .text:
            return DocumentNode(.string(String(decoding: scalar.bytes, as: UTF8.self)), at: location)
        }
    }

    /// The least key written twice among `members`, where it was first written and where again,
    /// as Yams chose the key to name; `nil` when every key is distinct.
    private static func repeatedKey(in members: [DocumentNode.Member]) -> Failure? {
        // Most mappings have a handful of keys, which comparing pairwise checks faster than
        // hashing; a large one (XState's states by name) gets a set.
        let isRepeated =
            if members.count < 16 {
                members.indices.contains { index in members[..<index].contains { $0.key == members[index].key } }
            } else {
                Set(members.lazy.map(\.key)).count < members.count
            }
        guard isRepeated else { return nil }
        var firsts: [String: SourceLocation] = [:]
        var repeats: [String: SourceLocation] = [:]
        for member in members {
            if firsts[member.key] == nil {
                firsts[member.key] = member.keyLocation
            } else if repeats[member.key] == nil {
                repeats[member.key] = member.keyLocation
            }
        }
        guard let key = repeats.keys.min(), let first = firsts[key], let repeated = repeats[key] else { return nil }
        return .repeatedKey(key, first: first, repeated: repeated)
    }

    /// Where the first node `depth` levels inside `node` is, in document order (a mapping's key
    /// before its value).
    private static func firstNode(in node: DocumentNode, atDepth depth: Int) -> SourceLocation {
        var pending: [(node: DocumentNode?, location: SourceLocation, depth: Int)] = [(node, node.location, 0)]
        while let entry = pending.popLast() {
            if entry.depth == depth { return entry.location }
            let level = entry.depth
            switch entry.node?.value {
            case .object(let members):
                for member in members.reversed() {
                    pending.append((member.value, member.value.location, level + 1))
                    pending.append((nil, member.keyLocation, level + 1))
                }
            case .array(let elements):
                pending += elements.reversed().map { ($0, $0.location, level + 1) }
            default:
                break
            }
        }
        return node.location
    }

    private static func failure(of parser: yaml_parser_t) -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_READER_ERROR:
            return .reader(problem: problem, byteOffset: parser.problem_offset)
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let mark = SourceLocation(line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
            return .syntax(problem: problem, context: parser.context.map { String(cString: $0) }, at: mark)
        default:
            return .memory
        }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}
