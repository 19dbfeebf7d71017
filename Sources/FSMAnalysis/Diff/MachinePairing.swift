public import FSMCore

/// Pairs the machines of two collections that are probably versions of one another: how
/// `fsmviz diff` follows a machine file renamed between two directories when nothing else
/// (git's rename detection) says where it went.
///
/// The measure is ``similarity(_:_:)``; pairs are taken greedily, most similar first, so each
/// machine is in one pair at most, and ties go to the earlier machines, which makes the pairing
/// deterministic.
public enum MachinePairing {
    /// The least ``similarity(_:_:)`` at which two machines are taken for versions of one
    /// machine: half of what they hold together, as git's rename detection takes half of a
    /// file's lines.
    public static let threshold = 0.5

    /// How much of what two machines hold they hold in common, from 0 (nothing) to 1 (the same
    /// states and the same transitions, with their order and everything else aside): the
    /// Jaccard index of their state identifiers and of their transitions' sources, events and
    /// targets, counted with repetition.
    /// - Complexity: O(states + transitions).
    public static func similarity(_ first: Machine, _ second: Machine) -> Double {
        jaccard(elements(of: first), elements(of: second))
    }

    /// Pairs of indices into `old` and `new` whose machines are at least ``threshold``
    /// similar, most similar first.
    /// - Complexity: O(old × new × (states + transitions)): meant for the few machines left
    ///   unpaired once the files that kept their paths are paired.
    public static func pairs(old: [Machine], new: [Machine], threshold: Double = threshold) -> [(old: Int, new: Int)] {
        let oldElements = old.map(elements(of:))
        let newElements = new.map(elements(of:))
        var candidates: [(score: Double, old: Int, new: Int)] = []
        for (oldIndex, oldMachine) in oldElements.enumerated() {
            for (newIndex, newMachine) in newElements.enumerated() {
                let score = jaccard(oldMachine, newMachine)
                if score >= threshold { candidates.append((score, oldIndex, newIndex)) }
            }
        }
        candidates.sort { lhs, rhs in
            lhs.score != rhs.score ? lhs.score > rhs.score : lhs.old != rhs.old ? lhs.old < rhs.old : lhs.new < rhs.new
        }
        var takenOld: Set<Int> = []
        var takenNew: Set<Int> = []
        var result: [(old: Int, new: Int)] = []
        for candidate in candidates where !takenOld.contains(candidate.old) && !takenNew.contains(candidate.new) {
            takenOld.insert(candidate.old)
            takenNew.insert(candidate.new)
            result.append((candidate.old, candidate.new))
        }
        return result
    }

    /// What a machine is compared by: each state's identifier and each transition's source,
    /// event and targets, with how often each occurs.
    private static func elements(of machine: Machine) -> [Element: Int] {
        var counts: [Element: Int] = [:]
        for state in machine.states { counts[.state(state.id), default: 0] += 1 }
        for transition in machine.transitions {
            counts[.transition(transition.source, transition.event, transition.targets), default: 0] += 1
        }
        return counts
    }

    private static func jaccard(_ left: [Element: Int], _ right: [Element: Int]) -> Double {
        var common = 0
        var union = 0
        for (element, count) in left {
            let other = right[element] ?? 0
            common += min(count, other)
            union += max(count, other)
        }
        for (element, count) in right where left[element] == nil { union += count }
        return union == 0 ? 1 : Double(common) / Double(union)
    }

    private enum Element: Hashable {
        case state(StateID)
        case transition(StateID, EventID?, [StateID])
    }
}
