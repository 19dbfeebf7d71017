internal import CYaml

/// The values of a YAML machine file for ``MachineFileScanner``, read from libyaml's events as
/// they come, without the document tree.
///
/// Scalars read as the tree reads them (``YAMLScalarEvent``): a plain `on` taken as text where
/// text is expected, `~` or nothing as null, and a number never as text. Aliases, a mapping or
/// sequence as a key, a second document and every syntax error refuse the file, which
/// ``YAMLEventReader`` and ``MachineFileDecoder`` then read and explain; anchors and tags read
/// as they do there. The largest document the fast path takes nests four levels and repeats
/// nothing, so the tree's limits on depth and on what aliases expand to never apply to it; and
/// the file is not checked to be UTF-8 first, as for the tree, because libyaml's reader refuses
/// every byte of it that is not (overlong forms and surrogates included) before the stream ends.
///
/// libyaml hands each scalar over in memory of its own, freed with its event, while a name
/// table refers to the bytes of the names it holds: so a name is copied to the end of an arena
/// as large as the file (an ASCII name is never longer than the text it is written as), and
/// kept there only when it is new. The arena holds each distinct name once; the pages it never
/// writes cost no memory.
struct YAMLMachineTokens: MachineFileTokens {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The next event, which the methods look at before reading it.
    private let event: UnsafeMutablePointer<yaml_event_t>
    /// The next event's scalar, when it is one.
    private var scalar: YAMLScalarEvent?
    private let arena: UnsafeMutableBufferPointer<UInt8>
    private var arenaEnd = 0

    /// The machine in the YAML `bytes`, or `nil` when the file needs the full reader.
    static func machine(in bytes: UnsafeBufferPointer<UInt8>) -> Machine? {
        // A byte-order mark is skipped and positions counted after it, as the tree's reader does.
        let bytes = UnsafeBufferPointer(rebasing: bytes[(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)...])
        // libyaml asserts that its input has an address, which an empty buffer may not.
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { return nil }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, start, bytes.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        defer {
            yaml_event_delete(event)
            event.deallocate()
        }
        let arena = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { arena.deallocate() }
        do {
            let tokens = try YAMLMachineTokens(parser: parser, event: event, arena: arena)
            return MachineFileScanner.machine(reading: tokens, size: bytes.count)
        } catch {
            return nil
        }
    }

    /// Reads the stream's start and the document's, up to the document's first value.
    private init(
        parser: UnsafeMutablePointer<yaml_parser_t>, event: UnsafeMutablePointer<yaml_event_t>,
        arena: UnsafeMutableBufferPointer<UInt8>
    ) throws(ScanRefusal) {
        self.parser = parser
        self.event = event
        self.arena = arena
        try advance()
        try expect(YAML_STREAM_START_EVENT)
        try expect(YAML_DOCUMENT_START_EVENT)
    }

    var nameBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(arena) }

    var isAtText: Bool { scalar?.isText == true }

    func location() -> SourceLocation {
        let mark = event.pointee.start_mark
        return SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    mutating func skipNull() throws(ScanRefusal) -> Bool {
        guard scalar?.kind == .null else { return false }
        try advance()
        return true
    }

    mutating func beginMapping() throws(ScanRefusal) {
        try expect(YAML_MAPPING_START_EVENT)
    }

    /// Keys are compared as written, whatever their style or tag, as the tree keeps them.
    mutating func nextKey(among keys: [[UInt8]], first: Bool) throws(ScanRefusal) -> Int? {
        if event.pointee.type == YAML_MAPPING_END_EVENT {
            try advance()
            return nil
        }
        guard let key = scalar?.bytes, let index = keys.firstIndex(where: { $0.elementsEqual(key) }) else {
            throw ScanRefusal()
        }
        try advance()
        return index
    }

    mutating func beginSequence() throws(ScanRefusal) {
        try expect(YAML_SEQUENCE_START_EVENT)
    }

    mutating func nextElement(first: Bool) throws(ScanRefusal) -> Bool {
        guard event.pointee.type == YAML_SEQUENCE_END_EVENT else { return true }
        try advance()
        return false
    }

    /// An ASCII name, copied to the end of the arena: names are compared byte for byte, which
    /// only matches how Swift compares strings (by canonical equivalence) when they are ASCII.
    mutating func name() throws(ScanRefusal) -> NameTable.Span {
        guard let scalar, scalar.isText, !scalar.bytes.isEmpty, arenaEnd + scalar.bytes.count <= arena.count else {
            throw ScanRefusal()
        }
        var high: UInt8 = 0
        for byte in scalar.bytes { high |= byte }
        guard high < 0x80 else { throw ScanRefusal() }
        _ = UnsafeMutableBufferPointer(rebasing: arena[arenaEnd...]).initialize(fromContentsOf: scalar.bytes)
        let span = NameTable.Span(start: arenaEnd, count: scalar.bytes.count)
        try advance()
        return span
    }

    mutating func keepName(_ span: NameTable.Span) {
        arenaEnd = span.start + span.count
    }

    mutating func text() throws(ScanRefusal) -> String {
        guard let scalar, scalar.isText else { throw ScanRefusal() }
        let text = String(decoding: scalar.bytes, as: UTF8.self)
        try advance()
        return text
    }

    mutating func bool() throws(ScanRefusal) -> Bool {
        let flag: Bool
        switch scalar?.kind {
        case .bool(let value): flag = value
        case .null: flag = false
        default: throw ScanRefusal()
        }
        try advance()
        return flag
    }

    /// A number whose text `Int` reads, as the decoder reads the version.
    mutating func integer() throws(ScanRefusal) -> Int {
        guard let scalar, scalar.kind == .number, let value = Int(String(decoding: scalar.bytes, as: UTF8.self)) else {
            throw ScanRefusal()
        }
        try advance()
        return value
    }

    /// The document's end, then the stream's: a second document is the tree's error.
    mutating func finish() throws(ScanRefusal) {
        try expect(YAML_DOCUMENT_END_EVENT)
        guard event.pointee.type == YAML_STREAM_END_EVENT else { throw ScanRefusal() }
    }

    // MARK: Events

    /// Reads the next event, which must be of `type`.
    private mutating func expect(_ type: yaml_event_type_t) throws(ScanRefusal) {
        guard event.pointee.type == type else { throw ScanRefusal() }
        try advance()
    }

    /// Moves on to the next event; an alias and an error of libyaml's refuse the file.
    private mutating func advance() throws(ScanRefusal) {
        yaml_event_delete(event)
        scalar = nil
        guard yaml_parser_parse(parser, event) == 1, event.pointee.type != YAML_ALIAS_EVENT else { throw ScanRefusal() }
        if event.pointee.type == YAML_SCALAR_EVENT { scalar = YAMLScalarEvent(event.pointee) }
    }
}
