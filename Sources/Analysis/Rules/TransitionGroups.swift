internal import FSMCore

/// Groups a state's transitions by trigger, keeping declaration order inside each group and
/// ordering groups by their first transition.
enum TransitionGroups {
    static func byEvent(_ indices: [Int], in machine: Machine) -> [[Int]] {
        var groups: [[Int]] = []
        var position: [EventID?: Int] = [:]
        for index in indices {
            let event = machine.transitions[index].event
            if let existing = position[event] {
                groups[existing].append(index)
            } else {
                position[event] = groups.count
                groups.append([index])
            }
        }
        return groups
    }
}
