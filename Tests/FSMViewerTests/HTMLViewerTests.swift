import FSMAnalysis
import FSMCore
import FSMDOT
import FSMRendering
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import FSMViewer

/// The HTML viewer's page as text: its structure, how the machine's data is escaped, its
/// security policy and determinism. scripts/ci/browser-test runs the page in Chromium.
@Suite struct HTMLViewerTests {
    let renderer = GraphvizRenderer()

    static let hostileNames = [
        "</script><script>alert(1)</script>", "\"><img src=x onerror=alert(2)>", "javascript:alert(3)",
        "<!-- open", "a\u{2028}b\u{2029}c", "'&amp;'", "</SCRIPT >", "<\u{0}/script>",
    ]

    func machine(_ json: String) throws -> Machine {
        try MachineFileLoader.load(bytes: Array(json.utf8), format: .json, path: "test.json")
    }

    func hostileMachine() throws -> Machine {
        let states = Self.hostileNames.enumerated().map { index, name in
            State(StateID(name), label: name, kind: index == 0 ? .initial : .normal)
        }
        let transitions = zip(Self.hostileNames, Self.hostileNames.dropFirst()).map { source, target in
            Transition(
                from: StateID(source), on: EventID("</script>" + target), to: StateID(target),
                guard: "a < b && c > d", effects: ["<img src=x onerror=alert(4)>"])
        }
        return try Machine(name: "</title><script>alert(5)</script>", states: states, transitions: transitions)
    }

    func page(_ machine: Machine, findings: [Finding] = []) throws -> String {
        let svg = try renderer.render(machine, format: .svg)
        return String(decoding: HTMLViewer(machine: machine, findings: findings).page(svg: svg), as: UTF8.self)
    }

    /// The text of the JSON element, and the page around it.
    func dataElement(of page: String) throws -> String {
        let opening = #"<script type="application/json" id="fsmviz-machine">"#
        let start = try #require(page.firstRange(of: opening))
        let end = try #require(page[start.upperBound...].firstRange(of: "</script>"))
        return String(page[start.upperBound..<end.lowerBound])
    }

    func occurrences(of needle: String, in text: String) -> Int {
        text.lowercased().ranges(of: needle.lowercased()).count
    }

