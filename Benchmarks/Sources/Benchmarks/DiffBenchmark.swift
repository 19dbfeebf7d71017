import FSMAnalysis
import FSMCore
import Foundation

/// Two versions of a machine compared inside one process, beside the analysis of both, so
/// that the comparison can be set against linting: loads, the diff, and both analyses apart.
enum DiffBenchmark {
    /// Loads `old` and `new`, then diffs and analyses them `runs` times; prints one JSON object
    /// with the medians, in seconds, and the number of changes.
    static func main(_ arguments: [String]) throws {
        guard arguments.count == 2 else { throw CocoaError(.fileReadUnknown) }
        let runs = Int(ProcessInfo.processInfo.environment["FSMVIZ_BENCH_RUNS"] ?? "") ?? 5
        let clock = ContinuousClock()
        var loads: [Double] = []
        var diffs: [Double] = []
        var analyses: [Double] = []
        var changes = 0
        for _ in 0..<runs {
            var machines: [Machine] = []
            loads.append(
                LintBenchmark.seconds(
                    try clock.measure {
                        machines = try arguments.map { try MachineFileLoader.load(path: $0) }
                    }))
            diffs.append(
                LintBenchmark.seconds(
                    clock.measure {
                        let diff = MachineDiff(from: machines[0], to: machines[1])
                        changes = diff.states.count + diff.transitions.count + diff.events.count
                    }))
            analyses.append(
                LintBenchmark.seconds(
                    clock.measure {
                        for machine in machines { _ = Analyzer().analyze(machine) }
                    }))
        }
        print(
            #"{"load": \#(LintBenchmark.median(loads)), "diff": \#(LintBenchmark.median(diffs)), "analysis": \#(LintBenchmark.median(analyses)), "changes": \#(changes)}"#
        )
    }
}
