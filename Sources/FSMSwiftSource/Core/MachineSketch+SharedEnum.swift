import FSMCore

extension MachineSketch {
    /// `sketches`, each told of the changes the others read from the same state enum make, when
    /// the enum is its own machine in both: an enum whose methods read as two machines (a
    /// transition function and its other mutating methods) is one machine in the program, so
    /// what one of them enters may be reached from where the other leaves it, and neither alone
    /// proves a state unreachable. (Two types holding values of one enum are two machines.)
    static func sharingEnums(_ sketches: [MachineSketch]) -> [MachineSketch] {
        let own = sketches.indices.filter { sketches[$0].name == sketches[$0].stateEnum.qualifiedName }
        let byEnum = Dictionary(grouping: own, by: { sketches[$0].stateEnum.location })
        var result = sketches
        for indices in byEnum.values where indices.count > 1 {
            for index in indices {
                for other in indices where other != index {
                    let reason = "in \(sketches[other].name), read from the same enum as a machine of its own"
                    result[index].unreadChanges += sketches[other].changes(reason: reason)
                }
            }
        }
        return result
    }

    /// Each row that enters a state, as a change made where this sketch is not read.
    private func changes(reason: String) -> [MachineSemantics.UnreadChange] {
        rows.flatMap { row -> [MachineSemantics.UnreadChange] in
            guard case .moves(let targets, nil) = row.outcome else { return [] }
            return targets.map { .init(location: row.location, target: StateID($0), reason: reason) }
        }
    }
}