    @Test func thePageIsTitledAsTheDiagramIs() throws {
        let machine = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("tcp.json").path)
        let svg = try renderer.render(machine, format: .svg)
        let titled = String(decoding: HTMLViewer(machine: machine, title: "TCP <states>").page(svg: svg), as: UTF8.self)
        #expect(titled.contains("<title>TCP &lt;states&gt;</title>"))
        let untitled = String(decoding: HTMLViewer(machine: machine, title: "").page(svg: svg), as: UTF8.self)
        #expect(untitled.contains("<title>\(machine.name ?? "State machine")</title>"))
    }

    @Test func aPageIsOneDocumentWithTheDrawingInlineAndNothingToLoad() throws {
        let machine = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("tcp.json").path)
        let svg = try renderer.render(machine, format: .svg)
        let page = String(decoding: HTMLViewer(machine: machine).page(svg: svg), as: UTF8.self)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.hasSuffix("</body>\n</html>\n"))
        #expect(occurrences(of: "<svg", in: page) == 1)
        // Graphviz's XML declaration, doctype and comments are left out; the drawing's ids stay.
        #expect(!page.contains("<?xml") && !page.contains("<!--") && !page.contains("svg11.dtd"))
        let svgText = String(decoding: svg, as: UTF8.self)
        #expect(occurrences(of: "data-state=", in: page) == occurrences(of: "data-state=", in: svgText))
        #expect(occurrences(of: "data-transition=", in: page) == occurrences(of: "data-transition=", in: svgText))
        #expect(page.contains(#"<g id="state&#45;LISTEN" class="node state atomic" data-state="LISTEN">"#))
        // Nothing is fetched: no source, link or import of any kind.
        for loading in ["src=", "href=", "@import", "url(", "fetch(", "XMLHttpRequest", "WebSocket", "https:"] {
            #expect(!page.contains(loading), "the page contains \(loading)")
        }
        // The only addresses are the SVG's namespace names, which nothing fetches.
        let addresses = page.matches(of: /[a-z:]*="?http:[^" ]*/).map { String($0.output) }
        #expect(addresses == [#"xmlns="http://www.w3.org/2000/svg"#, #"xmlns:xlink="http://www.w3.org/1999/xlink"#])
        #expect(occurrences(of: "<script", in: page) == 2)
        #expect(page.contains("<title>TCP Connection State Diagram</title>"))
    }

    @Test func thePolicyRefusesEveryRequestAndRunsOnlyThePagesOwnScriptAndStyle() throws {
        let page = try page(machine(#"{"initial": "a", "states": ["a", "b"], "transitions": [{"from": "a", "event": "go", "to": "b"}]}"#))
        let policy = try #require(page.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/)?.1)
        let directives = policy.split(separator: "; ").map(String.init)
        #expect(directives.first == "default-src 'none'")
        let script = try #require(page.firstMatch(of: /<script>(.*?)<\/script>/.dotMatchesNewlines())?.1)
        let style = try #require(page.firstMatch(of: /<style>(.*?)<\/style>/.dotMatchesNewlines())?.1)
        #expect(directives.contains("script-src \(CSPHash.source(of: String(script)))"))
        #expect(directives.contains("style-src \(CSPHash.source(of: String(style)))"))
        #expect(!policy.contains("unsafe"))
    }

    /// The page carries `Resources/viewer.js` and `viewer.css` byte for byte, each on lines of
    /// its own: the files node checks and editors lint are the ones that run.
    @Test func thePageCarriesTheResourceFilesUnchanged() throws {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/FSMViewer/Resources").standardized
        let script = try String(contentsOf: resources.appendingPathComponent("viewer.js"), encoding: .utf8)
        let style = try String(contentsOf: resources.appendingPathComponent("viewer.css"), encoding: .utf8)
        #expect(script.contains("\"use strict\";") && style.contains(":root{"))
        let page = try page(machine(#"{"initial": "a", "states": ["a"], "transitions": []}"#))
        #expect(page.contains("<script>\n" + script + "</script>"))
        #expect(page.contains("<style>\n" + style))
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256MatchesTheStandardsVectors(message: String, digest: String) {
        let hex: [String] = CSPHash.sha256(Array(message.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        #expect(hex.joined() == digest)
    }

    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("foobar", "Zm9vYmFy")])
    func base64MatchesRFC4648(text: String, encoded: String) {
        #expect(CSPHash.base64(Array(text.utf8)) == encoded)
    }

    @Test func aHostileMachineTravelsAsDataAndCannotCloseItsElement() throws {
        let machine = try hostileMachine()
        let page = try page(machine)
        // Exactly the page's two scripts, whatever the names say.
        #expect(occurrences(of: "<script", in: page) == 2)
        #expect(occurrences(of: "</script", in: page) == 2)
        #expect(!page.contains("<img") && !page.contains("<!--"))
        let data = try dataElement(of: page)
        for character in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!data.contains(character)) }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let states = try #require(document["states"] as? [[String: Any]])
        #expect(states.compactMap { $0["id"] as? String } == Self.hostileNames)
        #expect(states.compactMap { $0["label"] as? String } == Self.hostileNames)
        let transitions = try #require(document["transitions"] as? [[String: Any]])
        #expect(transitions.first?["guard"] as? String == "a < b && c > d")
        #expect(transitions.first?["effects"] as? [String] == ["<img src=x onerror=alert(4)>"])
        #expect(document["name"] as? String == machine.name)
        #expect(page.contains("<title>&lt;/title&gt;&lt;script&gt;alert(5)&lt;/script&gt;</title>"))
    }

    @Test func hostileMachinesAlwaysGiveDataThatParsesBackToTheirNames() async {
        await propertyCheck(count: 300, input: HostileMachine.machines) { machine in
            let data = HTMLViewerData(machine: machine, findings: machine.analyze()).json
            for character in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!data.contains(character)) }
            guard let document = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any],
                let states = document["states"] as? [[String: Any]]
            else {
                Issue.record("not JSON: \(data)")
                return
            }
            #expect(states.compactMap { $0["id"] as? String } == machine.states.map(\.id.rawValue))
            #expect(states.compactMap { $0["label"] as? String } == machine.states.map(\.displayName))
        }
    }

    @Test func findingsCarryTheirStatesAndTheTransitionsOfTheirWitnessPath() throws {
        let machine = try machine(
            #"""
            {"initial": "a", "states": ["a", "b", "c", "lost"], "transitions": [
              {"from": "a", "event": "go", "to": "b"}, {"from": "b", "event": "on", "to": "c"},
              {"from": "lost", "event": "go", "to": "a"}]}
            """#)
        let data = HTMLViewerData(machine: machine, findings: machine.analyze()).json
        let document = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let deadEnd = try #require(findings.first { $0["rule"] as? String == "dead-end" })
        #expect(deadEnd["states"] as? [String] == ["state-c"])
        #expect(deadEnd["path"] as? [String] == ["state-a", "state-b", "state-c"])
        #expect(deadEnd["transitions"] as? [Int] == [0, 1])
        let unreachable = try #require(findings.first { $0["rule"] as? String == "unreachable-state" })
        #expect(unreachable["states"] as? [String] == ["state-lost"])
        #expect(HTMLViewerData(machine: machine, findings: []).json.contains(#""findings":[]"#))
    }

    @Test func theSamePageEveryTime() throws {
        let machine = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("amplify-auth.yaml").path)
        let first = try page(machine, findings: machine.analyze())
        let second = try page(machine, findings: machine.analyze())
        #expect(first == second)
    }

    @Test func darkModeMapsTheDrawnThemesColoursToTheDarkThemes() throws {
        let machine = try machine(#"{"initial": "a", "states": ["a"], "transitions": []}"#)
        let style = HTMLViewer(machine: machine).darkDiagramStyle
        #expect(style.contains(##":root[data-theme=dark] #stage [fill="#EAF2FB" i]{fill:#2D3B4E}"##))
        #expect(style.contains(##":root:not([data-theme=light]) #stage [stroke="#555555" i]{stroke:#B8C2CC}"##))
        #expect(HTMLViewer(machine: machine, theme: .dark).darkDiagramStyle.isEmpty)
        // The plain theme's white is both page and state fill; it maps once.
        let plain = HTMLViewer(machine: machine, theme: .plain).darkDiagramStyle
        #expect(plain.ranges(of: #":root[data-theme=dark] #stage [fill="white" i]"#).count == 1)
    }
}
