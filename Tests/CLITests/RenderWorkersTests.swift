import Foundation
import TestSupport
import Testing

@testable import fsmviz

/// A batch render shared among processes gives what one process gives: the same files, byte
/// for byte, the same messages in the same order and the same exit status.
@Suite struct RenderWorkersTests {
    @Test func slicesCoverABatchInOrderWithoutGapsOrOverlap() {
        for total in [0, 1, 7, 16, 17, 200] {
            for count in 1...5 {
                let ranges = (0..<count).map { RenderWorkers.Slice(index: $0, count: count).range(of: total) }
                #expect(ranges.flatMap { Array($0) } == Array(0..<total))
                let sizes = ranges.map(\.count)
                #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(total) in \(count): \(sizes)")
            }
        }
        #expect(RenderWorkers.Slice("1/2") == RenderWorkers.Slice(index: 1, count: 2))
        #expect(RenderWorkers.Slice("2/2") == nil)
        #expect(RenderWorkers.Slice("0/0") == nil)
        #expect(RenderWorkers.Slice("x") == nil)
    }

    @Test func fewFilesStayInOneProcess() {
        #expect(RenderWorkers.processCount(jobs: 15, limit: 4) == 1)
        #expect(RenderWorkers.processCount(jobs: 16, limit: 4) == 2)
        #expect(RenderWorkers.processCount(jobs: 200, limit: 3) == 3)
        #expect(RenderWorkers.processCount(jobs: 200, limit: 1) == 1)
    }

    /// Twenty machine files, the twelfth and the last broken: the second half is a worker's.
    private func batch() throws -> (inputs: [String], directory: URL) {
        let directory = try CommandRunner.temporaryDirectory()
        let samples = ["tcp.json", "door.json", "ef-load-state.json", "amplify-auth.yaml"]
        var inputs: [String] = []
        for number in 0..<20 {
            let sample = samples[number % samples.count]
            let broken = number == 11 || number == 19
            let name = String(format: "m%02d.", number) + (broken ? "json" : URL(fileURLWithPath: sample).pathExtension)
            let input = directory.appendingPathComponent(name)
            let bytes =
                broken ? Data("{\"initial\": \"A\", \"states\": [".utf8) : try Data(contentsOf: Golden.packageRoot.appendingPathComponent("samples/" + sample))
            try bytes.write(to: input)
            inputs.append(input.path)
        }
        return (inputs, directory)
    }

    @Test func twoProcessesGiveWhatOneGives() throws {
        let (inputs, directory) = try batch()
        let one = directory.appendingPathComponent("one")
        let two = directory.appendingPathComponent("two")
        let serial = try CommandRunner.run(["render"] + inputs + ["-o", one.path + "/", "--jobs", "1"])
        let shared = try CommandRunner.run(["render"] + inputs + ["-o", two.path + "/", "--jobs", "2"])
        #expect(serial.status == 2)
        #expect(shared.status == serial.status)
        #expect(shared.stdout == serial.stdout)
        #expect(shared.stderr == serial.stderr.replacingOccurrences(of: one.path, with: two.path))
        #expect(serial.stderr.components(separatedBy: "m11.json").count == 2, "each broken file is reported once")
        let firstBroken = try #require(serial.stderr.range(of: "m11.json"))
        let lastBroken = try #require(serial.stderr.range(of: "m19.json"))
        #expect(firstBroken.lowerBound < lastBroken.lowerBound, "in the order of the inputs")
        let written = try FileManager.default.contentsOfDirectory(atPath: one.path).sorted()
        #expect(written.count == 18)
        #expect(try FileManager.default.contentsOfDirectory(atPath: two.path).sorted() == written)
        for name in written {
            #expect(
                try Data(contentsOf: one.appendingPathComponent(name)) == Data(contentsOf: two.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test func aCountBelowOneIsAUsageError() throws {
        let result = try CommandRunner.run(["render", "samples/tcp.json", "--jobs", "0"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--jobs takes a count of 1 or more"))
    }
}
