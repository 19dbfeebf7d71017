import FSMAnalysis
import FSMCore

/// One change of a diff as every report format lists it: what it is about, and where the
/// version that has it declares it (the old file for what was removed, else the new one).
struct DiffEntry {
    var element: String
    var kind: ChangeKind
    var message: String
    var aspects: [String]
    var state: String?
    var event: String?
    var path: String
    var location: SourceLocation?

    /// The entries of `diff` in its order, placed in `oldPath` or `newPath`.
    static func entries(of diff: MachineDiff, oldPath: String, newPath: String) -> [DiffEntry] {
        func path(_ kind: ChangeKind) -> String { kind == .removed ? oldPath : newPath }
        var entries: [DiffEntry] = []
        if let initial = diff.initialState {
            entries.append(
                DiffEntry(
                    element: "initial-state", kind: .changed, message: "changed initial state: \(initial.old) -> \(initial.new)",
                    aspects: [], state: initial.new.rawValue, event: nil, path: newPath, location: nil))
        }
        for change in diff.states {
            entries.append(
                DiffEntry(
                    element: "state", kind: change.kind, message: change.line, aspects: change.aspects.map(\.rawValue),
                    state: change.id.rawValue, event: nil, path: path(change.kind), location: (change.new ?? change.old)?.location))
        }
        for change in diff.transitions {
            entries.append(
                DiffEntry(
                    element: "transition", kind: change.kind, message: change.line, aspects: change.aspects.map(\.rawValue),
                    state: change.source.rawValue, event: change.event?.rawValue, path: path(change.kind),
                    location: (change.new ?? change.old)?.location))
        }
        for change in diff.events {
            entries.append(
                DiffEntry(
                    element: "event", kind: change.kind, message: change.line, aspects: [], state: nil,
                    event: change.id.rawValue, path: path(change.kind), location: (change.new ?? change.old)?.location))
        }
        return entries
    }
}
