import FSMCore
import Foundation
import TestSupport
import Testing

/// The keys the reader, the scanner and the writer share are the ones the published schema
/// describes, so an editor's completion and fsmviz agree on what a machine file may say.
@Suite struct MachineFileKeyTests {
    private static func schema() throws -> [String: Any] {
        let url = Golden.packageRoot.appendingPathComponent("docs/fsmviz-machine.schema.json")
        return try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// The property names of the object schema at `path` (keys into the schema, where an array
    /// step takes the first of its alternatives that has properties).
    private static func properties(at path: [String]) throws -> Set<String> {
        var node: Any = try schema()
        for step in path {
            if let alternatives = node as? [Any] {
                node = try #require(alternatives.first { ($0 as? [String: Any])?["properties"] != nil })
            }
            node = try #require((node as? [String: Any])?[step], "no '\(step)' in the schema")
        }
        return Set(try #require(node as? [String: Any]).keys)
    }

    private static func names<Key: MachineFileKey>(_: Key.Type) -> Set<String> {
        Set(Key.allCases.map(\.rawValue))
    }

    @Test func machineKeysAreTheSchemas() throws {
        #expect(Self.names(MachineKey.self) == (try Self.properties(at: ["properties"])))
    }

    @Test func stateKeysAreTheSchemas() throws {
        #expect(Self.names(StateKey.self) == (try Self.properties(at: ["$defs", "state", "oneOf", "properties"])))
    }

    @Test func eventKeysAreTheSchemas() throws {
        #expect(Self.names(EventKey.self) == (try Self.properties(at: ["$defs", "event", "oneOf", "properties"])))
    }

    @Test func transitionKeysAreTheSchemas() throws {
        #expect(Self.names(TransitionKey.self) == (try Self.properties(at: ["$defs", "transition", "properties"])))
    }

    @Test func lintKeysAreTheSchemas() throws {
        #expect(Self.names(LintKey.self) == (try Self.properties(at: ["properties", "lint", "properties"])))
    }
}
