// fsmviz's benchmarks, run by scripts/bench in a release build.
//   Benchmarks lint FILE...       prints one JSON line per machine file: load and analysis medians
//   Benchmarks parse-swift LIST   parses the Swift files listed in LIST with swift-syntax alone
//   Benchmarks diff OLD NEW       prints one JSON line: load, diff and analysis of both, medians
// The runtime's benchmark is an executable of its own (RuntimeBenchmark), built apart so that it
// measures the runtime as an application builds it, without cross-module optimization.
import Foundation

let sections = CommandLine.arguments.dropFirst()
do {
    switch sections.first {
    case "lint": try LintBenchmark.main(Array(sections.dropFirst()))
    case "parse-swift": try ParseBenchmark.main(Array(sections.dropFirst()))
    case "diff": try DiffBenchmark.main(Array(sections.dropFirst()))
    default:
        FileHandle.standardError.write(Data("usage: Benchmarks lint FILE... | Benchmarks parse-swift LIST | Benchmarks diff OLD NEW\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("Benchmarks: \(error)\n".utf8))
    exit(2)
}
