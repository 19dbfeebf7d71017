/// How deeply square brackets nest, read from the bytes before swift-syntax sees them.
///
/// swift-syntax decides whether a `[` opens an array type (or `InlineArray` sugar) or a literal by
/// parsing ahead both ways, so its time doubles with each `[` nested directly inside another:
/// 22 levels take seconds, 26 half a minute, and a fuzzer's mutated file hung it for good. A brace
/// ends the chain (a closure's body is parsed once), so only brackets since the innermost open
/// brace count. Strings and comments are skipped so that brackets in text never refuse a file;
/// interpolations are code again. A regex literal is read as code but for its quotes, which open
/// no string: else `#/"/#` would hide every bracket after it on its line.
struct SquareBracketNesting {
    /// The deepest nesting read: far beyond hand-written code, and parsed in well under a second.
    static let limit = 16

    private enum Frame {
        /// Code, with the open-bracket count per open brace; `interpolation` when it ends at the
        /// `)` that closes a string's `\(`.
        case code(interpolation: Bool, parentheses: Int, squares: [Int])
        case string(hashes: Int, multiline: Bool)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var frames: [Frame] = [.code(interpolation: false, parentheses: 0, squares: [0])]

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The offset of the first `[` nested deeper than ``limit``, or nil when there is none.
    static func firstTooDeep(in bytes: [UInt8]) -> Int? {
        var scanner = SquareBracketNesting(bytes: bytes)
        return scanner.scan()
    }

    private mutating func scan() -> Int? {
        while index < bytes.count, let frame = frames.popLast() {
            switch frame {
            case .code(let interpolation, let parentheses, let squares):
                if let tooDeep = scanCode(interpolation: interpolation, parentheses: parentheses, squares: squares) {
                    return tooDeep
                }
            case .string(let hashes, let multiline):
                scanString(hashes: hashes, multiline: multiline)
            }
        }
        return nil
    }

    /// Reads code until a string starts (pushed above this frame) or the interpolation ends.
    private mutating func scanCode(interpolation: Bool, parentheses: Int, squares: [Int]) -> Int? {
        var parentheses = parentheses
        var squares = squares
        // The `#` count of the regex literal being read (0 for a bare `/.../`), in which a `"`
        // opens no string; its brackets still count, as a character class nests them.
        var regex: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if let hashes = regex {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "/"), count(UInt8(ascii: "#"), from: index + 1) >= hashes {
                    index += 1 + hashes
                    regex = nil
                    continue
                }
                if byte == UInt8(ascii: "\n"), hashes == 0 { regex = nil }
            } else {
                if byte == UInt8(ascii: "/"), skipComment() { continue }
                if let hashes = regexOpening() {
                    regex = hashes
                    continue
                }
            }
            if regex == nil, let (hashes, multiline) = stringOpening() {
                frames.append(.code(interpolation: interpolation, parentheses: parentheses, squares: squares))
                frames.append(.string(hashes: hashes, multiline: multiline))
                return nil
            }
            index += 1
            switch byte {
            case UInt8(ascii: "{"): squares.append(0)
            case UInt8(ascii: "}"): if squares.count > 1 { squares.removeLast() }
            case UInt8(ascii: "["):
                squares[squares.count - 1] += 1
                if squares[squares.count - 1] > Self.limit { return index - 1 }
            case UInt8(ascii: "]"): squares[squares.count - 1] = max(0, squares[squares.count - 1] - 1)
            case UInt8(ascii: "("): parentheses += 1
            case UInt8(ascii: ")"):
                if interpolation, parentheses == 0 { return nil }
                parentheses = max(0, parentheses - 1)
            default: break
            }
        }
        return nil
    }

    /// Reads a string's text until it closes (popping it) or an interpolation opens (pushed above it).
    private mutating func scanString(hashes: Int, multiline: Bool) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), count(UInt8(ascii: "#"), from: index + 1) >= hashes {
                index += 1 + hashes
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                    index += 1
                    frames.append(.string(hashes: hashes, multiline: multiline))
                    frames.append(.code(interpolation: true, parentheses: 0, squares: [0]))
                    return
                }
                index += 1
                continue
            }
            let quotes = multiline ? 3 : 1
            if byte == UInt8(ascii: "\""), count(UInt8(ascii: "\""), from: index) >= quotes,
                count(UInt8(ascii: "#"), from: index + quotes) >= hashes
            {
                index += quotes + hashes
                return
            }
            // An unterminated one-line string ends at the line's end, as the parser recovers.
            if byte == UInt8(ascii: "\n"), !multiline { return }
            index += 1
        }
    }

    /// The hashes of a regex literal opening at `index`, consumed: `#/` with any number of `#`,
    /// or a bare `/` where an operand starts (after `(`, `,`, `=`, an operator) and the line
    /// closes it; nil when none opens.
    private mutating func regexOpening() -> Int? {
        let hashes = count(UInt8(ascii: "#"), from: index)
        let slash = index + hashes
        guard slash < bytes.count, bytes[slash] == UInt8(ascii: "/") else { return nil }
        if hashes == 0 {
            let operandStarts = Set("([{,=:;!&|?^~<>+-*%".utf8)
            let before = bytes[..<index].last { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            guard before.map(operandStarts.contains) ?? true, slash + 1 < bytes.count,
                !Set(" \t\n/*=".utf8).contains(bytes[slash + 1]),
                bytes[(slash + 1)...].prefix(while: { $0 != UInt8(ascii: "\n") }).contains(UInt8(ascii: "/"))
            else { return nil }
        }
        index = slash + 1
        return hashes
    }

    /// The hashes and kind of a string literal opening at `index`, consumed; nil when none opens.
    private mutating func stringOpening() -> (hashes: Int, multiline: Bool)? {
        let hashes = count(UInt8(ascii: "#"), from: index)
        let quote = index + hashes
        guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else { return nil }
        let multiline = count(UInt8(ascii: "\""), from: quote) >= 3
        index = quote + (multiline ? 3 : 1)
        return (hashes, multiline)
    }

    /// Skips a `//` or (nested) `/* */` comment at `index`; false when `/` starts neither.
    private mutating func skipComment() -> Bool {
        guard index + 1 < bytes.count else { return false }
        switch bytes[index + 1] {
        case UInt8(ascii: "/"):
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            return true
        case UInt8(ascii: "*"):
            index += 2
            var depth = 1
            while index < bytes.count, depth > 0 {
                if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                } else {
                    index += 1
                }
            }
            return true
        default:
            return false
        }
    }

    private func count(_ byte: UInt8, from start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] == byte { end += 1 }
        return end - start
    }
}
