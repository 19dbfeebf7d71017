// fsmviz's benchmarks, run by scripts/bench in a release build.
//   Benchmarks [runtime]          prints the runtime's Markdown table
//   Benchmarks lint FILE...       prints one JSON line per machine file: load and analysis medians
import Foundation

let sections = CommandLine.arguments.dropFirst()
if sections.first == "lint" {
    do {
        try LintBenchmark.main(Array(sections.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("Benchmarks: \(error)\n".utf8))
        exit(2)
    }
} else if sections.isEmpty || sections.contains("runtime") {
    let results = RuntimeBenchmark.run()
    let floor = results[0].nanosecondsPerEvent
    print("### Runtime: events through a 10-state machine\n")
    print("| run | events | events/s | ns/event | × floor |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for result in results {
        let ratio = result.nanosecondsPerEvent / floor
        print(String(format: "| %@ | %d | %.0f | %.1f | %.1f |", result.name, result.events, result.eventsPerSecond, result.nanosecondsPerEvent, ratio))
    }
    print("")
}
