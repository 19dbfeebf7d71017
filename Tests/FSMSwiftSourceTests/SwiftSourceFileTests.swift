import FSMCore
import SwiftParser
import SwiftSyntax
import Testing

@testable import FSMSwiftSource

/// The line table a file keeps instead of swift-syntax's `SourceLocationConverter` gives the
/// line the compiler prints, for every token, whatever the line breaks and characters, and the
/// column in Unicode scalars where the compiler counts UTF-8 bytes.
@Suite struct SwiftSourceFileTests {
    static let texts = [
        "enum State { case a, b }\nfunc f() {}\n",
        "enum State {\r\n  case a\r\n}\r\nlet s: State = .a\r\n",
        "enum State {\r  case a\r}\rlet s = State.a",
        "let text = \"\"\"\n  line one\r\n  line two\n  \"\"\"\n/* a\n b */ let x = 1\n",
        "let é = \"日本語\" // 😀\n\tlet ü = 2\n\n\n#sourceLocation(file: \"x.swift\", line: 100)\nlet y = 3\n#sourceLocation()\n",
        "\u{FEFF}let bom = 1\n",
        "",
        "\n\r\n\r",
    ]

    @Test(arguments: texts)
    func everyTokenIsWhereTheCompilerSaysItIs(text: String) {
        let file = SwiftSourceFile(path: "a.swift", text: text)
        let converter = SourceLocationConverter(fileName: "a.swift", tree: file.tree)
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            let expected = converter.location(for: token.positionAfterSkippingLeadingTrivia)
            // A byte-order mark is no column.
            let mark = expected.line == 1 && text.hasPrefix("\u{FEFF}") ? 3 : 0
            let lineStart = converter.position(ofLine: expected.line, column: 1).utf8Offset + mark
            let before = Array(text.utf8)[lineStart..<token.positionAfterSkippingLeadingTrivia.utf8Offset]
            let column = before.count { $0 & 0xC0 != 0x80 } + 1
            let found = file.location(of: token)
            #expect(found.line == expected.line && found.column == column, "\(token.text): \(found) against \(expected.line):\(column)")
        }
    }
}
