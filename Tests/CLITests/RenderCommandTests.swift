import Foundation
import TestSupport
import Testing

@Suite struct RenderCommandTests {
    static let invalidDirectory = Golden.packageRoot.appendingPathComponent("Tests/FSMCoreTests/Fixtures/invalid")
    static let invalidFiles = ((try? FileManager.default.contentsOfDirectory(atPath: invalidDirectory.path)) ?? []).sorted()

    @Test func rendersASampleToSVG() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let output = directory.appendingPathComponent("flow.svg")
        let result = try CommandRunner.run(["render", "samples/ef-load-state.json", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "wrote \(output.path)\n", "one line says where the drawing went")
        let quiet = try CommandRunner.run(["render", "samples/ef-load-state.json", "-o", output.path, "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let svg = try String(contentsOf: output, encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains(">Loading</text>"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["flow.svg"], "temporary files left behind")
    }

    @Test(arguments: [("png", [UInt8]([0x89, 0x50, 0x4E, 0x47])), ("pdf", Array("%PDF".utf8)), ("dot", Array("digraph".utf8))])
    func formatFollowsTheOutputExtension(ext: String, magic: [UInt8]) throws {
        let output = try CommandRunner.temporaryDirectory().appendingPathComponent("flow.\(ext)")
        let result = try CommandRunner.run(["render", "samples/tcp.json", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: output).starts(with: magic))
    }

    @Test func writesToStandardOutputWithDash() throws {
        let result = try CommandRunner.run(["render", "samples/dd-sync.yaml", "-o", "-", "--format", "png"])
        #expect(result.status == 0)
        #expect(result.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let dot = try CommandRunner.run(
            ["render", "-", "-o", "-", "--format", "dot"], stdin: Array(#"{"initial": "A", "states": ["A"], "transitions": []}"#.utf8))
        #expect(dot.status == 0, "\(dot.stderr)")
        #expect(dot.stdoutText.hasPrefix("digraph machine {"))
    }

    @Test func rendersSeveralInputsIntoADirectoryAndReportsEveryFailure() throws {
        let directory = try CommandRunner.temporaryDirectory().appendingPathComponent("out")
        let result = try CommandRunner.run([
            "render", "samples/tcp.json", "Tests/FSMCoreTests/Fixtures/invalid/unknown-state.json",
            "samples/amplify-auth.yaml", "Tests/FSMCoreTests/Fixtures/invalid/empty.json", "-o", directory.path + "/",
        ])
        #expect(result.status == 2)
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(written == ["amplify-auth.svg", "tcp.svg"])
        #expect(result.stderr.contains("unknown-state.json:5:46: error:"))
        #expect(result.stderr.contains("empty.json:1:1: error:"))
    }

    @Test func aBatchReportsEveryFileItCannotWriteAndWritesTheRest() throws {
        let directory = try CommandRunner.temporaryDirectory().appendingPathComponent("out")
        // A directory where a diagram should go makes that one write fail, after the layout.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("tcp.svg"), withIntermediateDirectories: true)
        let result = try CommandRunner.run([
            "render", "samples/ef-load-state.json", "samples/tcp.json", "samples/amplify-auth.yaml", "-o",
            directory.path + "/",
        ])
        #expect(result.status == 3)
        #expect(result.stderr == "\(directory.path)/tcp.svg: error: cannot write: it is a directory\n")
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(written == ["amplify-auth.svg", "ef-load-state.svg", "tcp.svg"])
        let svg = try String(contentsOf: directory.appendingPathComponent("amplify-auth.svg"), encoding: .utf8)
        #expect(svg.hasSuffix("</svg>\n"), "the last file of a batch is written whole before the process ends")
    }

    @Test(arguments: invalidFiles)
    func invalidMachineExitsTwoNamesThePositionAndWritesNothing(file: String) throws {
        let directory = try CommandRunner.temporaryDirectory()
        let output = directory.appendingPathComponent("flow.svg")
        let input = "Tests/FSMCoreTests/Fixtures/invalid/\(file)"
        let result = try CommandRunner.run(["render", input, "-o", output.path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(input):"), "\(result.stderr)")
        #expect(result.stderr.contains(": error: "))
        #expect(result.stderr.split(separator: "\n").count == 1, "one diagnostic, no stack trace: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aFailedRenderKeepsThePreviousOutput() throws {
        let output = try CommandRunner.temporaryDirectory().appendingPathComponent("flow.svg")
        #expect(try CommandRunner.run(["render", "samples/tcp.json", "-o", output.path]).status == 0)
        let before = try Data(contentsOf: output)
        let failed = try CommandRunner.run(["render", "Tests/FSMCoreTests/Fixtures/invalid/syntax-error.json", "-o", output.path])
        #expect(failed.status == 2)
        #expect(try Data(contentsOf: output) == before)
    }

    @Test func unwritableDestinationsAreClearErrors() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let intoDirectory = try CommandRunner.run(["render", "samples/tcp.json", "-o", directory.path, "--format", "svg"])
        #expect(intoDirectory.status == 3, "one input and a directory without '/' is refused, as by convert and lint")
        #expect(intoDirectory.stderr == "\(directory.path): error: cannot write: it is a directory\n")
        // A missing folder is made, as for `-o diagrams/`; one below a regular file cannot be.
        let made = try CommandRunner.run(["render", "samples/tcp.json", "-o", directory.path + "/new/x/flow.svg", "--quiet"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.path + "/new/x/flow.svg"))
        let missing = try CommandRunner.run(["render", "samples/tcp.json", "-o", "samples/tcp.json/x/flow.svg"])
        #expect(missing.status == 3)
        #expect(missing.stderr == "samples/tcp.json/x/flow.svg: error: cannot write: its folder cannot be created\n")
    }

    @Test func missingGraphvizPluginsAreExplained() throws {
        let empty = try CommandRunner.temporaryDirectory()
        let output = empty.appendingPathComponent("flow.svg")
        let result = try CommandRunner.run(
            ["render", "samples/tcp.json", "-o", output.path], environment: ["GVBINDIR": empty.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("libgvc6-config-update -c"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func svgIsLaidOutWithoutTheMachinesFonts() throws {
        // Fontconfig complains on stderr about a configuration it cannot load as soon as pango
        // starts it: an SVG's text is sized by Graphviz's tables and never starts it, so the
        // drawing does not depend on the fonts installed. PNG draws glyphs and still does.
        let directory = try CommandRunner.temporaryDirectory()
        let noFonts = ["FONTCONFIG_FILE": directory.appendingPathComponent("missing.conf").path]
        let svg = directory.appendingPathComponent("flow.svg")
        let vector = try CommandRunner.run(["render", "samples/tcp.json", "-o", svg.path], environment: noFonts)
        #expect(vector.status == 0)
        #expect(vector.stderr == "wrote \(svg.path)\n")
        let png = directory.appendingPathComponent("flow.png")
        let bitmap = try CommandRunner.run(["render", "samples/tcp.json", "-o", png.path], environment: noFonts)
        #expect(bitmap.status == 0)
        #expect(bitmap.stderr.contains("Fontconfig"))
        // The tables know ASCII alone: other text is measured with the fonts even in an SVG.
        let japanese = directory.appendingPathComponent("player.json")
        try Data(#"{"initial": "待機", "states": ["待機", "再生中"], "transitions": [{"from": "待機", "event": "再生", "to": "再生中"}]}"#.utf8)
            .write(to: japanese)
        let measured = try CommandRunner.run(["render", japanese.path, "-o", svg.path], environment: noFonts)
        #expect(measured.status == 0)
        #expect(measured.stderr.contains("Fontconfig"))
    }

    /// Inputs with one base name would overwrite each other's diagram in one directory.
    @Test func inputsThatWouldShareAnOutputAreRefused() throws {
        let directory = try CommandRunner.temporaryDirectory()
        for folder in ["a", "b"] {
            let machine = directory.appendingPathComponent("\(folder)/door.json")
            try FileManager.default.createDirectory(at: machine.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "samples/transporter-door.json", toPath: machine.path)
        }
        let output = directory.appendingPathComponent("out")
        let result = try CommandRunner.run([
            "render", directory.appendingPathComponent("a/door.json").path, directory.appendingPathComponent("b/door.json").path,
            "-o", output.path + "/",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("would both be drawn to \(output.path)/door.svg"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: output.path))?.isEmpty ?? true)
    }

    @Test func renderingTwiceGivesIdenticalFiles() throws {
        let directory = try CommandRunner.temporaryDirectory()
        for name in ["a", "b"] {
            #expect(try CommandRunner.run(["render", "samples/amplify-auth.yaml", "-o", directory.appendingPathComponent("\(name).svg").path]).status == 0)
        }
        #expect(try Data(contentsOf: directory.appendingPathComponent("a.svg")) == Data(contentsOf: directory.appendingPathComponent("b.svg")))
    }

    @Test func badUsageExitsTwo() throws {
        let unknownExtension = try CommandRunner.run(["render", "samples/tcp.json", "-o", "flow.txt"])
        #expect(unknownExtension.status == 2)
        #expect(unknownExtension.stderr.contains("cannot tell the format of 'flow.txt'"))
        let unknownEngine = try CommandRunner.run(["render", "samples/tcp.json", "-o", "-", "--engine", "nope"])
        #expect(unknownEngine.status == 2)
        #expect(unknownEngine.stderr.contains("'nope'"))
        let unknownTheme = try CommandRunner.run(["dot", "samples/tcp.json", "--theme", "neon"])
        #expect(unknownTheme.status == 2)
        #expect(unknownTheme.stderr.contains("unknown theme 'neon'; available: standard, plain, dark"))
        #expect(try CommandRunner.run(["render"]).status == 2)
        #expect(try CommandRunner.run(["frobnicate"]).status == 2)
    }
}
