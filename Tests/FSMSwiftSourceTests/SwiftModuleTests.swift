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
        ("main:Sources/NIOFS/x.swift", "NIOFS"),
    ])
    func aFileBelongsToTheTargetFolderBelowSources(path: String, module: String) {
        #expect(SwiftModule.name(containing: path) == module)
    }

    static func files(_ folder: String) -> [String] {
        Linter.files(in: Golden.fixtures().appendingPathComponent(folder).path, sourceReader: SwiftSourceReader()).paths
    }

    static func read(_ paths: [String]) throws -> [ModuleMachine] {
        try SwiftSourceReader().machines(in: paths, limits: .standard).machines
    }

    static func summary(_ machine: ModuleMachine) -> String {
        "\(machine.name): \(machine.imported.machine.states.count) states, \(machine.imported.machine.transitions.count) transitions"
    }

    @Test func aTypeDeclaredInTwoTargetsIsTwoMachines() throws {
        let found = try Self.read(Self.files("targets/Sources"))
        #expect(found.map(Self.summary) == ["Garage.Door: 3 states, 2 transitions", "Kitchen.Door: 2 states, 2 transitions"])
        // Drawings and the files `render DIR -o out/` writes are named after the machine.
        #expect(found.map(\.imported.machine.name) == ["Garage.Door", "Kitchen.Door"])
    }

    /// Modules are read on every core at once, and each module's files too: together they give
    /// what each gives alone, in the same order.
    @Test func modulesReadTogetherGiveWhatEachGivesAlone() throws {
        let styles = Self.files("styles")
        let targets = Self.files("targets/Sources")
        // Names alike across modules get their module's name, so the listings are compared
        // without their first line, which holds the name.
        let described = { (machine: ModuleMachine) in
            "\(machine.location)\n" + MachineListing.describe(machine).split(separator: "\n").dropFirst().joined(separator: "\n")
        }
        let together = try Self.read(styles + targets).map(described)
        let apart = try (Self.read(styles) + Self.read(targets)).sorted { $0.location < $1.location }.map(described)
        #expect(styles.count > 10)
        #expect(together.count > 20)
        #expect(together == apart)
    }
}
