internal import FSMCore
internal import Foundation

/// Finds transitions drawn from or to the wrong state, transitions not drawn, and drawings
/// that carry several transitions.
struct TransitionEndsCheck {
    let machine: Machine
    let index: DrawingIndex
    /// How far outside a state's box an end may lie and still be on it, in points.
    let tolerance: Double

    func findings() -> [DiagramFinding] {
        var findings: [DiagramFinding] = []
        for (element, numbers) in index.sharedElements {
            findings.append(
                finding(
                    .merged, numbers,
                    "one \(element) draws \(numbers.count) transitions: "
                        + numbers.map(machine.describeTransition).joined(separator: "; ")))
        }
        for number in machine.transitions.indices {
            findings += check(number)
        }
        return findings
    }

    private func check(_ number: Int) -> [DiagramFinding] {
        let transition = machine.transitions[number]
        let name = machine.describeTransition(number)
        let edges = index.edgesOfTransition[number] ?? []
        var findings: [DiagramFinding] = []
        let hosts = index.internalActivityHosts[number] ?? []
        for host in hosts where host != transition.source {
            findings.append(
                finding(
                    .wrongState, [number],
                    "\(name) is listed inside '\(host.rawValue)', but its source is '\(transition.source.rawValue)'",
                    states: [host, transition.source]))
        }
        if edges.isEmpty {
            guard hosts.isEmpty else { return findings }
            if let carrier = carrier(of: number) {
                findings.append(
                    finding(
                        .merged, [number, carrier],
                        "\(name) has no drawing of its own; its text is in \(machine.describeTransition(carrier))'s"))
            } else {
                let inside = transition.isTargetless || machine.keepsSourceActive(transition)
                findings.append(
                    finding(
                        .missing, [number],
                        "\(name) is not drawn: no edge carries it"
                            + (inside ? " and no state lists it as drawn inside (fsmviz_internal)" : "")))
            }
            return findings
        }
        let parts = edges.map { (edge: index.drawing.edges[$0], part: index.part(ofEdge: $0, transition: number)) }

        let leaving = parts.filter(\.part.leavesSource)
        if leaving.isEmpty {
            findings.append(finding(.wrongState, [number], "no edge of \(name) leaves its source", states: [transition.source]))
        }
        for (edge, _) in leaving {
            guard let start = edge.splines.first?.start else { continue }
            if let problem = problem(at: start, on: transition.source) {
                findings.append(
                    finding(.wrongState, [number], "\(name) starts at \(start), \(problem)", states: [transition.source]))
            }
        }

        var entered = Set<StateID>()
        for (edge, part) in parts where part.entersTarget {
            guard let end = edge.splines.last?.end else { continue }
            let named = DrawingIndex.state(edge.attributes["fsmviz_target"])
            guard !transition.isTargetless else {
                let into = named ?? edge.head.flatMap { DrawingIndex.state(index.drawing.nodes[$0].attributes["fsmviz_state"]) }
                findings.append(
                    finding(
                        .wrongState, [number],
                        "\(name) is targetless but drawn as an edge into '\(into?.rawValue ?? "a node")' at \(end)",
                        states: [transition.source]))
                continue
            }
            if let named, !transition.targets.contains(named) {
                findings.append(
                    finding(
                        .wrongState, [number], "an edge of \(name) says it enters '\(named.rawValue)', not a target",
                        states: [named]))
                continue
            }
            if let turn = Self.arrowTurn(of: edge.splines.last), turn > Self.largestArrowTurn {
                findings.append(
                    finding(
                        .wrongState, [number],
                        "\(name)'s arrowhead at \(end) is turned \(DiagramPoint.rounded(turn))° from the way its edge arrives, "
                            + "so it points elsewhere than the edge leads",
                        states: transition.targets))
            }
            let candidates = named.map { [$0] } ?? transition.targets
            if let target = candidates.first(where: { problem(at: end, on: $0) == nil }) {
                entered.insert(target)
            } else if let target = candidates.first {
                if let named { entered.insert(named) }
                findings.append(
                    finding(
                        .wrongState, [number], "\(name) ends at \(end), \(problem(at: end, on: target) ?? "")",
                        states: [target]))
            }
        }
        var seen = Set<StateID>()
        for target in transition.targets where seen.insert(target).inserted && !entered.contains(target) {
            findings.append(
                finding(.missing, [number], "no edge of \(name) enters its target '\(target.rawValue)'", states: [target]))
        }
        return findings
    }

