import FSMAnalysis
import FSMCore
import FSMInterop
import Testing

/// XState's state guards (`in:` in v4, the `stateIn` guard in v5) are read as SCXML's `In()` is:
/// two sibling states are never active together, so guards on them exclude each other.
@Suite struct XStateInGuardTests {
    static func config(_ guards: (String, String)) -> String {
        """
        {
          "id": "lamp",
          "type": "parallel",
          "states": {
            "power": {"initial": "on", "states": {"on": {"on": {"flip": "off"}}, "off": {"on": {"flip": "on"}}}},
            "panel": {
              "initial": "idle",
              "states": {
                "idle": {"on": {"check": [{"target": "lit", \(guards.0)}, {"target": "dark", \(guards.1)}]}},
                "lit": {}, "dark": {}
              }
            }
          }
        }
        """
    }

    static func findings(_ guards: (String, String)) throws -> [Finding] {
        let imported = try MachineDocumentImporter(syntax: .json).read(Array(config(guards).utf8), path: "lamp.json")
        return Analyzer().analyze(imported.machine, semantics: imported.semantics).filter { $0.ruleID == "shadowed-transition" }
    }

    @Test func siblingStatesInV4InGuardsExcludeEachOther() throws {
        #expect(try Self.findings(("\"in\": \"#lamp.power.on\"", "\"in\": \"#lamp.power.off\"")).isEmpty)
        #expect(try Self.findings(("\"in\": \"power.on\"", "\"in\": \"power.off\"")).isEmpty, "a path from the machine's root")
    }

    @Test func siblingStatesInV5StateInGuardsExcludeEachOther() throws {
        let on = "\"guard\": {\"type\": \"xstate.stateIn\", \"params\": \"#lamp.power.on\"}"
        let off = "\"guard\": {\"type\": \"stateIn\", \"stateValue\": {\"power\": \"off\"}}"
        #expect(try Self.findings((on, off)).isEmpty)
    }

    @Test func aStateAndItsRegionSiblingMayHoldTogether() throws {
        let findings = try Self.findings(("\"in\": \"#lamp.power.on\"", "\"in\": \"#lamp.panel.idle\""))
        #expect(findings.map(\.severity) == [.info], "on and idle are in different regions, so both guards may hold")
    }

    @Test func theGuardIsDrawnAsTheStateItTests() throws {
        let imported = try MachineDocumentImporter(syntax: .json).read(
            Array(Self.config(("\"in\": \"#lamp.power.on\"", "\"in\": \"#lamp.power.off\"")).utf8), path: "lamp.json")
        #expect(imported.machine.transitions.compactMap(\.guardLabel) == ["In('power.on')", "In('power.off')"])
    }
}
