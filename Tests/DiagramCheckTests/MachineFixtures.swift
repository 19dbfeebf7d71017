import Foundation
import TestSupport

/// The realistic machines under `Fixtures/machines/`, written for the diagram checks.
enum MachineFixtures {
    static var directory: URL { Golden.fixtures().appendingPathComponent("machines") }

    /// Every fixture machine file, sorted by name.
    static func files() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }
}
