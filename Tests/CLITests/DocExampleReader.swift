import Foundation

/// Finds the shell examples in Markdown (`sh` code blocks, with the `doc-test` markers
/// ``DocExample`` describes) and in `--help` texts (the lines under `Examples:`).
struct DocExampleReader {
    /// The examples read so far.
    private(set) var examples: [DocExample] = []
    /// Markers that are malformed or match no command: a stale marker would skip a command
    /// nobody runs any more, or run none at all, without a word.
    private(set) var problems: [String] = []

    private struct Marker {
        enum Kind {
            case skip(String)
            case exits(Int32)
            case prints(Int32)
            case lintsClean, continues, runs
        }
        var kind: Kind
        var text: String
        var line: Int
        var used = false
    }

    /// Reads the examples of the Markdown document `text`, naming them after `name`. A machine
    /// the document shows (`lints clean as`) is in place for every example after it, as for a
    /// reader who saved it.
    mutating func readMarkdown(_ text: String, name: String) {
        let lines = text.components(separatedBy: "\n")
        var markers: [Marker] = []
        var shown: [String: String] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            if line.hasPrefix("<!-- doc-test:") {
                if let marker = Self.marker(line, line: index) {
                    markers.append(marker)
                } else {
                    problems.append("\(name):\(index): a doc-test marker this test does not understand: \(line)")
                }
                continue
            }
            guard line.hasPrefix("```") else {
                reportUnused(&markers, name: name)
                continue
            }
            let fence = String(line.prefix { $0 == "`" })
            let language = line.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
            let first = index
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != fence { index += 1 }
            let body = Array(lines[first..<min(index, lines.count)])
            index += 1
            if language == "sh" {
                readShell(body, firstLine: first + 1, name: name, markers: &markers, files: shown)
            } else if language == "swift" {
                // Swift snippets are compiled by scripts/ci/snippet-test, which reads their markers.
                for index in markers.indices where markers[index].text == "swift" { markers[index].used = true }
            } else if let linted = markers.firstIndex(where: { if case .lintsClean = $0.kind { true } else { false } }) {
                markers[linted].used = true
                let file = markers[linted].text
                shown[file] = body.joined(separator: "\n") + "\n"
                examples.append(
                    DocExample(
                        source: "\(name):\(markers[linted].line)", command: "fsmviz lint --fail-on info \(file)",
                        output: "no problems in 1 file\n", files: shown))
            } else if let printer = markers.firstIndex(where: { if case .prints = $0.kind { true } else { false } }) {
                guard case .prints(let status) = markers[printer].kind else { continue }
                markers[printer].used = true
                examples.append(
                    DocExample(
                        source: "\(name):\(markers[printer].line)", command: markers[printer].text, statuses: [status],
                        output: body.joined(separator: "\n") + "\n", files: shown))
            }
            reportUnused(&markers, name: name)
        }
        reportUnused(&markers, name: name)
    }

    /// Reads the examples of one subcommand's `--help` text. Examples under a heading that says
    /// they run `until Ctrl-C` are listed as skipped; `diff` examples may exit with 1, its status
    /// for "the versions differ".
    mutating func readHelp(_ text: String, command: String) {
        let lines = text.components(separatedBy: "\n")
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("Examples") && $0.hasSuffix(":") }) else { return }
        let skip = lines[heading].contains("until Ctrl-C") ? "runs until Ctrl-C, as its help says" : nil
        for line in lines[(heading + 1)...] {
            guard line.hasPrefix("  ") else { break }
            examples.append(
                DocExample(
                    source: "fsmviz \(command) --help", command: line.trimmingCharacters(in: .whitespaces),
                    statuses: command == "diff" ? [0, 1] : [0], skipReason: skip))
        }
    }

    private mutating func readShell(
        _ body: [String], firstLine: Int, name: String, markers: inout [Marker], files: [String: String]
    ) {
        var pending = ""
        var start = firstLine
        for (offset, raw) in body.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if pending.isEmpty { start = firstLine + offset }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            let command = pending + line
            pending = ""
            guard !command.isEmpty, !command.hasPrefix("#") else { continue }
            var example = DocExample(source: "\(name):\(start)", command: command, files: files)
            for index in markers.indices where command.hasPrefix(markers[index].text) {
                switch markers[index].kind {
                case .skip(let reason): example.skipReason = reason
                case .exits(let status): example.statuses = [status]
                case .prints, .lintsClean, .continues, .runs: continue
                }
                markers[index].used = true
            }
            examples.append(example)
        }
    }

    private mutating func reportUnused(_ markers: inout [Marker], name: String) {
        for marker in markers where !marker.used {
            problems.append("\(name):\(marker.line): the doc-test marker for \"\(marker.text)\" matches no command in the code block below it")
        }
        markers = []
    }

    /// Parses `<!-- doc-test: VERB ... "TEXT" ... -->`.
    private static func marker(_ line: String, line number: Int) -> Marker? {
        guard line.hasSuffix("-->") else { return nil }
        let content = line.dropFirst("<!-- doc-test:".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
        let parts = content.components(separatedBy: "\"")
        guard parts.count == 3, !parts[1].isEmpty else { return nil }
        let verb = parts[0].trimmingCharacters(in: .whitespaces)
        let rest = parts[2].trimmingCharacters(in: .whitespaces)
        switch verb {
        case "skip":
            guard rest.hasPrefix(":"), rest.count > 1 else { return nil }
            return Marker(kind: .skip(rest.dropFirst().trimmingCharacters(in: .whitespaces)), text: parts[1], line: number)
        case "continues", "runs":
            return rest.isEmpty ? Marker(kind: verb == "runs" ? .runs : .continues, text: parts[1], line: number) : nil
        case "lints clean as":
            return rest.isEmpty ? Marker(kind: .lintsClean, text: parts[1], line: number) : nil
        case "prints":
            let status: Int32? = rest.isEmpty ? 0 : rest.hasPrefix("exits ") ? Int32(rest.dropFirst("exits ".count)) : nil
            return status.map { Marker(kind: .prints($0), text: parts[1], line: number) }
        default:
            guard verb.hasPrefix("exits "), rest.isEmpty, let status = Int32(verb.dropFirst("exits ".count)) else { return nil }
            return Marker(kind: .exits(status), text: parts[1], line: number)
        }
    }
}
