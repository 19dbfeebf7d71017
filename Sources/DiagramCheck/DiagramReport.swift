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
    /// The longest path of a transition (past 150 pt) from its source to a target, as a
    /// multiple of the straight distance between its ends; 1 when no path is that long.
    public var longestDetour: Double
    /// The distance between the two nearest start points, in points; `nil` with fewer than two.
    public var closestStarts: Double?
    /// How many parallel states with more than one region the drawing has.
    public var parallelStateCount: Int
    /// How many edge ends meet a compound state's border within 10 pt of one of its children,
    /// so that the edge seems to leave or enter the child: only measured, not a finding.
    public var endsBesideChildren: Int
    /// Every finding, in the order the checks ran.
    public var findings: [DiagramFinding]

    /// Creates a report.
    public init(
        path: String? = nil, machineName: String?, transitionCount: Int, aspectRatio: Double,
        stateCoverage: Double = 1, labelCount: Int, longestDetour: Double = 1, closestStarts: Double? = nil,
        parallelStateCount: Int = 0, endsBesideChildren: Int = 0, findings: [DiagramFinding]
    ) {
        self.endsBesideChildren = endsBesideChildren
        self.longestDetour = longestDetour
        self.closestStarts = closestStarts
        self.parallelStateCount = parallelStateCount
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

    /// How many parallel states' regions read in document order, lined up (neither out of
    /// order nor a staircase).
    public var regionsInOrderCount: Int {
        parallelStateCount - findings(.regionsOutOfOrder).count - findings(.regionsStaircase).count
    }

    /// How many times an edge runs through a compound state holding neither end of its
    /// transition (once per transition and compound state).
    public var unrelatedCompoundCount: Int { findings(.unrelatedCompound).count }

    /// The measures in one line: `aspect 1.7:1, states cover 2.4%, longest detour 2.1×,
    /// starts 34 pt apart, regions in order 1/1, through unrelated compounds 0, ends beside a
    /// child 0`.
    public var measureSummary: String {
        var parts = [
            "aspect \(DiagramPoint.rounded(aspectRatio, scale: 100)):1",
            "states cover \(DiagramPoint.rounded(stateCoverage * 100, scale: 10))%",
            "longest detour \(DiagramPoint.rounded(longestDetour, scale: 10))×",
        ]
        if let closestStarts { parts.append("starts \(DiagramPoint.rounded(closestStarts)) pt apart") }
        if parallelStateCount > 0 { parts.append("regions in order \(regionsInOrderCount)/\(parallelStateCount)") }
        parts.append("through unrelated compounds \(unrelatedCompoundCount)")
        parts.append("ends beside a child \(endsBesideChildren)")
        return parts.joined(separator: ", ")
    }

    /// What the machine is called in messages: its file, else its name.
    public var subject: String { path ?? machineName.map { "machine '\($0)'" } ?? "the machine" }

    /// A heading line, then one line per finding, `file:line:column: kind: message` where the
    /// finding has a location.
    public var text: String {
        let name = machineName.map { " ('\($0)')" } ?? ""
        var lines = [
            "\(subject)\(name): \(transitionCount) transitions, \(labelCount) labels, \(measureSummary): \(countSummary)"
        ]
        for finding in findings {
            let place = [path, finding.location?.description].compactMap { $0 }.joined(separator: ":")
            lines.append("\(place.isEmpty ? "" : place + ": ")\(finding.kind.rawValue): \(finding.message)")
        }
        return lines.joined(separator: "\n")
    }

    /// The extremes of each measure over `reports`, naming the file (or machine) that holds
    /// each, one per line: least state coverage, how many drawings are under 3%, largest
    /// aspect ratio, longest detour, closest start points, parallel states whose regions read in
    /// order, edges through unrelated compound states, edge ends beside a child. What a change
    /// does to a whole set of machines reads in a few lines.
    public static func summary(of reports: [DiagramReport]) -> String {
        var lines: [String] = []
        func extreme(_ name: String, _ value: (DiagramReport) -> Double?, largest: Bool, _ format: (Double) -> String) {
            let measured = reports.compactMap { report in value(report).map { (report: report, value: $0) } }
            // The first of equal extremes, so that the line does not depend on how ties sort.
            let worst = measured.reduce(nil as (report: DiagramReport, value: Double)?) { worst, next in
                guard let worst else { return next }
                return (largest ? next.value > worst.value : next.value < worst.value) ? next : worst
            }
            guard let worst else { return }
            lines.append("\(name): \(format(worst.value)) (\(worst.report.subject))")
        }
        extreme("least state coverage", \.stateCoverage, largest: false) { "\(DiagramPoint.rounded($0 * 100, scale: 10))%" }
        lines.append("drawings under 3% coverage: \(reports.filter { $0.stateCoverage < 0.03 }.count)")
        extreme("largest aspect ratio", \.aspectRatio, largest: true) { "\(DiagramPoint.rounded($0, scale: 100)):1" }
        extreme("longest detour", \.longestDetour, largest: true) { "\(DiagramPoint.rounded($0, scale: 10))×" }
        extreme("closest start points", \.closestStarts, largest: false) { "\(DiagramPoint.rounded($0)) pt" }
        let parallel = reports.reduce(0) { $0 + $1.parallelStateCount }
        lines.append("parallel states with regions in order: \(reports.reduce(0) { $0 + $1.regionsInOrderCount })/\(parallel)")
        lines.append("edges through unrelated compounds: \(reports.reduce(0) { $0 + $1.unrelatedCompoundCount })")
        let beside = reports.filter { $0.endsBesideChildren > 0 }
        lines.append(
            "edge ends on a compound's border beside a child: \(beside.reduce(0) { $0 + $1.endsBesideChildren }) "
                + "in \(beside.count) drawings")
        return lines.joined(separator: "\n")
    }
}
