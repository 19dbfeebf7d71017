import FSMAnalysis
import FSMCore
import Foundation

/// Load and analysis of machine files measured separately inside one process, so the
/// analysis can be set against the peers' graph work alone.
enum LintBenchmark {
    /// One file's medians, in seconds.
    struct Result {
        var path: String
        var states: Int
        var transitions: Int
        var load: Double
        var analysis: Double
        var findings: Int
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Loads and analyses `path` `runs` times.
    static func run(_ path: String, runs: Int) throws -> Result {
        let clock = ContinuousClock()
        var loads: [Double] = []
        var analyses: [Double] = []
        var machine: Machine?
        var findings = 0
        for _ in 0..<runs {
            var loaded: Machine?
            loads.append(seconds(try clock.measure { loaded = try MachineFileLoader.load(path: path) }))
            guard let loaded else { continue }
            analyses.append(seconds(clock.measure { findings = Analyzer().analyze(loaded).count }))
            machine = loaded
        }
        return Result(
            path: path, states: machine?.states.count ?? 0, transitions: machine?.transitions.count ?? 0,
            load: median(loads), analysis: median(analyses), findings: findings)
    }

    /// Prints one JSON object per file, for scripts/bench to set beside the peers.
    static func main(_ arguments: [String]) throws {
        let runs = Int(ProcessInfo.processInfo.environment["FSMVIZ_BENCH_RUNS"] ?? "") ?? 5
        for path in arguments {
            let result = try run(path, runs: runs)
            print(
                #"{"path": "\#(result.path)", "states": \#(result.states), "transitions": \#(result.transitions), "load": \#(result.load), "analysis": \#(result.analysis), "findings": \#(result.findings)}"#
            )
        }
    }
}
