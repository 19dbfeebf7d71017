import FSMAnalysis
import FSMCore

extension MachineDiffReport {
    /// How many changes a Markdown report lists before it says how many more there are: a
    /// pull-request comment holds at most 65,536 characters.
    static let markdownListLimit = 200

    /// A pull-request comment: a heading with the summary, the counts, the list of changes,
    /// the findings' delta and the picture.
    var markdown: String {
        var lines = [
            "### \(Self.code(newPath)): \(Self.escaped(diff.summary))", "",
            "| | States | Transitions | Events |", "|---|--:|--:|--:|",
        ]
        for kind in ChangeKind.allCases {
            let count = diff.count(of: kind)
            lines.append("| \(kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()) | \(count.states) | \(count.transitions) | \(count.events) |")
        }
        let entries = entries
        if !entries.isEmpty { lines.append("") }
        for entry in entries.prefix(Self.markdownListLimit) {
            // Removed elements are found in the old version only.
            let version = entry.kind == .removed ? "old line" : "line"
            lines.append("- \(Self.escaped(entry.message))" + (entry.location.map { " (\(version) \($0.line))" } ?? ""))
        }
        if entries.count > Self.markdownListLimit {
            lines.append("- and \(entries.count - Self.markdownListLimit) more (`fsmviz diff` lists them all)")
        }
        if let findings { lines += Self.markdownLines(findings) }
        if let picture {
            lines += ["", "![What changed in \(Self.escaped(newPath))](\(Self.destination(picture)))"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A findings' delta as the Markdown reports list it, after a blank line.
    static func markdownLines(_ findings: FindingDelta) -> [String] {
        var lines = ["", "**Lint findings:** \(findings.summary)"]
        for (word, list) in [("introduced", findings.introduced), ("fixed", findings.fixed)] {
            for finding in list.prefix(markdownListLimit) {
                lines.append("- \(word) \(finding.severity.rawValue): \(escaped(finding.message)) (\(code(finding.ruleID)))")
            }
        }
        return lines
    }

    /// `text` on one line with Markdown's and HTML's special characters escaped, and with
    /// nothing GitHub would render as more than text: a zero-width space (U+200B) after each
    /// `@` (mentions of people and teams, e-mail autolinks), `#` (`#1`, `owner/repo#1`), the
    /// `-` of `GH-` (`GH-1`) and the `:` of `://` (URL autolinks), before the `.` of `www.`, and after each sixth
    /// character of a run of hexadecimal digits (a commit SHA has at least seven); `$` as an
    /// entity, which opens no math.
    static func escaped(_ text: String) -> String {
        let breaker = "\u{200B}"
        let characters = Array(PrintableText.escaped(text))
        var result = ""
        var hexadecimalRun = 0
        for (index, character) in characters.enumerated() {
            if character.isASCII, character.isHexDigit {
                if hexadecimalRun == 6 {
                    result += breaker
                    hexadecimalRun = 0
                }
                hexadecimalRun += 1
            } else {
                hexadecimalRun = 0
            }
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "$": result += "&#36;"
            case "@": result += "@" + breaker
            case "#": result += "\\#" + breaker
            case ":" where characters[(index + 1)...].starts(with: ["/", "/"]): result += ":" + breaker
            case "." where String(characters[..<index].suffix(3)).lowercased() == "www": result += breaker + "."
            case "-" where String(characters[..<index].suffix(2)).lowercased() == "gh": result += "-" + breaker
            case "\\", "`", "*", "_", "[", "]", "|", "~", "!", "(", ")": result += "\\\(character)"
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` as inline code: escaped text between backticks would show its backslashes, so
    /// the fence is longer than any run of backticks inside.
    static func code(_ text: String) -> String {
        let line = PrintableText.escaped(text)
        var longest = 0
        var run = 0
        for character in line {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        return fence + " " + line + " " + fence
    }

    /// A link destination: in angle brackets, which allow spaces, with the characters that
    /// would end it percent-encoded.
    static func destination(_ path: String) -> String {
        var result = "<"
        for scalar in PrintableText.escaped(path).unicodeScalars {
            switch scalar {
            case "<", ">", "\\", " ": result += "%" + String(scalar.value, radix: 16, uppercase: true)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + ">"
    }
}
