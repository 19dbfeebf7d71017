import Foundation
import TestSupport
import Testing

/// An input fsmviz leaves out is named in a warning, the summary says the run is incomplete and
/// the exit status is 4: a lint that read less than it was given must not pass for a clean one.
@Suite struct LeftOutInputTests {
    static let door = """
        enum DoorState { case open, closed, locked, jammed }
        enum DoorEvent { case open, close }
        struct Door {
            var state: DoorState = .closed
            func next(_ state: DoorState, _ event: DoorEvent) -> DoorState {
                switch (state, event) {
                case (.closed, .open): return .open
                case (.open, .close): return .closed
                case (.closed, .close): return .locked
                case (.locked, .open): return .jammed
                case (.jammed, .close): return .closed
                default: return state
                }
            }
        }

        """
    static let doorJSON =
        #"{"initial": "open", "states": ["open", "closed"], "transitions": [{"from": "open", "event": "close", "to": "closed"}, "#
        + #"{"from": "closed", "event": "open", "to": "open"}]}"#
    static let lamp =
        "enum Lamp {\n    case on, off\n    mutating func toggle() {\n        switch self {\n"
        + "        case .on: self = .off\n        case .off: self = .on\n        }\n    }\n}\n"

    @Test func aSwiftMachineOverALimitIsNamedAndTheRunIncomplete() throws {
        let directory = try CommandRunner.temporaryDirectory(holding: ["Door.swift": Self.door, "Lamp.swift": Self.lamp])
        let lint = try CommandRunner.run(["lint", "Door.swift", "Lamp.swift", "--max-states", "3"], in: directory)
        #expect(lint.status == 4, "\(lint.stderr)\(lint.stdoutText)")
        #expect(lint.stdoutText.contains("Door.swift:6:9: warning: machine 'Door' left out: the machine has 4 states, more than the limit of 3"))
        #expect(lint.stdoutText.contains("incomplete: 1 input left out"), "\(lint.stdoutText)")
        let render = try CommandRunner.run(["render", "Door.swift", "Lamp.swift", "-o", "out/", "--max-states", "3"], in: directory)
        #expect(render.status == 4, "\(render.stderr)")
        #expect(render.stderr.contains("Door.swift:6:9: warning: machine 'Door' left out"), "\(render.stderr)")
        #expect(render.stderr.contains("wrote out/Lamp.svg; incomplete"), "\(render.stderr)")
    }

    @Test func everyUnreadableSwiftFileIsNamedAndOtherModulesLinted() throws {
        let directory = try CommandRunner.temporaryDirectory(holding: [
            "Sources/A/Door.swift": Self.door.replacingOccurrences(of: "case (.jammed, .close): return .closed\n", with: ""),
            "Sources/B/Bad.swift": "enum X { case a b c }\n",
            "Sources/B/Worse.swift": "enum Y { case a }\n/* not closed\n",
            "Sources/B/Lamp.swift": Self.lamp,
        ])
        let lint = try CommandRunner.run(["lint", "Sources"], in: directory)
        #expect(lint.status == 2)
        #expect(lint.stdoutText.contains("Sources/B/Bad.swift:1:17: error: the file is not valid Swift"), "\(lint.stdoutText)")
        #expect(lint.stdoutText.contains("Sources/B/Worse.swift:"), "\(lint.stdoutText)")
        #expect(lint.stdoutText.contains("Sources/B/Lamp.swift: warning: not read: its module holds Sources/B/Bad.swift"), "\(lint.stdoutText)")
        // Module A's finding is still reported.
        #expect(lint.stdoutText.contains("Sources/A/Door.swift:1:"), "\(lint.stdoutText)")
        #expect(lint.stdoutText.contains("[dead-end]"), "\(lint.stdoutText)")
    }

    /// A name that is not UTF-8 cannot be a `String` path: the directory search names each such
    /// file or directory it would have read in a warning, in every command that searches.
    @Test func aNameThatIsNotUTF8IsNamedAndTheRunIncomplete() throws {
        let directory = try CommandRunner.temporaryDirectory(holding: ["m/Lamp.swift": Self.lamp, "m/door.json": Self.doorJSON])
        for name in ["b\u{FF}.json", "L\u{FF}.swift", "d\u{FF}"] {
            // The bytes of the name as written, with 0xFF standing alone, which UTF-8 never holds.
            let bytes = name.unicodeScalars.map { UInt8($0.value) }
            let path = Array(directory.appendingPathComponent("m").path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
            if name.hasPrefix("d") {
                #expect(mkdir(path.map { CChar(bitPattern: $0) }, 0o755) == 0)
            } else {
                let descriptor = open(path.map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                #expect(descriptor >= 0)
                close(descriptor)
            }
        }
        let warning = "warning: not read: its name is not UTF-8, which fsmviz cannot name a file by; rename it to read it"
        let lint = try CommandRunner.run(["lint", "m"], in: directory)
        #expect(lint.status == 4, "\(lint.stdoutText)")
        for shown in ["m/b\\xFF.json", "m/L\\xFF.swift", "m/d\\xFF"] {
            #expect(lint.stdoutText.contains("\(shown): \(warning)"), "\(lint.stdoutText)")
        }
        #expect(lint.stdoutText.contains("incomplete: 3 inputs left out"), "\(lint.stdoutText)")
        for command in [["list", "m"], ["render", "m", "-o", "out/"], ["diff", "m", "m"]] {
            let result = try CommandRunner.run(command, in: directory)
            #expect(result.status == 4, "\(command) \(result.stderr)")
            #expect(result.stderr.contains("m/L\\xFF.swift: \(warning)"), "\(command) \(result.stderr)")
        }
    }
}
