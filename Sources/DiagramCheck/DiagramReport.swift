internal import FSMCore

/// What the checker found in one machine's drawing.
public struct DiagramReport: Sendable {
    /// The machine's file, when it was read from one.
    public var path: String?
    /// The machine's name.
    public var machineName: String?
    /// How many transitions the machine has.
    public var transitionCount: Int
    /// The drawing's longer side over its shorter side.
    public var aspectRatio: Double
    /// The share of the drawing's area covered by the states' own boxes, from 0 to 1.
    public var stateCoverage: Double
    /// How many transition labels the drawing has.
    public var labelCount: Int
    /// Every finding, in the order the checks ran.
    public var findings: [DiagramFinding]

    /// Creates a report.
    public init(
        path: String? = nil, machineName: String?, transitionCount: Int, aspectRatio: Double,
        stateCoverage: Double = 1, labelCount: Int, findings: [DiagramFinding]
    ) {
        self.stateCoverage = stateCoverage
        self.path = path
        self.machineName = machineName
        self.transitionCount = transitionCount
        self.aspectRatio = aspectRatio
        self.labelCount = labelCount
        self.findings = findings
    }

    /// The findings of one kind.
    public func findings(_ kind: DiagramFinding.Kind) -> [DiagramFinding] {
        findings.filter { $0.kind == kind }
    }

    /// How many findings there are of each kind that occurs.
    public var counts: [DiagramFinding.Kind: Int] {
        findings.reduce(into: [:]) { counts, finding in counts[finding.kind, default: 0] += 1 }
    }

    /// `wrong-state 2, crossed-label 1`, in the order of ``DiagramFinding/Kind``; `clean`
    /// without findings.
    public var countSummary: String {
        let counts = counts
        guard !counts.isEmpty else { return "clean" }
        return counts.keys.sorted().map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
    }

    /// What the machine is called in messages: its file, else its name.
    public var subject: String { path ?? machineName.map { "machine '\($0)'" } ?? "the machine" }

    /// A heading line, then one line per finding, `file:line:column: kind: message` where the
    /// finding has a location.
    public var text: String {
        let name = machineName.map { " ('\($0)')" } ?? ""
        var lines = [
            "\(subject)\(name): \(transitionCount) transitions, \(labelCount) labels, aspect "
                + "\(DiagramPoint.rounded(aspectRatio, scale: 100)):1, states cover "
                + "\(DiagramPoint.rounded(stateCoverage * 100, scale: 10))%: \(countSummary)"
        ]
        for finding in findings {
            let place = [path, finding.location?.description].compactMap { $0 }.joined(separator: ":")
            lines.append("\(place.isEmpty ? "" : place + ": ")\(finding.kind.rawValue): \(finding.message)")
        }
        return lines.joined(separator: "\n")
    }
}
