/// Reads a YAML scalar as null, a boolean, a number or text, by the rules of YAML 1.1's
/// schema as Yams' default resolver gave them to machine files.
///
/// Yams matched each plain scalar against a regular expression per type, which was most of the
/// time of loading a large YAML file; the same rules are checked here byte by byte. Every
/// character the rules accept is ASCII, so a byte outside ASCII makes a scalar text. Of Yams'
/// other rules (timestamps, `<<`, `=`), none gave a machine file anything but the text.
enum YAMLScalarResolver {
    /// How a scalar's tag says to read it.
    enum Tagging {
        /// A plain scalar without a tag: its text decides.
        case implicit
        /// A quoted or block scalar without a tag, or one tagged `!`: text.
        case text
        /// An explicit tag, in full (`!!int` is `tag:yaml.org,2002:int`).
        case explicit(String)
    }

    /// What a scalar reads as.
    enum Kind: Equatable {
        case null
        case bool(Bool)
        case number
        case text
    }

    /// The kind of the scalar whose UTF-8 text is `bytes`.
    static func kind(of bytes: UnsafeBufferPointer<UInt8>, tagging: Tagging) -> Kind {
        switch tagging {
        case .implicit: implicitKind(of: bytes)
        case .text: .text
        case .explicit(let tag) where tag.isEmpty: implicitKind(of: bytes)
        case .explicit("tag:yaml.org,2002:null"): .null
        case .explicit("tag:yaml.org,2002:bool"): boolean(bytes, ignoringCase: true).map(Kind.bool) ?? .text
        case .explicit("tag:yaml.org,2002:int"), .explicit("tag:yaml.org,2002:float"): .number
        case .explicit: .text
        }
    }

