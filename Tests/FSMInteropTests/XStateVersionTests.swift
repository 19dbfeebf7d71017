import FSMAnalysis
import FSMCore
import FSMInterop
import Testing

/// XState v4 configs are read as v4 reads them: a compound state without `initial` is a warning
/// and is entered with no child active, where v5 refuses the config.
@Suite struct XStateVersionTests {
    /// Harel's wristwatch, abridged: `alive` has regions' worth of children and no `initial`.
    static func watch(_ versionKey: String) -> String {
        """
        {
          "id": "watch", \(versionKey)
          "initial": "alive",
          "states": {
            "alive": {
              "states": {"displays": {"on": {"a": "alarm"}}, "alarm": {"on": {"b": "displays"}}},
              "on": {"die": "dead", "set": ".alarm"}
            },
            "dead": {"type": "final"}
          }
        }
        """
    }

    static func read(_ json: String, version: Int? = nil) throws -> ImportedMachine {
        try XStateImporter(version: version).read(Array(json.utf8), path: "watch.json")
    }

    @Test(arguments: [#""predictableActionArguments": true,"#, #""schema": {},"#, #""tsTypes": {},"#])
    func aVersionFourConfigWithoutInitialIsReadWithAWarning(versionKey: String) throws {
        let imported = try Self.read(Self.watch(versionKey))
        #expect(
            imported.warnings.map(\.message) == [
                "state 'alive' has child states but no 'initial': XState v4 enters it with no child active (v5 refuses the config); its children are entered only by transitions that target them"
            ])
        #expect(imported.warnings.first?.location?.line == 5)
        let alive = try #require(imported.machine.state("alive"))
        #expect(imported.machine.states.filter { $0.parent == alive.id }.allSatisfy { $0.kind == .normal })
        let findings = Analyzer().analyze(imported.machine, semantics: imported.semantics)
        #expect(!findings.contains { $0.ruleID == "unreachable-state" }, "set enters alarm, which leads to displays")
    }

    @Test func aVersionFiveConfigWithoutInitialIsRefused() {
        #expect(throws: MachineFileError.self) { try Self.read(Self.watch("")) }
        #expect(throws: MachineFileError.self) { try Self.read(Self.watch("\"predictableActionArguments\": true,"), version: 5) }
    }

    @Test func theVersionCanBeGiven() throws {
        #expect(try Self.read(Self.watch(""), version: 4).warnings.count == 1)
    }
}
