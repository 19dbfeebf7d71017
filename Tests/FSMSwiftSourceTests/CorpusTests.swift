import FSMAnalysis
import FSMCore
import FSMInterop
import FSMLint
import FSMSwiftSource
import Foundation
import TestSupport
import Testing

/// Real machines from public Swift packages, which scripts/setup checks out into
/// `.build/swift-corpus/checkouts/` by resolving Tests/SwiftCorpus (never building it): each
/// package's machines as a whole, and a few machines transition by transition, against listings
/// worked out by reading their code.
@Suite struct CorpusTests {
    static let checkouts = Golden.packageRoot.appendingPathComponent(".build/swift-corpus/checkouts")

    /// The `.swift` files below a package's `Sources`, as `fsmviz lint` finds them.
    static func sources(_ package: String, _ below: String = "Sources") -> [String] {
        Linter.files(in: checkouts.appendingPathComponent("\(package)/\(below)").path, sourceReader: SwiftSourceReader()).paths
            .filter { $0.hasSuffix(".swift") }
    }

    static func requireCheckouts(sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        guard FileManager.default.fileExists(atPath: checkouts.appendingPathComponent("swift-nio-ssh").path) else {
            Issue.record("the Swift corpus is missing; \(Golden.runSetup)", sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// Where a found machine is, relative to the checkouts, with its name, style and counts.
    static func summary(_ machine: ModuleMachine) -> String {
        let path = machine.path.replacingOccurrences(of: checkouts.path + "/", with: "")
        let counts = machine.imported.machine
        return "\(path):\(machine.location.line) \(machine.name) (\(machine.style)): \(counts.states.count) states, "
            + "\(counts.events.count) events, \(counts.transitions.count) transitions"
    }

    /// The packages whose machines are listed, and whose lint errors are checked.
    static let packages = [
        "swift-nio", "swift-nio-ssh", "swift-nio-http2", "async-http-client", "postgres-nio", "grpc-swift-nio-transport",
        "swift-async-algorithms", "hummingbird", "swift-nio-ssl", "swift-nio-extras", "grpc-swift-2", "swift-nio-transport-services",
        "vapor", "swift-service-lifecycle", "swift-websocket", "EventSource", "swift-configuration", "swift-certificates",
    ]

    @Test(arguments: packages)
    func everyMachineOfAPackageIsFound(package: String) throws {
        guard Self.requireCheckouts() else { return }
        let found = try SwiftSourceReader().machines(in: Self.sources(package), limits: .standard).machines
        Golden.check(found.map(Self.summary).joined(separator: "\n") + "\n", against: Golden.fixtures().appendingPathComponent("corpus/\(package).txt"))
    }

    /// `fsmviz lint Sources/` on each package gives only the error-severity findings its golden
    /// file lists, and `corpus/lint-errors-why.txt` says, for each, why the code bears it out: a
    /// CI gate on these packages must not fail on sound code.
    @Test(arguments: packages)
    func lintErrorsOnAPackageAreTheOnesItsCodeBearsOut(package: String) throws {
        guard Self.requireCheckouts() else { return }
        let sources = Self.checkouts.appendingPathComponent("\(package)/Sources").path
        var linter = Linter()
        linter.sourceReader = SwiftSourceReader()
        let errors = linter.lint([sources]).flatMap { result in
            (result.findings.filter { $0.severity == .error }.map { "\($0.location?.line ?? 0): \($0.message) [\($0.ruleID)]" }
                + result.errors.map(\.message)).map { "\(result.path.replacingOccurrences(of: Self.checkouts.path + "/", with: "")):\($0)" }
        }
        Golden.check(
            errors.map { $0 + "\n" }.joined(), against: Golden.fixtures().appendingPathComponent("corpus/\(package)-lint-errors.txt"))
        let reasons = try String(contentsOf: Golden.fixtures().appendingPathComponent("corpus/lint-errors-why.txt"), encoding: .utf8)
        for error in errors {
            #expect(reasons.contains(error), "corpus/lint-errors-why.txt does not say why this finding is true: \(error)")
        }
    }

    @Test(arguments: [
        ("postgres-nio", "Sources/PostgresNIO/New/PSQLEventsHandler.swift", "PSQLEventsHandler"),
        ("swift-nio-http2", "Sources/NIOHTTP2/HPACKHeaders+Validation.swift", "BlockSection"),
        ("async-http-client", "Sources/AsyncHTTPClient/ConnectionPool/ChannelHandler/TLSEventsHandler.swift", "TLSEventsHandler"),
        ("swift-nio-ssh", "Sources/NIOSSH/SSHPacketParser.swift", "SSHPacketParser"),
        ("swift-nio", "Sources/NIOTLS/ProtocolNegotiationHandlerStateMachine.swift", "ProtocolNegotiationHandlerStateMachine"),
    ])
    func machineReadsAsItsListing(package: String, file: String, name: String) throws {
        guard Self.requireCheckouts() else { return }
        let path = Self.checkouts.appendingPathComponent("\(package)/\(file)").path
        let found = try SwiftSourceReader().machines(in: [path], limits: .standard).machines
        let machine = try #require(found.first { $0.name == name })
        Golden.check(MachineListing.describe(machine), against: Golden.fixtures().appendingPathComponent("corpus/\(name).txt"))
    }
}
