import FSMAnalysis
import FSMCore
import FSMLint
import Foundation
import Testing

/// What a reader leaves out is reported once per kind and file: the same warning said for each
/// of nine `<datamodel>` elements is one finding at the first, with the count.
@Suite struct UnsupportedContentTests {
    @Test func oneMessageSaidSeveralTimesIsOneFindingWithItsCount() throws {
        let datamodels = (1...3).map {
            "  <state id=\"s\($0)\"><datamodel><data id=\"d\($0)\"/></datamodel>"
                + "<transition event=\"go\" target=\"s\($0 % 3 + 1)\"/></state>"
        }
        let scxml =
            "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" initial=\"s1\">\n"
            + datamodels.joined(separator: "\n") + "\n</scxml>\n"
        let root = try LinterTests.tree(["m.scxml": scxml])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = Linter().lint(file: root.appendingPathComponent("m.scxml").path)
        let unsupported = result.findings.filter { $0.ruleID == Linter.unsupportedContentRuleID }
        #expect(
            unsupported.map(\.message) == ["<datamodel> is not analysed: fsmviz reads conditions as opaque guards (3 times in this file; this is the first)"])
        #expect(unsupported.first?.location?.line == 2)
    }
}