    /// Why `point` is not an end on `state`, or `nil` when it is: it must lie on (within
    /// ``tolerance`` of, or inside) one of the state's boxes and on no other state's, except
    /// the clusters of the state's ancestors, which contain it.
    private func problem(at point: DiagramPoint, on state: StateID) -> String? {
        guard let boxes = index.states[state] else { return "but '\(state.rawValue)' is not drawn" }
        let own = boxes.nodes + (boxes.cluster.map { [$0] } ?? [])
        let intruder = self.intruder(at: point, for: state)
        guard own.contains(where: { $0.distance(to: point) <= tolerance }) else {
            let distance = own.map { $0.distance(to: point) }.min() ?? .infinity
            return "\(DiagramPoint.rounded(distance)) pt off '\(state.rawValue)'"
                + (intruder.map { ", on '\($0.rawValue)'" } ?? "")
        }
        return intruder.map { "on '\($0.rawValue)' inside '\(state.rawValue)'" }
    }

    /// The innermost other state whose drawing holds `point`: within ``tolerance`` of one of
    /// its nodes, or well inside its cluster. The ancestors of `state` hold it by nesting.
    private func intruder(at point: DiagramPoint, for state: StateID) -> StateID? {
        var best: (state: StateID, area: Double)?
        for other in machine.states where other.id != state && !machine.isDescendant(state, of: other.id) {
            guard let boxes = index.states[other.id] else { continue }
            let touched =
                boxes.nodes.filter { $0.distance(to: point) <= tolerance }
                + (boxes.cluster.map { [$0] } ?? []).filter { $0.expanded(by: -tolerance).contains(point) }
            for box in touched where best == nil || box.width * box.height < best?.area ?? 0 {
                best = (other.id, box.width * box.height)
            }
        }
        return best?.state
    }

    /// Another transition from the same source to the same targets whose drawing shows
    /// transition `number`'s event (or guard): the drawing that swallowed it.
    private func carrier(of number: Int) -> Int? {
        let transition = machine.transitions[number]
        guard let mark = transition.event?.rawValue ?? transition.guardLabel else { return nil }
        return machine.transitions.indices.first { other in
            let candidate = machine.transitions[other]
            return other != number && candidate.source == transition.source
                && Set(candidate.targets) == Set(transition.targets) && index.edgesOfTransition[other] != nil
                && index.labelText(ofTransition: other).contains(mark)
        }
    }

    private func finding(
        _ kind: DiagramFinding.Kind, _ numbers: [Int], _ message: String, states: [StateID] = []
    ) -> DiagramFinding {
        DiagramFinding(
            kind: kind, transitions: numbers, states: states, message: message,
            location: machine.firstLocation(ofTransitions: numbers))
    }

    /// The largest angle, in degrees, between the way an edge arrives and its arrowhead.
    static let largestArrowTurn = 60.0

    /// The angle, in degrees, between the direction in which `spline`'s curve arrives at its
    /// last point and its head arrowhead (from that point to the tip), or `nil` without one.
    static func arrowTurn(of spline: DiagramSpline?) -> Double? {
        guard let spline, let tip = spline.headArrowTip, let last = spline.controlPoints.last,
            let before = spline.controlPoints.dropLast().last(where: { $0.distance(to: last) > 0.01 })
        else { return nil }
        let (ax, ay) = (last.x - before.x, last.y - before.y)
        let (bx, by) = (tip.x - last.x, tip.y - last.y)
        let lengths = (ax * ax + ay * ay).squareRoot() * (bx * bx + by * by).squareRoot()
        guard lengths > 0 else { return nil }
        return acos(max(-1, min(1, (ax * bx + ay * by) / lengths))) * 180 / .pi
    }
}
