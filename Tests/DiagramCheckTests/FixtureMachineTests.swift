import DiagramCheck
import FSMCore
import FSMInterop
import Foundation
import Testing

/// The fixture machines load with the current importers, cover the shapes the drawing checks
/// exist for (nesting, parallel regions, history, many transitions), and can be laid out and
/// checked.
@Suite struct FixtureMachineTests {
    static func machines() throws -> [(name: String, machine: Machine)] {
        try MachineFixtures.files().map { url in (url.lastPathComponent, try MachineReader.read(path: url.path).machine) }
    }

    @Test func thereAreEnoughOfEveryShape() throws {
        let names = MachineFixtures.files().map(\.lastPathComponent)
        #expect(names.count >= 8)
        #expect(names.filter { $0.hasSuffix(".xstate.json") }.count >= 2)
        #expect(names.filter { $0.hasSuffix(".scxml") }.count >= 2)
        #expect(names.filter { $0.hasSuffix(".yaml") || ($0.hasSuffix(".json") && !$0.hasSuffix(".xstate.json")) }.count >= 2)
        #expect(try Self.machines().filter { $0.machine.states.count >= 50 }.count >= 2)
    }

    @Test func theyCoverHierarchyParallelismAndHistory() throws {
        let machines = try Self.machines().map(\.machine)
        let states = machines.flatMap(\.states)
        #expect(states.contains { $0.pseudoState == .deepHistory })
        #expect(states.contains { $0.pseudoState == .history })
        var parentReactions = (outside: false, itself: false, child: false)
        var forks = false
        var eventlessBesideEvented = false
        for machine in machines {
            for transition in machine.transitions where machine.isCompound(transition.source) {
                for target in transition.targets {
                    if target == transition.source {
                        parentReactions.itself = true
                    } else if machine.isDescendant(target, of: transition.source) {
                        parentReactions.child = true
                    } else {
                        parentReactions.outside = true
                    }
                }
            }
            forks = forks || machine.transitions.contains(where: machine.entersTogether)
            eventlessBesideEvented =
                eventlessBesideEvented
                || machine.transitions.contains { eventless in
                    eventless.event == nil && eventless.guardLabel != nil
                        && machine.transitions.contains {
                            $0.event != nil && $0.source == eventless.source && $0.targets == eventless.targets
                        }
                }
        }
        #expect(parentReactions == (true, true, true))
        #expect(forks)
        #expect(eventlessBesideEvented)
    }

    @Test func everyOneIsLaidOutAndChecked() throws {
        for url in MachineFixtures.files() {
            let report = try DiagramChecker().check(file: url.path)
            #expect(report.transitionCount > 0, "\(report.text)")
        }
    }
}
