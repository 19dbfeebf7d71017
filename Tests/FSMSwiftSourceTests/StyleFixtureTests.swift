import FSMCore
import FSMInterop
import FSMSwiftSource
import Foundation
import TestSupport
import Testing

/// Every style's fixtures, written for these tests in `Fixtures/styles/STYLE/`: each file (or
/// folder of files, read as one module) reads into the machines its golden listing beside it
/// holds (worked out by reading the code), among them one of that style; each file in
/// `near-misses/` only looks like a machine and gives none.
@Suite struct StyleFixtureTests {
    static let fixtures = Golden.fixtures()

    /// The machines of the fixture files `names`, relative to `Fixtures/`, read as one input.
    static func read(_ names: [String]) throws -> [ModuleMachine] {
        let paths = names.map { fixtures.appendingPathComponent($0).path }
        return try SwiftSourceReader().machines(in: paths, limits: .standard).machines
    }

    /// Each fixture of the folder `style` and the Swift files it is made of, relative to
    /// `Fixtures/`: a `.swift` file alone, or a folder's files in name order.
    static func fixtures(of style: String) throws -> [(name: String, files: [String])] {
        let folder = "styles/\(style)"
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path).sorted().compactMap { entry in
            let path = "\(folder)/\(entry)"
            if entry.hasSuffix(".swift") { return (String(entry.dropLast(".swift".count)), [path]) }
            var isFolder: ObjCBool = false
            guard entry != "near-misses", manager.fileExists(atPath: fixtures.appendingPathComponent(path).path, isDirectory: &isFolder), isFolder.boolValue
            else { return nil }
            let files = try manager.contentsOfDirectory(atPath: fixtures.appendingPathComponent(path).path).filter { $0.hasSuffix(".swift") }.sorted()
            return (entry, files.map { "\(path)/\($0)" })
        }
    }

    @Test(arguments: SwiftMachineStyle.all)
    func everyFixtureOfAStyleReadsAsItsGoldenListing(style: SwiftMachineStyle) throws {
        let found = try Self.fixtures(of: style.name)
        #expect(!found.isEmpty, "the style \(style) has no fixture in Fixtures/styles/\(style)")
        for fixture in found {
            let machines = try Self.read(fixture.files)
            #expect(machines.contains { $0.style == style.name }, "\(fixture.name) holds no machine of the style \(style)")
            Golden.check(
                machines.map(MachineListing.describe).joined(separator: "\n"),
                against: Self.fixtures.appendingPathComponent("styles/\(style)/\(fixture.name).txt"))
        }
    }

    @Test(arguments: SwiftMachineStyle.all)
    func aStylesNearMissesGiveNoMachine(style: SwiftMachineStyle) throws {
        let folder = Self.fixtures.appendingPathComponent("styles/\(style)/near-misses")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".swift") {
            #expect(try Self.read(["styles/\(style)/near-misses/\(name)"]).isEmpty, "\(name) is read as a machine")
        }
    }

    /// A folder of fixtures whose style no recognizer gives is a style the reader lost.
    @Test func everyFolderOfFixturesIsAStyleTheReaderKnows() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("styles").path).sorted()
        #expect(folders == SwiftMachineStyle.all.map(\.name).sorted())
    }
}
