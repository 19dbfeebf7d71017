public import FSMAnalysis
public import FSMCore

/// The report `fsmviz diff` prints for two directories (or a directory and its version in
/// git): their machines compared file by file, as text, JSON or Markdown.
///
/// Each changed machine's part is its own ``MachineDiffReport``; a machine file that only one
/// side has is an added or a removed machine, and one that moved is a renamed one (changed too,
/// perhaps). Unchanged machines are counted, and listed in JSON only.
public struct DirectoryDiffReport: Sendable {
    /// What happened to one machine file between the two directories.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// Both sides have it, at one path, and the machines differ.
        case changed
        /// Both sides have it, at different paths (and the machines may differ).
        case renamed
        /// Only the new side has it.
        case added
        /// Only the old side has it.
        case removed
        /// Both sides have it, at one path, and the machines are the same.
        case unchanged
    }

    /// One machine file of either side, or a pair of them.
    public struct Entry: Sendable {
        /// The old version's path, `nil` for an added machine.
        public var oldPath: String?
        /// The new version's path, `nil` for a removed machine.
        public var newPath: String?
        /// The changes, `nil` for an added or removed machine.
        public var diff: MachineDiff?
        /// How many states and transitions the one version of an added or removed machine has.
        public var size: (states: Int, transitions: Int)
        /// Whether the pair's paths differ (relative to their directories).
        public var renamed: Bool
        /// Where the drawing of this machine's change was written.
        public var picture: String?
        /// Lint findings the change introduces and fixes, when they were asked for (every
        /// finding of an added machine is introduced, every one of a removed machine fixed).
        public var findings: FindingDelta?

        /// A pair of versions and their diff.
        public init(oldPath: String, newPath: String, diff: MachineDiff, renamed: Bool = false, picture: String? = nil, findings: FindingDelta? = nil) {
            self.oldPath = oldPath
            self.newPath = newPath
            self.diff = diff
            self.size = (0, 0)
            self.renamed = renamed
            self.picture = picture
            self.findings = findings
        }

        /// A machine only one side has: `oldPath` for a removed one, `newPath` for an added one.
        public init(oldPath: String? = nil, newPath: String? = nil, machine: Machine, findings: FindingDelta? = nil) {
            self.oldPath = oldPath
            self.newPath = newPath
            self.diff = nil
            self.size = (machine.states.count, machine.transitions.count)
            self.renamed = false
            self.picture = nil
            self.findings = findings
        }

        /// What happened to the machine.
        public var kind: Kind {
            if oldPath == nil { return .added }
            if newPath == nil { return .removed }
            if renamed { return .renamed }
            return diff?.isEmpty == false ? .changed : .unchanged
        }

        /// The part of the report about a pair, when there is one.
        var report: MachineDiffReport? {
            guard let oldPath, let newPath, let diff else { return nil }
            return MachineDiffReport(oldPath: oldPath, newPath: newPath, diff: diff, picture: picture, findings: findings)
        }

        /// "added machine (3 states, 4 transitions)" for a machine one side has.
        var sizeLine: String {
            "\(kind.rawValue) machine (\(size.states) state\(size.states == 1 ? "" : "s"), \(size.transitions) transition\(size.transitions == 1 ? "" : "s"))"
        }
    }

    /// The old directory as the user gave it (`REF:PATH` for a git revision).
    public var oldPath: String
    /// The new directory as the user gave it.
    public var newPath: String
    /// Every machine file of either side, in the order to report them.
    public var entries: [Entry]

    /// Creates a report.
    public init(oldPath: String, newPath: String, entries: [Entry]) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.entries = entries
    }

    /// Whether any machine was changed, renamed, added or removed.
    public var hasChanges: Bool { entries.contains { $0.kind != .unchanged } }

    /// How many machines each kind has.
    public func count(of kind: Kind) -> Int { entries.count { $0.kind == kind } }

    /// "1 machine changed, 1 added, 3 unchanged", or "no changes" when nothing but unchanged
    /// machines are there.
    public var summary: String {
        var parts: [String] = []
        for kind in Kind.allCases {
            let count = count(of: kind)
            guard count > 0, kind != .unchanged || !parts.isEmpty else { continue }
            parts.append(parts.isEmpty ? "\(count) machine\(count == 1 ? "" : "s") \(kind.rawValue)" : "\(count) \(kind.rawValue)")
        }
        guard hasChanges else {
            let unchanged = count(of: .unchanged)
            return "no changes" + (unchanged > 0 ? " (\(unchanged) machine\(unchanged == 1 ? "" : "s") unchanged)" : "")
        }
        return parts.joined(separator: ", ")
    }

    /// The report in `format`, ending with a line feed.
    public func render(_ format: DiffReportFormat) -> String {
        switch format {
        case .text: text
        case .json: json
        case .markdown: markdown
        }
    }

    /// `old -> new: summary`, then each changed machine's text report, and a line for each
    /// added or removed machine with its findings.
    var text: String {
        var lines = ["\(PrintableText.escaped(oldPath)) -> \(PrintableText.escaped(newPath)): \(summary)"]
        for entry in entries where entry.kind != .unchanged {
            if let report = entry.report {
                lines.append(String(report.text.dropLast()))
            } else {
                lines.append("\(PrintableText.escaped(entry.newPath ?? entry.oldPath ?? "")): \(entry.sizeLine)")
                if let findings = entry.findings {
                    lines += MachineDiffReport.textLines(findings, oldPath: entry.oldPath, newPath: entry.newPath)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A document with sorted keys: the paths, the summary, the counts of each kind, and one
    /// object per machine, with its own report for a pair.
    var json: String {
        var counts: [String: JSONValue] = [:]
        for kind in Kind.allCases { counts[kind.rawValue] = .int(count(of: kind)) }
        let machines: [JSONValue] = entries.map { entry in
            [
                "kind": .string(entry.kind.rawValue),
                "old": .nullable(entry.oldPath),
                "new": .nullable(entry.newPath),
                "report": entry.report?.jsonValue ?? .null,
                "findings": MachineDiffReport.json(entry.findings, oldPath: entry.oldPath, newPath: entry.newPath),
            ]
        }
        let document: JSONValue = [
            "version": .int(MachineDiffReport.jsonSchemaVersion),
            "old": .string(oldPath),
            "new": .string(newPath),
            "summary": .string(summary),
            "counts": .sorted(counts),
            "machines": .array(machines),
        ]
        return document.text(.expanded) + "\n"
    }

    /// A pull-request comment: a heading with the summary, then each changed machine's
    /// Markdown report, and the added and removed machines with their findings.
    var markdown: String {
        var parts = ["## \(MachineDiffReport.code(oldPath)) → \(MachineDiffReport.code(newPath)): \(MachineDiffReport.escaped(summary))\n"]
        for entry in entries where entry.kind != .unchanged {
            if let report = entry.report {
                var part = report.markdown
                if entry.renamed, let heading = part.firstIndex(of: "\n") {
                    part.insert(contentsOf: "\nRenamed from \(MachineDiffReport.code(entry.oldPath ?? "")).\n", at: part.index(after: heading))
                }
                parts.append(part)
            } else {
                var lines = ["### \(MachineDiffReport.code(entry.newPath ?? entry.oldPath ?? "")): \(entry.sizeLine)"]
                if let findings = entry.findings { lines += MachineDiffReport.markdownLines(findings) }
                parts.append(lines.joined(separator: "\n") + "\n")
            }
        }
        return parts.joined(separator: "\n")
    }
}
