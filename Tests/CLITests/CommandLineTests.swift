import Foundation
import TestSupport
import Testing

@Suite struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdoutText == "0.1.0\n")
        for command in [
            ["--help"], ["render", "--help"], ["dot", "--help"], ["help", "render"], ["lint", "--help"], ["rules", "--help"], ["convert", "--help"],
            ["watch", "--help"], ["sync", "--help"], ["diff", "--help"],
        ] {
            let help = try CommandRunner.run(command)
            #expect(help.status == 0, "\(command)")
            Golden.check(
                help.stdoutText,
                against: Golden.fixtures().appendingPathComponent("help/\(command.joined(separator: "-")).txt"))
        }
    }

    /// `fsmviz help NAME` names a subcommand; a NAME that is none is an error with a suggestion,
    /// not the main help with status 0. So is a mistyped subcommand itself, which ArgumentParser
    /// would call unexpected arguments.
    @Test(arguments: [
        (["help", "nope"], "Error: unknown subcommand 'nope'; 'fsmviz --help' lists them\n"),
        (["help", "rendr"], "Error: unknown subcommand 'rendr'; did you mean 'render'?\n"),
        (["lnt", "samples/door.scxml"], "Error: unknown subcommand 'lnt'; did you mean 'lint'?\n"),
    ])
    func helpForAnUnknownSubcommandIsAnError(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message)
    }

    /// A path that names nothing is said to be missing, with the nearest name beside it, not
    /// blamed on its format.
    @Test func aMistypedPathIsMissingWithTheNameMeant() throws {
        let result = try CommandRunner.run(["lint", "sample/"])
        #expect(result.status == 2)
        #expect(result.stdoutText.hasPrefix("sample/: error: no such file; did you mean 'samples'?\n"))
    }

    @Test(arguments: ["states", "flowdiagram"])
    func dotPrintsTheSameDOTAsTheLibrary(style: String) throws {
        let result = try CommandRunner.run(["dot", "samples/ef-load-state.json", "--style", style])
        #expect(result.status == 0)
        let golden = Golden.packageRoot.appendingPathComponent("Tests/FSMDOTTests/Fixtures/golden/ef-load-state.\(style).dot")
        #expect(result.stdoutText == (try String(contentsOf: golden, encoding: .utf8)))
    }

    @Test func dotReportsInvalidInput() throws {
        let result = try CommandRunner.run(["dot", "Tests/FSMCoreTests/Fixtures/invalid/unknown-key.json"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "Tests/FSMCoreTests/Fixtures/invalid/unknown-key.json:4:3: error: unknown key 'trnsitions' in the machine; did you mean 'transitions'?\n")
        #expect(result.stdout.isEmpty)
    }
}
