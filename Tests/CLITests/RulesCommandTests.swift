import Foundation
import TestSupport
import Testing

@Suite struct RulesCommandTests {
    @Test(arguments: [["rules"], ["rules", "dead-end"], ["rules", "nondeterministic-trigger"]])
    func outputMatchesItsGoldenFile(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        Golden.check(
            result.stdoutText,
            against: Golden.fixtures().appendingPathComponent("rules/\(arguments.joined(separator: "-")).txt"))
    }

    @Test func everyRuleIsListedAndExplained() throws {
        let listing = try CommandRunner.run(["rules"]).stdoutText
        let ids = listing.split(separator: "\n").compactMap { line -> String? in
            guard let space = line.firstIndex(of: " "), !line.hasPrefix(" "), line.contains("): ") else { return nil }
            return String(line[..<space])
        }
        #expect(ids.count == 12)
        for id in ids {
            let detail = try CommandRunner.run(["rules", id])
            #expect(detail.status == 0)
            #expect(detail.stdoutText.hasPrefix("\(id): "))
            #expect(detail.stdoutText.contains("Flagged"))
            #expect(detail.stdoutText.contains("Accepted"))
        }
    }

    /// `--format json` lists the rules (or the one named) for tools, with the same ids and
    /// examples as the text.
    @Test(arguments: [["rules"], ["rules", "dead-end"]])
    func theJSONListingHasEveryRuleOrTheOneNamed(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(
            result.stdoutText,
            against: Golden.fixtures().appendingPathComponent("rules/\(arguments.joined(separator: "-"))-json.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let rules = try #require(document["rules"] as? [[String: Any]])
        #expect(rules.count == (arguments.count == 1 ? 12 : 1))
        #expect(rules.allSatisfy { ($0["flagged"] as? [Any])?.isEmpty == false && $0["severity"] is String })
    }

    @Test func anUnknownRuleExitsTwoWithASuggestion() throws {
        let result = try CommandRunner.run(["rules", "dead-ends"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: unknown rule 'dead-ends'; did you mean 'dead-end'?\n"))
        let far = try CommandRunner.run(["rules", "xyzzy"])
        #expect(far.status == 2)
        #expect(far.stderr.hasPrefix("Error: unknown rule 'xyzzy'; 'fsmviz rules' lists the rules\n"))
    }
}
