import FSMCore
import FSMDOT
import FSMRendering
import PropertyBased
import TestSupport
import Testing

/// Names and labels must reach Graphviz unchanged whatever they contain. Checked with
/// Graphviz's own parser: every label it reads back, once its label escapes are applied,
/// equals the text we meant.
@Suite struct DOTEscapingTests {
    /// What Graphviz shows for a label attribute: `\\` is a backslash, `\n` (and `\l`, `\r`)
    /// a line break, `&amp;` an ampersand (Graphviz decodes character references in labels);
    /// other escapes and references do not occur in our output.
    static func displayed(_ raw: String) -> String {
        // On scalars: a combining mark after `;` would hide `&amp;` from a Character search.
        let scalars = Array(unescaped(raw).unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            result.append(scalars[index])
            let reference = scalars[index] == "&" && scalars[(index + 1)...].starts(with: "amp;".unicodeScalars)
            index += reference ? 5 : 1
        }
        return String(result)
    }

    private static func unescaped(_ raw: String) -> String {
        var result = ""
        var iterator = raw.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\", let next = iterator.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n", "l", "r": result += "\n"
            default: result.unicodeScalars.append(next)
            }
        }
        return result
    }

    /// The text a label should show: control characters as their Unicode pictures, CR LF and
    /// CR as line breaks, the non-characters U+FFFE and U+FFFF as U+FFFD.
    static func expectedDisplay(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A: if !previousWasCR { result += "\n" }
            case 0x0D: result += "\n"
            case 0x09: result.unicodeScalars.append(scalar)
            case 0x00...0x1F: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            case 0x7F: result += "\u{2421}"
            case 0xFFFE, 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` without spaces and line breaks: labels are wrapped near 40 characters, by
    /// turning spaces into line breaks and cutting words longer than 48.
    static func unwrapped(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "\n" }))
    }

    /// The shared hostile pieces, and DOT's own escapes and keywords.
    static let hostile: [String] = HostileText.pieces + ["\\G", "\\l", "Node"]

    static let names = HostileText.texts

    func checkRoundTrip(_ machine: Machine, style: DOTStyle) throws {
        let dot = DOTWriter(options: DOTOptions(style: style)).write(machine)
        let parsed = try GraphvizRenderer().parse(dot: dot)
        var labels = parsed.nodes.map { Self.unwrapped(Self.displayed($0.label)) }
        labels += parsed.edges.map { Self.unwrapped(Self.displayed($0.label)) }
        for state in machine.states where !machine.isCompound(state.id) {
            #expect(labels.contains(Self.unwrapped(Self.expectedDisplay(state.displayName))), "state \(state.id) lost in \(dot)")
        }
        if style == .flowdiagram {
            #expect(parsed.nodes.count == 1 + machine.states.count + machine.events.count)
            for event in machine.events {
                #expect(labels.contains(Self.unwrapped(Self.expectedDisplay(event.displayName))))
            }
        }
    }

    @Test func everyHostileNameSurvivesAsStateEventAndLabel() throws {
        for (index, text) in Self.hostile.enumerated() {
            let states = [State("start", kind: .initial), State(StateID(text)), State(StateID("labelled \(index)"), label: text)]
            let machine = try Machine(
                states: states,
                transitions: [
                    Transition(from: "start", on: EventID(text), to: StateID(text), guard: text, effects: [text]),
                    Transition(from: StateID(text), on: "go", to: StateID("labelled \(index)")),
                ])
            for style in DOTStyle.allCases { try checkRoundTrip(machine, style: style) }
        }
    }

    @Test func randomNamesAndLabelsReadBackUnchanged() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 300, input: Self.names.array(of: 1...5), Self.names.array(of: 1...5)) { ids, labels in
            var seen = Set<String>()
            let unique = ids.filter { !$0.isEmpty && seen.insert($0).inserted }
            guard !unique.isEmpty else { return }
            accepted.add()
            let states = unique.enumerated().map { index, id in
                State(
                    StateID(id), label: labels.indices.contains(index) && !labels[index].isEmpty ? labels[index] : nil,
                    kind: index == 0 ? .initial : .normal)
            }
            let transitions = zip(unique, unique.dropFirst() + unique.prefix(1)).enumerated().map { index, pair in
                Transition(
                    from: StateID(pair.0), on: EventID(labels[index % labels.count].isEmpty ? "e" : labels[index % labels.count]),
                    to: StateID(pair.1), guard: labels.last)
            }
            do {
                let machine = try Machine(states: states, transitions: transitions)
                for style in DOTStyle.allCases { try checkRoundTrip(machine, style: style) }
            } catch {
                Issue.record("\(error)")
            }
        }
        accepted.expect(atLeast: 240)
    }

    @Test func keywordsAndOddNamesBecomeQuotedOrFreshIdentifiers() {
        #expect(DOTEscaping.identifier(for: "Loading") == "Loading")
        #expect(DOTEscaping.identifier(for: "node") == "\"node\"")
        #expect(DOTEscaping.identifier(for: "GRAPH") == "\"GRAPH\"")
        #expect(DOTEscaping.identifier(for: "say \"hi\"") == "\"say \\\"hi\\\"\"")
        #expect(DOTEscaping.identifier(for: "a\\b") == nil)
        #expect(DOTEscaping.identifier(for: "") == nil)
        #expect(DOTEscaping.quotedLabel("a\\N\n\"b\"\u{0}") == "\"a\\\\N\\n\\\"b\\\"\u{2400}\"")
    }
}
