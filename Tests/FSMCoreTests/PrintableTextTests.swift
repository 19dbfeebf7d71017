import FSMCore
import PropertyBased
import TestSupport
import Testing

@Suite struct PrintableTextTests {
    @Test func lineBreaksControlsAndBidirectionalOverridesAreShownEscaped() {
        #expect(PrintableText.escaped("a\n::error file=x::forged") == #"a\n::error file=x::forged"#)
        #expect(PrintableText.escaped("over\rwrite\r\n") == #"over\rwrite\r\n"#)
        #expect(PrintableText.escaped("\u{1B}[31mred\u{1B}]0;title\u{7}") == #"\u{1B}[31mred\u{1B}]0;title\u{7}"#)
        #expect(PrintableText.escaped("nul\u{0} del\u{7F} csi\u{9B} nel\u{85}") == #"nul\u{0} del\u{7F} csi\u{9B} nel\u{85}"#)
        #expect(PrintableText.escaped("ab\u{202E}dc\u{202C} \u{2066}x\u{2069} \u{200F}") == #"ab\u{202E}dc\u{202C} \u{2066}x\u{2069} \u{200F}"#)
        #expect(PrintableText.escaped("line\u{2028}para\u{2029}") == #"line\u{2028}para\u{2029}"#)
    }

    @Test func ordinaryTextPrintsAsItIs() {
        for text in ["Idle", "tab\there", #"C:\path\n"#, "Zürich e\u{301} 日本 😀 👩‍👩‍👧", "&amp; <b> ::warning::", ""] {
            #expect(PrintableText.escaped(text) == text)
        }
    }

    @Test func lineFeedsCanBeKeptForMessagesWhoseLinesAreFsmvizsOwn() {
        #expect(PrintableText.escapedKeepingLineFeeds("usage:\n  fsmviz\r\u{1B}[2J") == "usage:\n  fsmviz\\r\\u{1B}[2J")
    }

    /// Whether a scalar may reach a terminal or a log as it is, by Unicode's own properties
    /// rather than the list the escaping uses.
    static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" { return true }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return false
        default: return !scalar.properties.isBidiControl
        }
    }

    @Test func hostileTextsComeOutOnOneSafeLineAndEscapingTwiceChangesNothing() async {
        let count = TestScale.count(3_000)
        await propertyCheck(count: count, input: HostileText.texts.array(of: 1...4).map { $0.joined() }) { text in
            let escaped = PrintableText.escaped(text)
            #expect(escaped.unicodeScalars.allSatisfy(Self.isSafe), "\(escaped.debugDescription)")
            #expect(PrintableText.escaped(escaped) == escaped)
            let kept = PrintableText.escapedKeepingLineFeeds(text)
            #expect(kept.unicodeScalars.allSatisfy { $0 == "\n" || Self.isSafe($0) }, "\(kept.debugDescription)")
            #expect(
                kept.split(separator: "\n", omittingEmptySubsequences: false).count
                    == text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).count)
        }
    }
}
