import FSMCore
import FSMInterop
import FSMLint
import Foundation
import TestSupport
import Testing

@testable import FSMSwiftSource

/// Files are read as the modules SwiftPM builds them into, so a type that two targets both
/// declare is two machines, not one with both's transitions.
@Suite struct SwiftModuleTests {
    @Test(arguments: [
        ("Sources/NIOCore/Channel.swift", "NIOCore"),
        ("pkg/Sources/NIOCore/Async/Writer.swift", "NIOCore"),
        ("/abs/Tests/CoreTests/DoorTests.swift", "CoreTests"),
        ("Sources/Outer/Sources/Inner/File.swift", "Inner"),
        ("Sources/main.swift", ""),
        ("Door.swift", ""),
        ("<stdin>", ""),
    ])
    func aFileBelongsToTheTargetFolderBelowSources(path: String, module: String) {
        #expect(SwiftModule.name(containing: path) == module)
    }

    @Test func aTypeDeclaredInTwoTargetsIsTwoMachines() throws {
        let targets = Golden.fixtures().appendingPathComponent("targets/Sources")
        let paths = Linter.files(in: targets.path, sourceReader: SwiftSourceReader())
        let found = try SwiftSourceReader().machines(in: paths, limits: .standard).machines
        let summary = found.map { machine in
            "\(machine.name): \(machine.imported.machine.states.count) states, \(machine.imported.machine.transitions.count) transitions"
        }
        #expect(summary == ["Garage.Door: 3 states, 2 transitions", "Kitchen.Door: 2 states, 2 transitions"])
    }
}
