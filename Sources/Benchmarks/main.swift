// fsmviz's benchmarks, run by scripts/bench in a release build.
//   Benchmarks lint FILE...       prints one JSON line per machine file: load and analysis medians
// The runtime's benchmark is a client package of its own (scripts/bench-runtime), so that it
// measures the runtime as an application builds it, without cross-module optimization.
import Foundation

let sections = CommandLine.arguments.dropFirst()
guard sections.first == "lint" else {
    FileHandle.standardError.write(Data("usage: Benchmarks lint FILE...\n".utf8))
    exit(2)
}
do {
    try LintBenchmark.main(Array(sections.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("Benchmarks: \(error)\n".utf8))
    exit(2)
}
