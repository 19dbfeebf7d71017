/// Why a one-pass reader stopped: the file needs the full parser and ``MachineFileDecoder``,
/// which explain mistakes with their positions.
struct ScanRefusal: Error {}

/// The values of a machine file in document order, as ``MachineFileScanner`` reads them: JSON's
/// bytes (``JSONMachineTokens``) or the events of libyaml's parser (``YAMLMachineTokens``).
///
/// Each method reads what the full parser and ``MachineFileDecoder`` would make of the same
/// value, or throws ``ScanRefusal`` for anything outside the common shape of a machine file,
/// every mistake included. Where a method's value does not fit, nothing needs to be undone:
/// the whole file goes to the full reader.
protocol MachineFileTokens {
    /// The bytes the spans of names point into; they outlive the tokens.
    var nameBytes: UnsafeBufferPointer<UInt8> { get }

    /// Where the next value starts, as the full parser places it.
    mutating func location() -> SourceLocation

    /// Whether the next value is text (a name, a label): not null, a number, a mapping or a
    /// sequence.
    var isAtText: Bool { get }

    /// Reads the next value if it is null, and says whether it was.
    mutating func skipNull() throws(ScanRefusal) -> Bool

    /// Reads the start of a mapping.
    mutating func beginMapping() throws(ScanRefusal)

    /// The mapping's next key as its index in `keys` (the bytes of the keys it may hold), or
    /// `nil` at the mapping's end; `first` for the first key after ``beginMapping()``.
    mutating func nextKey(among keys: [[UInt8]], first: Bool) throws(ScanRefusal) -> Int?

    /// Reads the start of a sequence.
    mutating func beginSequence() throws(ScanRefusal)

    /// Whether the sequence has another value, which is next; `false` at its end, which is
    /// read. `first` for the first value after ``beginSequence()``.
    mutating func nextElement(first: Bool) throws(ScanRefusal) -> Bool

    /// A name: non-empty ASCII text, as a span of ``nameBytes``. The span is valid until the
    /// next name is read, unless ``keepName(_:)`` keeps it.
    mutating func name() throws(ScanRefusal) -> NameTable.Span

    /// Keeps the bytes of the name just read, which a name table refers to from now on.
    mutating func keepName(_ span: NameTable.Span)

    /// Text that is not null.
    mutating func text() throws(ScanRefusal) -> String

    /// A boolean; null reads as `false`, as an absent one does.
    mutating func bool() throws(ScanRefusal) -> Bool

    /// An integer that is not null (the format's version).
    mutating func integer() throws(ScanRefusal) -> Int

    /// Reads the end of the document, refusing anything after it.
    mutating func finish() throws(ScanRefusal)
}
