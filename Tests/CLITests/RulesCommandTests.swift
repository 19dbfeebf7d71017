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
