import FSMCore
import Foundation

/// The other processes of a batch render: Graphviz lays out one graph at a time in a process
/// (its parser and tables are process-wide), so a batch is split into consecutive slices and
/// each slice but the first is rendered by `fsmviz` started again on the same arguments with
/// its slice in ``environmentKey`` (an argument could land after a `--` and be read as an
/// input), while this process renders the first. SIGINT and SIGTERM are passed on to them.
///
/// What the workers print to standard error is passed on when each has finished, in slice
/// order, after this process's own slice: a batch reports its problems in the order of its
/// inputs whatever the number of processes.
struct RenderWorkers {
    /// Which consecutive part of a batch one process renders: `index` of `count`.
    struct Slice: Equatable {
        let index: Int
        let count: Int

        /// The slice written `INDEX/COUNT`, as ``environmentKey`` holds it; `nil` for anything else.
        init?(_ text: String) {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0, (0..<count).contains(index)
            else { return nil }
            self.init(index: index, count: count)
        }

        init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// This slice's part of `total` items: the first `total % count` slices take one more.
        func range(of total: Int) -> Range<Int> {
            let (size, extra) = total.quotientAndRemainder(dividingBy: count)
            let start = index * size + min(index, extra)
            return start..<(start + size + (index < extra ? 1 : 0))
        }
    }

    /// The environment variable that tells a worker which slice is its own.
    static let environmentKey = "FSMVIZ_RENDER_SLICE"

    /// The slice this process renders when a batch render started it, else `nil`.
    static var ownSlice: Slice? { ProcessInfo.processInfo.environment[environmentKey].flatMap(Slice.init) }

    /// Renders of fewer machines than this per process are left to one process: starting
    /// another costs about as much as rendering a few small machines.
    static let machinesPerProcess = 8

    /// How many processes a batch of `jobs` machines is split into with at most `limit` (one
    /// per core unless `--jobs` says otherwise).
    static func processCount(jobs: Int, limit: Int?) -> Int {
        max(1, min(limit ?? ProcessInfo.processInfo.activeProcessorCount, jobs / machinesPerProcess))
    }

    /// The workers of slices 1, 2, ... in order; `nil` for one that could not be started,
    /// whose slice this process renders itself.
    private var workers: [(process: Process, errors: FileHandle)?] = []

    /// Starts a worker for every slice but the first of `count`.
    init(count: Int) {
        for index in 1..<max(count, 1) {
            workers.append(Self.start(Slice(index: index, count: count)))
        }
    }

    private static func start(_ slice: Slice) -> (process: Process, errors: FileHandle)? {
        guard let executable = Bundle.main.executableURL else { return nil }
        let process = Process()
        process.executableURL = executable
        process.arguments = Array(CommandLine.arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment[environmentKey] = "\(slice.index)/\(slice.count)"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return nil
        }
        TemporaryFileCleanup.forwardSignals(to: process.processIdentifier)
        return (process, errors.fileHandleForReading)
    }

    /// Waits for the worker of slice `index`, passes on what it printed and returns its
    /// status; `nil` when it could not be started. `inputs` are the slice's, named when the
    /// worker dies before it finishes them.
    func finish(_ index: Int, inputs: [String]) -> ExitStatus? {
        guard let worker = workers[index - 1] else { return nil }
        // Read before waiting: a worker with more to say than a pipe holds waits for it.
        let printed = worker.errors.readDataToEndOfFile()
        worker.process.waitUntilExit()
        Console.writeError(String(decoding: printed, as: UTF8.self))
        guard worker.process.terminationReason == .exit else {
            let named = [inputs.first, inputs.count > 1 ? inputs.last : nil].compactMap { $0 }.map(Diagnostic.displayPath(for:))
            Console.printError(
                "error: the fsmviz process rendering \(named.joined(separator: " to ")) died of signal "
                    + "\(worker.process.terminationStatus); what it had not written is not drawn")
            return .failure
        }
        return ExitStatus(rawValue: worker.process.terminationStatus) ?? .failure
    }
}
