import FSMAnalysis
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

    /// A page that counts the rules ("ten rules") must count them as `fsmviz rules` lists them.
    @Test func everyPageThatCountsTheRulesCountsThemAll() throws {
        let numbers = [
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
            "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
        ]
        let docs = Golden.packageRoot.appendingPathComponent("docs")
        let pages =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        for page in pages {
            let text = try String(contentsOf: Golden.packageRoot.appendingPathComponent(page), encoding: .utf8)
            for match in text.matches(of: /(?i)\b([a-z]+|[0-9]+)\s+(?:lint\s+)?rules\b/) {
                let word = match.1.lowercased()
                guard let count = Int(word) ?? numbers.firstIndex(of: word).map({ $0 + 1 }) else { continue }
                #expect(count == Analyzer.allRules.count, "\(page) says '\(match.0)'; fsmviz rules lists \(Analyzer.allRules.count)")
            }
        }
    }
}
