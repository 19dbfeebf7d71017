import FSMLint
import Foundation
import TestSupport
import Testing

/// docs/lint.md's rules table is generated from the rules' own descriptions; this keeps it
/// in sync. `FSMVIZ_UPDATE_GOLDEN=1` rewrites it.
@Suite struct DocumentationTests {
    static let document = Golden.packageRoot.appendingPathComponent("docs/lint.md")
    static let begin = "<!-- rules:begin (generated from the rules' descriptions; the test suite keeps it in sync) -->\n"
    static let end = "<!-- rules:end -->"

    @Test func theRulesTableInDocsLintMatchesTheRules() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "docs/lint.md lost its rules:begin marker")
        let finish = try #require(text.range(of: Self.end, range: start.upperBound..<text.endIndex))
        let table = RuleCatalog.markdownTable()
        if ProcessInfo.processInfo.environment["FSMVIZ_UPDATE_GOLDEN"] == "1" {
            let updated = text.replacingCharacters(in: start.upperBound..<finish.lowerBound, with: table)
            try Data(updated.utf8).write(to: Self.document)
            return
        }
        #expect(
            String(text[start.upperBound..<finish.lowerBound]) == table,
            "docs/lint.md's rules table is out of date; run the tests with FSMVIZ_UPDATE_GOLDEN=1")
    }
}
