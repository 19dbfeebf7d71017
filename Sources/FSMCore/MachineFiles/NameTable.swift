/// Numbers for the distinct names in a byte buffer, in order of first appearance: a hash table
/// keyed by the bytes themselves, so names are resolved without making a `String` of each.
///
/// Bytes are compared exactly, which is how Swift compares strings only when they are ASCII;
/// ``MachineFileScanner`` uses it for ASCII names alone.
struct NameTable {
    /// A range of the buffer's bytes.
    struct Span {
        var start: Int
        var count: Int
    }

    // A name's first sixteen bytes are kept beside it, so most lookups compare without reaching
    // back to where the name first appeared in a large file.
    private struct Key {
        var span: Span
        var first: UInt64
        var second: UInt64
        var hash: UInt64
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var keys: [Key] = []
    private var declared: [Bool] = []
    // Open addressing with linear probing, kept at most half full. A slot packs the upper half
    // of a name's hash with its number plus one (0 for empty), so the table stays small: lookups
    // in a large machine are bound by cache misses, and names are mostly looked up close to
    // their neighbours in `keys`.
    private var slots = [UInt64](repeating: 0, count: 64)
    // Per-process, so that no file can be crafted to collide every name into one chain.
    private static let seed = UInt64.random(in: .min ... .max)

    /// A table over `bytes`, which must outlive it.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The number of distinct names.
    var count: Int { keys.count }

    /// The last name one caller looked up. Machine files list a state's transitions together,
    /// so consecutive lookups of sources mostly repeat, and a memo spares the hash table's
    /// cache misses.
    struct Memo {
        fileprivate var number = -1
    }

    /// The number of the name at `span`, adding it if it is new.
    mutating func intern(_ span: Span, memo: inout Memo) -> Int {
        let base = bytes.baseAddress! + span.start
        let first = Self.word(base, span.count, from: 0)
        let second = Self.word(base, span.count, from: 8)
        if memo.number >= 0 {
            if matches(keys[memo.number], span, first: first, second: second) {
                return memo.number
            }
        }
        memo.number = intern(span, first: first, second: second)
        return memo.number
    }

    /// The number of the name at `span`, adding it if it is new.
    mutating func intern(_ span: Span) -> Int {
        let base = bytes.baseAddress! + span.start
        return intern(span, first: Self.word(base, span.count, from: 0), second: Self.word(base, span.count, from: 8))
    }

    private mutating func intern(_ span: Span, first: UInt64, second: UInt64) -> Int {
        let base = bytes.baseAddress! + span.start
        var hash = Self.seed ^ (UInt64(span.count) &* 0x9E37_79B9_7F4A_7C15)
        hash = Self.mix(hash ^ first)
        hash = Self.mix(hash ^ second)
        var index = 16
        while index < span.count {
            hash = Self.mix(hash ^ Self.word(base, span.count, from: index))
            index += 8
        }
        let tag = hash & 0xFFFF_FFFF_0000_0000
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                while slots[position] != 0 {
                    let slot = slots[position]
                    if slot & 0xFFFF_FFFF_0000_0000 == tag {
                        let number = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                        if matches(keys[number], span, first: first, second: second) { return number }
                    }
                    position = (position + 1) & mask
                }
                return nil
            }
        }
        if let found { return found }
        let number = keys.count
        keys.append(Key(span: span, first: first, second: second, hash: hash))
        declared.append(false)
        slots[position] = tag | UInt64(number + 1)
        if keys.count * 2 > slots.count { grow() }
        return number
    }

    /// Marks name `number` as declared; `false` if it already was.
    mutating func declare(_ number: Int) -> Bool {
        defer { declared[number] = true }
        return !declared[number]
    }

    /// Whether `key` is the name at `span`, whose first sixteen bytes are `first` and `second`.
    private func matches(_ key: Key, _ span: Span, first: UInt64, second: UInt64) -> Bool {
        guard key.first == first, key.second == second, key.span.count == span.count else { return false }
        let base = bytes.baseAddress!
        return span.count <= 16 || bytesEqual(base + key.span.start + 16, base + span.start + 16, span.count - 16)
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot != 0 {
            let key = keys[Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1]
            var position = Int(truncatingIfNeeded: key.hash) & mask
            while slots[position] != 0 { position = (position + 1) & mask }
            slots[position] = slot
        }
    }

    /// Up to eight bytes of a name from `offset`, little-endian, zero past its end.
    private static func word(_ start: UnsafePointer<UInt8>, _ count: Int, from offset: Int) -> UInt64 {
        guard offset < count else { return 0 }
        if offset + 8 <= count { return UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self) }
        var word: UInt64 = 0
        for shift in 0..<(count - offset) { word |= UInt64(start[offset + shift]) << (8 * UInt64(shift)) }
        return word
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 31
        value = value &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 29)
    }
}

/// Whether `count` bytes at `first` and `second` are the same.
func bytesEqual(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for index in 0..<count where first[index] != second[index] { return false }
    return true
}
