import Foundation
import TestSupport
import Testing

/// The `diagram-check` tool as `scripts/diagram-check` runs it.
@Suite struct CheckToolTests {
    @Test func anUnreadableMachineIsNamedOnceWithItsPosition() throws {
        let tool = CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("diagram-check")
        let path = "Tests/FSMCoreTests/Fixtures/invalid/syntax-error.json"
        let result = try CommandRunner.run([path], program: tool)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(path):"), "the machine file's own error, with its line and column")
        #expect(result.stderr.components(separatedBy: path).count == 2, "the path is named once: \(result.stderr)")
    }
}
