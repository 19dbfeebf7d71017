import Foundation

/// The keys a JSON document's objects hold, read without building the document: what tells a
/// machine file from another JSON file (fsmviz's own reports, a SARIF log, a DocC theme) by its
/// structure, where a look at its text would take a key's name in a string for the key.
struct JSONKeys {
    /// The keys of the document's top-level object (empty when it is not an object), as far as
    /// the reading went.
    private(set) var topLevel: Set<String> = []
    /// Whether some object below the top level has one of the keys asked for.
    private(set) var nestedHasWanted = false

    /// The keys of `bytes`, read until the top-level object is seen to hold one of `wanted`
    /// (then ``topLevel`` holds the keys up to it), else to the end; `nil` when the bytes are not
    /// JSON. Comments (`//`, `/* */`) are skipped, as configuration files hold them.
    init?(_ bytes: [UInt8], wanted: Set<String>) {
        // The open containers, `{` or `[`, and whether a string now would be a key.
        var open: [UInt8] = []
        var keyNext = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                open.append(byte)
                keyNext = true
            case UInt8(ascii: "["):
                open.append(byte)
                keyNext = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard open.popLast() == (byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")) else { return nil }
                keyNext = false
            case UInt8(ascii: ","):
                keyNext = open.last == UInt8(ascii: "{")
            case UInt8(ascii: ":"):
                keyNext = false
            case UInt8(ascii: "/"):
                guard let end = Self.endOfComment(in: bytes, at: index) else { return nil }
                index = end
                continue
            case UInt8(ascii: "\""):
                guard let end = Self.endOfString(in: bytes, at: index) else { return nil }
                if keyNext, let key = Self.decoded(bytes[index..<end]) {
                    if open.count == 1 {
                        topLevel.insert(key)
                        // A machine's own key at the top: nothing later can make it a report.
                        if wanted.contains(key) { return }
                    } else if wanted.contains(key) {
                        nestedHasWanted = true
                    }
                    keyNext = false
                }
                index = end
                continue
            default:
                break
            }
            index += 1
        }
        guard open.isEmpty else { return nil }
    }

    /// The index after the string that starts at `start` (its opening quote), or `nil` when it
    /// does not end.
    private static func endOfString(in bytes: [UInt8], at start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }

    /// The index after the comment that starts at `start`, or `nil` when no comment starts there.
    private static func endOfComment(in bytes: [UInt8], at start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "/"):
            return bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        case UInt8(ascii: "*"):
            var index = start + 2
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }

    /// The text of the string literal `literal` (quotes included), escapes decoded.
    private static func decoded(_ literal: ArraySlice<UInt8>) -> String? {
        guard literal.contains(UInt8(ascii: "\\")) else { return String(validating: literal.dropFirst().dropLast(), as: UTF8.self) }
        return (try? JSONSerialization.jsonObject(with: Data(literal), options: .fragmentsAllowed)) as? String
    }
}
