public import Foundation

/// Runs the built `fsmviz` executable, as a user would, and captures what it prints.
public struct CommandRunner {
    /// What one run produced.
    public struct Result {
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: String
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

        public init(status: Int32, stdout: [UInt8], stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The `fsmviz` binary SwiftPM built beside the test bundle.
    public static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("fsmviz")
    }()

    /// Runs `fsmviz` (or another `program`) with `arguments` in `directory`, feeding `stdin`.
    public static func run(
        _ arguments: [String], in directory: URL = Golden.packageRoot, stdin: [UInt8] = [],
        environment: [String: String] = [:], program: URL = executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.merge(environment) { _, new in new }
        process.environment = env
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Feed stdin and drain stderr on other threads while stdout is read here: a child that
        // writes as it reads (PlantUML on many diagrams) would otherwise fill one pipe while
        // this process is blocked on another.
        nonisolated(unsafe) var errorData = Data()
        let finished = DispatchGroup()
        finished.enter()
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(Data(stdin))
            try? input.fileHandleForWriting.close()
            finished.leave()
        }
        finished.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            finished.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        finished.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: [UInt8](outputData),
            stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// A fresh empty directory for a test's output files.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new temporary directory holding `files`, each text at its relative path (folders made
    /// on the way).
    public static func temporaryDirectory(holding files: [String: String]) throws -> URL {
        let directory = try temporaryDirectory()
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory
    }
}
