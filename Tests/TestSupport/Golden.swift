public import Foundation
public import Testing

/// Compares output with golden files under a test target's `Fixtures` folder.
///
/// Set `FSMVIZ_UPDATE_GOLDEN=1` to rewrite the golden files from the current output instead;
/// review the diff before committing it.
public enum Golden {
    /// The repository's root, found from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `samples/` in the repository.
    public static var samplesDirectory: URL { packageRoot.appendingPathComponent("samples") }

    /// `../shared/corpus/` beside the repository: public state machines written by others,
    /// which tests read in place and never copy into the project.
    public static var corpusDirectory: URL {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// Every file below ``corpusDirectory``, as paths relative to it, sorted.
    public static func corpusFiles() -> [String] {
        let root = corpusDirectory.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(relative)
            }
        }
        return files.sorted()
    }

    /// Every sample machine file, sorted by name.
    public static func sampleFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samplesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .sorted().map { samplesDirectory.appendingPathComponent($0) }
    }

    /// The `Fixtures` folder of the test target that `filePath` belongs to.
    public static func fixtures(_ filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// Records an issue unless `actual` equals the golden file at `url`.
    public static func check(
        _ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if ProcessInfo.processInfo.environment["FSMVIZ_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "missing golden file \(url.path); run the tests with FSMVIZ_UPDATE_GOLDEN=1 to create it",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        #expect(actual == expected, "output differs from \(url.lastPathComponent)", sourceLocation: sourceLocation)
    }
}
