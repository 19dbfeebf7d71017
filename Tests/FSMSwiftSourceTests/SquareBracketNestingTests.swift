import Testing

@testable import FSMSwiftSource

/// The scanner alone, on shapes a debug build of swift-syntax refuses before they reach the
/// limit (it caps all nesting at 20 levels).
@Suite struct SquareBracketNestingTests {
    static func firstTooDeep(_ text: String) -> Int? { SquareBracketNesting.firstTooDeep(in: Array(text.utf8)) }

    @Test func aBraceStartsTheCountAgain() {
        let chain = String(repeating: "[", count: 12)
        #expect(Self.firstTooDeep("let d = \(chain){ _ = \(chain)1 }") == nil)
        #expect(Self.firstTooDeep("let d = \(chain)\(chain)") == 8 + 16)
    }

    @Test func closingBracketsAndBracesEndTheirChains() {
        let sixteen = String(repeating: "[", count: 16) + String(repeating: "]", count: 16)
        #expect(Self.firstTooDeep("[{ }] " + String(repeating: sixteen, count: 3)) == nil)
        #expect(Self.firstTooDeep("{ " + String(repeating: "[", count: 10) + " } " + String(repeating: "[", count: 10)) == nil)
    }

    @Test func stringsEndWhereSwiftEndsThem() {
        let deep = String(repeating: "[", count: 17)
        #expect(Self.firstTooDeep(#"let s = "a\"\#(deep)""#) == nil, "an escaped quote does not end the string")
        #expect(Self.firstTooDeep(##"let s = #"\"#\##(deep)"##) == 13 + 16, "a raw string ends at its quote and hash")
        #expect(Self.firstTooDeep("let s = \"open\n\(deep)") == 14 + 16, "a one-line string ends at its line")
        #expect(Self.firstTooDeep(#"let s = "\(f("\#(deep)"))" + \#(deep)"#) == 38 + 16, "a string inside an interpolation")
    }
}
