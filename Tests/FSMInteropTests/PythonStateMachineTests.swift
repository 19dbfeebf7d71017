import FSMAnalysis
import FSMCore
import FSMInterop
import Testing

/// python-statemachine's own JSON and YAML definitions, which its users keep beside their code,
/// are read, drawn and linted with SCXML's rules (the library follows SCXML's semantics).
@Suite struct PythonStateMachineTests {
    static func read(_ yaml: String, path: String = "machine.yaml") throws -> ImportedMachine {
        try MachineDocumentImporter(syntax: .yaml).read(Array(yaml.utf8), path: path)
    }

    static let player = """
        name: player
        description: A player with a parallel state and history
        datamodel:
          - {id: track, expr: "0"}
        states:
          off:
            initial: true
            transitions:
              - {event: power, target: powered}
          powered:
            parallel: true
            exit: stopAll
            states:
              sound:
                states:
                  loud: {transitions: [{event: mute, target: muted}]}
                  muted:
                    initial: yes
                    transitions: [{event: mute, target: loud}]
              playback:
                history:
                  resume: {type: deep, transitions: [{target: playing}]}
                states:
                  playing:
                    enter: [{log: {label: state, expr: "'playing'"}}, {raise: started}]
                    transitions:
                      - {event: "pause stop", target: paused, cond: ["hasTrack()", "not locked"], on: [{assign: {location: track, expr: "track + 1"}}]}
                      - {event: pause, target: playing, unless: "hasTrack()"}
                  paused:
                    transitions: [{event: play, target: resume}]
            transitions:
              - {event: power, target: done}
          done:
            final: true
        """

    @Test func statesTransitionsAndActionsAreRead() throws {
        let imported = try Self.read(Self.player)
        let machine = imported.machine
        #expect(imported.semantics.source == .pythonStateMachine)
        #expect(machine.name == "player")
        #expect(machine.summary == "A player with a parallel state and history")
        #expect(machine.initialState == "off")
        #expect(machine.isParallel("powered"))
        #expect(machine.regions(of: "powered") == ["sound", "playback"])
        #expect(machine.initialChild(of: "sound") == "muted")
        #expect(machine.initialChild(of: "playback") == "playing")
        #expect(machine.state("resume")?.pseudoState == .deepHistory)
        #expect(machine.state("done")?.kind == .final)
        #expect(machine.state("powered")?.exitEffects == ["stopAll"])
        #expect(machine.state("playing")?.entryEffects == ["log state: 'playing'", "raise started"])
        let pauses = machine.transitions(from: "playing")
        #expect(pauses.map { $0.event?.rawValue } == ["pause", "stop", "pause"])
        #expect(pauses.first?.guardLabel == "(hasTrack()) and (not locked)")
        #expect(pauses.first?.effects == ["track = track + 1"])
        #expect(pauses.last?.guardLabel == "not (hasTrack())")
        #expect(imported.warnings.map(\.message) == ["'datamodel' is not analysed: fsmviz reads conditions as opaque guards"])
    }

    @Test func itIsLintedWithSCXMLsRules() throws {
        let imported = try Self.read(Self.player)
        // `pause` twice from `playing`: the guards exclude each other (`hasTrack()` against its
        // negation), so nothing is reported; the machine is sound otherwise.
        #expect(Analyzer().analyze(imported.machine, semantics: imported.semantics).map(\.message) == [])
        let shadowed = try Self.read(
            """
            states:
              idle:
                initial: true
                transitions:
                  - {event: go, target: a}
                  - {event: go, target: b}
              a: {final: true}
              b: {final: true}
            """)
        #expect(
            Analyzer().analyze(shadowed.machine, semantics: shadowed.semantics).map(\.ruleID)
                == ["shadowed-transition", "unreachable-state"])
    }

    /// A definition whose only python-statemachine marks are on nested states is still one,
    /// not an XState config; one without any mark is XState's unless the format is named.
    @Test func marksOnNestedStatesTellItFromXState() throws {
        let nested = "states:\n  session:\n    states:\n      idle:\n        initial: true\n        transitions: [{event: go, target: busy}]\n      busy: {}\n"
        let read = try Self.read(nested)
        #expect(read.semantics.source == .pythonStateMachine)
        #expect(read.machine.states.map(\.id) == ["session", "idle", "busy"])
        let unmarked = Array("states:\n  a: {}\n  b: {}\n".utf8)
        let named = try MachineFormat.pythonStateMachine.importer?.read(unmarked, path: "machine.yaml")
        #expect(named?.semantics.source == .pythonStateMachine)
        #expect(named?.machine.states.map(\.id) == ["a", "b"])
    }

    @Test func mistakesAreErrorsWithSuggestions() throws {
        #expect(throws: MachineFileError.self) { try Self.read("states:\n  a:\n    initial: true\n    transitons: []\n") }
        do {
            _ = try Self.read("states:\n  a:\n    initial: true\n    transitons: []\n")
        } catch let error as MachineFileError {
            #expect(error.description == "machine.yaml:4:5: error: unknown key 'transitons' in a state; did you mean 'transitions'?")
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            _ = try Self.read("states:\n  loading:\n    initial: true\n    transitions: [{event: go, target: laoding}]\n")
        } catch let error as MachineFileError {
            #expect(error.message.hasSuffix("; did you mean 'loading'?"), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