    /// Every rule needs the text to start with one of a few characters, so the first byte
    /// settles most texts (a state's name, an event's) without trying any rule.
    private static func implicitKind(of bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"),
            UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"):
            if let flag = boolean(bytes, ignoringCase: false) { return .bool(flag) }
            return isNull(bytes) ? .null : .text
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return isNumber(bytes) ? .number : .text
        case UInt8(ascii: "~"):
            return bytes.count == 1 ? .null : .text
        default:
            return .text
        }
    }

    /// `null`, `Null` or `NULL` (`~` and nothing at all are told by their first byte).
    private static func isNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 4 && nullWords.contains { $0.elementsEqual(bytes) }
    }

    private static let nullWords = ["null", "Null", "NULL"].map { Array($0.utf8) }

    /// The value of YAML 1.1's boolean words, written all lower case, capitalized or all upper
    /// case; an explicit `!!bool` accepts any mix of cases.
    private static func boolean(_ bytes: UnsafeBufferPointer<UInt8>, ignoringCase: Bool) -> Bool? {
        guard (2...5).contains(bytes.count) else { return nil }
        for (word, value) in booleanWords where word.count == bytes.count {
            if ignoringCase {
                if zip(word, bytes).allSatisfy({ $0 == asciiLowercase($1) }) { return value }
            } else if matchesInOneCase(word, bytes) {
                return value
            }
        }
        return nil
    }

    private static let booleanWords: [([UInt8], Bool)] = [
        ("true", true), ("yes", true), ("on", true), ("false", false), ("no", false), ("off", false),
    ].map { (Array($0.utf8), $1) }

    /// Whether `bytes` is the lower-case `word`, capitalized or in capitals.
    private static func matchesInOneCase(_ word: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, asciiLowercase(first) == word[0] else { return false }
        let restInCapitals = first != word[0] && bytes.count > 1 && bytes[1] != word[1]
        for index in 1..<word.count {
            let expected = restInCapitals ? word[index] - 0x20 : word[index]
            if bytes[index] != expected { return false }
        }
        return true
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// Whether `bytes` is an integer (decimal, `0b`, `0o` or `0` octal, `0x`, or sexagesimal
    /// `1:30`) or a float (`1.5`, `1e3`, `.5`, `1:30.5`, `.inf`, `.nan`), underscores allowed
    /// between digits as YAML 1.1 allows them.
    private static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var cursor = Cursor(bytes: bytes)
        // One sign at most: `--1` is text.
        let signed = cursor.peek == UInt8(ascii: "+") || cursor.peek == UInt8(ascii: "-")
        if signed { cursor.advance() }
        if cursor.peek == UInt8(ascii: ".") {
            let rest = cursor.rest
            if infinities.contains(where: { $0.elementsEqual(rest) }) { return true }
            if !signed, notNumbers.contains(where: { $0.elementsEqual(rest) }) { return true }
            // `.5`, `.5e+3`: no sign before, and the exponent's sign is required.
            guard !signed else { return false }
            cursor.advance()
            guard cursor.skip(isDigitOrUnderscore) > 0 else { return false }
            return cursor.isAtEnd || cursor.exponent(signRequired: true)
        }
        guard let leading = cursor.peek, isDigit(leading) else { return false }
        if leading == UInt8(ascii: "0"), let base = cursor.peek(at: 1), let digits = digits(afterPrefix: base) {
            cursor.advance(by: 2)
            return cursor.skip(digits) > 0 && cursor.isAtEnd
        }
        cursor.skip(isDigitOrUnderscore)
        if cursor.peek == UInt8(ascii: ":") { return cursor.sexagesimal(leadingZero: leading == UInt8(ascii: "0")) }
        if cursor.peek == UInt8(ascii: ".") {
            cursor.advance()
            cursor.skip(isDigitOrUnderscore)
        }
        return cursor.isAtEnd || cursor.exponent(signRequired: false)
    }

    private static let infinities = [".inf", ".Inf", ".INF"].map { Array($0.utf8) }
    private static let notNumbers = [".nan", ".NaN", ".NAN"].map { Array($0.utf8) }

    /// The digits of an integer written with a prefix after `0` (`0b`, `0o`, `0x`), or `nil` for
    /// another byte after it (`07` and `0.5` are read as decimals are).
    private static func digits(afterPrefix base: UInt8) -> ((UInt8) -> Bool)? {
        switch base {
        case UInt8(ascii: "b"): { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") || $0 == UInt8(ascii: "_") }
        case UInt8(ascii: "o"): isOctalOrUnderscore
        case UInt8(ascii: "x"): { isDigitOrUnderscore($0) || (0x61...0x66).contains($0 | 0x20) }
        default: nil
        }
    }

    private static func isOctalOrUnderscore(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isDigitOrUnderscore(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "_")
    }

    /// A position in a scalar's bytes, read forward.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }
        var peek: UInt8? { peek(at: 0) }

        func peek(at distance: Int) -> UInt8? {
            offset + distance < bytes.count ? bytes[offset + distance] : nil
        }

        mutating func advance(by count: Int = 1) { offset += count }

        /// Moves past the bytes that satisfy `accepted` and says how many there were.
        @discardableResult
        mutating func skip(_ accepted: (UInt8) -> Bool) -> Int {
            let start = offset
            while let byte = peek, accepted(byte) { offset += 1 }
            return offset - start
        }

        var rest: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[offset...]) }

        /// Whether the rest is an exponent, `e` or `E`, a sign, and digits.
        mutating func exponent(signRequired: Bool) -> Bool {
            guard peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") else { return false }
            advance()
            let signs = skip { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
            guard signs <= 1, !signRequired || signs == 1 else { return false }
            return skip(YAMLScalarResolver.isDigit) > 0 && isAtEnd
        }

        /// Whether the rest is base-60 places (`:30`, `:5`, each below 60), ending the text (an
        /// integer, which may not start with `0`) or followed by a fraction (a float).
        mutating func sexagesimal(leadingZero: Bool) -> Bool {
            while peek == UInt8(ascii: ":") {
                advance()
                let first = peek
                switch skip(YAMLScalarResolver.isDigit) {
                case 1: break
                case 2 where first.map { $0 <= UInt8(ascii: "5") } == true: break
                default: return false
                }
            }
            if isAtEnd { return !leadingZero }
            guard peek == UInt8(ascii: ".") else { return false }
            advance()
            skip(YAMLScalarResolver.isDigitOrUnderscore)
            return isAtEnd
        }
    }
}
