import FSMCore
import SwiftSyntax

/// The enums of a module that look like a state type but are read as no machine, each with
/// why not, at its declaration: what `fsmviz list --explain` and "no state machine found" say,
/// so that a user can tell a style fsmviz does not read from a shape it misread.
struct NearMisses {
    let module: SwiftModule

    /// One warning per enum that looks like a state (its name, or the name of a property that
    /// holds it, says state, phase, status, mode or stage) and is not the state of a machine in
    /// `machines`.
    func warnings(besides machines: [MachineSketch]) -> [Diagnostic] {
        let used = Set(machines.map(\.stateEnum.location))
        var assignments: [Assignment]?
        return module.enums.enums.compactMap { candidate in
            guard !used.contains(candidate.location), candidate.cases.count >= 2 else { return nil }
            let holders = module.properties.filter { property in
                !property.isLocal
                    && property.type.flatMap { module.enums.lookup($0, in: property.scope, file: property.location.file) }?.location
                        == candidate.location
            }
            guard candidate.qualifiedName.namesAState || holders.contains(where: \.name.namesAState) else { return nil }
            let found = assignments ?? allAssignments()
            assignments = found
            return .warning(
                path: candidate.location.file ?? "", location: candidate.location.droppingFile,
                message: "enum \(candidate.qualifiedName) looks like a state type but is read as no machine: " + reason(holders, found))
        }
    }

    /// An assignment to a name (`state = ...`, `self.phase = ...`), and whether it is in a
    /// closure that no method sets up (an initializer's callback), which runs later from any
    /// state; a method's callbacks are read as its changes.
    private struct Assignment {
        let target: String
        let location: SourceLocation
        let inUnreadClosure: Bool
    }

    /// Why no machine holds the enum whose properties are `holders`.
    private func reason(_ holders: [StoredProperty], _ assignments: [Assignment]) -> String {
        guard let holder = holders.first else {
            return "no stored property holds it, and no switch over it assigns or returns one of its cases"
        }
        let names = Set(holders.flatMap(\.references))
        let made = assignments.filter { names.contains($0.target) }
        let place = "\(holder.scope.isEmpty ? "" : holder.scope + ".")\(holder.name) (\(Self.place(of: holder.location)))"
        guard let first = made.first else {
            return "\(place) holds it, but no code assigns it"
        }
        if made.allSatisfy(\.inUnreadClosure) {
            return "\(place) holds it, but is assigned only inside closures that no method sets up (first at "
                + "\(Self.place(of: first.location))), which run later, from any state, and are not read as transitions"
        }
        return "\(place) is assigned (first at \(Self.place(of: first.location))), but no method moves it from a case it tested "
            + "to another, so it reads as a setting; a `switch` on it, or a `guard case`, before the assignment makes it a machine"
    }

    /// Every assignment to a plain or `self.` name in the module's files.
    private func allAssignments() -> [Assignment] {
        module.files.flatMap { file in
            file.tree.descendants(of: SequenceExprSyntax.self).compactMap { sequence -> Assignment? in
                let elements = Array(sequence.elements)
                guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
                return Assignment(
                    target: elements[0].trimmedText, location: file.location(of: sequence), inUnreadClosure: Self.isInUnreadClosure(sequence))
            }
        }
    }

    /// Whether `node` is in a closure that is not in a method: in an initializer, or in a
    /// property's value.
    private static func isInUnreadClosure(_ node: some SyntaxProtocol) -> Bool {
        var inClosure = false
        var current = node.parent
        while let parent = current {
            if parent.is(ClosureExprSyntax.self) { inClosure = true }
            if parent.is(FunctionDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) { return false }
            if parent.is(InitializerDeclSyntax.self) { return inClosure }
            current = parent.parent
        }
        return inClosure
    }

    /// `FILE:LINE` of a location, as a note names a place.
    private static func place(of location: SourceLocation) -> String {
        "\((location.file ?? "").split(separator: "/").last.map(String.init) ?? ""):\(location.line)"
    }
}
