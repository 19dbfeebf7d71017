import FSMCore
import SwiftSyntax

/// A machine as a recognizer reads it from syntax, before it is checked into a ``Machine``:
/// `switch` rows in source order, with wildcards, refusals and ignored events still explicit, so
/// Swift's first-match rule can be applied when they are expanded into transitions.
struct MachineSketch {
    /// One `case` of a `switch` (or one handler) for some states and events.
    struct Row {
        /// The source states, or `nil` for any state (`_`, `default`, no `switch` at all).
        var sources: [String]?
        /// The events, or `nil` for any event.
        var events: [String]?
        var guardLabel: String?
        var outcome: Outcome
        var location: SourceLocation
        var effects: [String] = []
        /// Whether the row fires without an event (a library's direct change of state), so its
        /// transitions have no event rather than every event.
        var eventless = false
        /// Whether it is a change the code asks for by naming the next state (SwiftState's
        /// `machine <- .b`, an allowed move), rather than one that fires by itself (a work's
        /// result): it is drawn and linted as the event `enter(TARGET)`.
        var isDirectChange = false
    }

    /// What a row does when it matches.
    enum Outcome: Equatable {
        /// It moves to one of `targets`; `computed` is the expression when the source computes it.
        case moves(targets: [String], computed: String?)
        /// It handles the event and stays (`break`, `return state`, `return nil`).
        case stays
        /// It refuses the event (`throw`, `preconditionFailure`, `fatalError`).
        case refuses

        /// Whether it moves to a state.
        var moves: Bool {
            if case .moves = self { true } else { false }
        }
    }

    /// How the machine starts.
    enum Start {
        case state(String, SourceLocation)
        /// An expression syntax cannot resolve (an `init` parameter), and the states it can be.
        case computed(String, SourceLocation)
        case unknown
    }

    var name: String
    var style: SwiftMachineStyle
    var location: SourceLocation
    let stateEnum: EnumCatalog.Enum
    /// The events in declaration order, with where each is declared.
    var events: [(name: String, location: SourceLocation)]
    var rows: [Row] = []
    var start: Start = .unknown
    /// The method code calls to make a direct change (`transition(to:)`, which checks an
    /// allowed-moves table first): the change into `B` is drawn and linted as `METHOD(B)`; `nil`
    /// draws it as `enter(B)`.
    var directChangeMethod: String?
    var warnings: [Diagnostic] = []
    /// What a style that declares its states' tree and text says of them, by state or event name.
    var tree = Tree()
    /// The changes of the state the recognizer saw and could not read as transitions.
    var unreadChanges: [MachineSemantics.UnreadChange] = []

    /// A declared hierarchy and the text diagrams show.
    struct Tree {
        var parents: [String: String] = [:]
        /// The children a parent enters first.
        var initialChildren: Set<String> = []
        var finalStates: Set<String> = []
        var stateLabels: [String: String] = [:]
        var eventLabels: [String: String] = [:]
    }

    /// The states some moving row may enter.
    var enteredStates: Set<String> {
        var entered: Set<String> = []
        for row in rows {
            if case .moves(let targets, _) = row.outcome { entered.formUnion(targets) }
        }
        return entered
    }

    /// Whether the sketch holds anything a machine needs: a moving row.
    var hasTransitions: Bool {
        rows.contains(where: \.outcome.moves)
    }
}

extension MachineSketch {
    /// The rows one `case` body makes for `sources` and `events` (`nil`: any): each guarded way
    /// to a next state first, in source order, then one unguarded row for the rest, moving to any
    /// of the unguarded targets (a nested `switch` or `if let` choosing among them at run time),
    /// refusing when every other path refuses, and otherwise staying. Exits a test of the state
    /// narrowed (`guard case .open = self.state`) make such rows of their own, for those states.
    /// `within` is where a case that names no state (`default:`) runs, for the tests of the
    /// state in its body to narrow (a helper's own `switch` on the state, read in place).
    static func rows(
        from exits: [BranchScanner.Exit], sources: [String]?, events: [String]?, at location: SourceLocation, within: [String]? = nil
    ) -> [Row] {
        struct Group: Hashable {
            var sources: [String]?
            var resumed = false
        }
        var groups: [Group] = []
        var byGroup: [Group: [BranchScanner.Exit]] = [:]
        // After a suspension or in a callback, a refusal (`preconditionFailure` in a state the
        // callback cannot find) or staying says nothing of the states the event was taken in;
        // nor does a method read in place that enters the state the body already entered
        // (`state = target` then `finishClosing()`, which closes again).
        for exit in exits where exit.resumes == nil || exit.outcome.moves {
            if let resumes = exit.resumes, resumes.count == 1, !exit.isCallback, exit.outcome == .moves(targets: resumes, computed: nil) { continue }
            let group =
                exit.resumes.map { Group(sources: $0, resumed: true) }
                ?? Group(sources: exit.sources.map { narrowed in (sources ?? within).map { $0.filter(narrowed.contains) } ?? narrowed })
            if byGroup[group] == nil, group.sources != nil { groups.append(group) }
            byGroup[group, default: []].append(exit)
        }
        var rows: [Row] = []
        // The narrowed groups first, as their test of the state comes before what follows it;
        // then what the body does after it suspended or in its callbacks, which comes before the
        // rest so that it is not hidden by the event's own move out of any state.
        let ordered = groups.filter { !$0.resumed } + groups.filter(\.resumed) + [Group(sources: nil)]
        for group in ordered {
            let members = byGroup[group] ?? []
            guard group.sources == nil || !(group.sources ?? []).isEmpty else { continue }
            rows += Self.rows(from: members, sources: group.sources ?? sources, events: events, at: location, isRest: group.sources == nil)
        }
        return rows
    }

    private static func rows(
        from exits: [BranchScanner.Exit], sources: [String]?, events: [String]?, at location: SourceLocation, isRest: Bool
    ) -> [Row] {
        var rows: [Row] = []
        var targets: [String] = []
        var computed: [String] = []
        var moveLocation: SourceLocation?
        var refuses = false
        var stays = exits.isEmpty
        // Whether some way out refuses or stays whatever the conditions: only then does a
        // narrowed group handle its states when none of its guarded moves is taken.
        var ends = false
        for exit in exits {
            switch (exit.outcome, exit.guardLabel) {
            case (.moves(let to, let expression), let guardLabel?):
                // Two ways of one body to the same change (`state = .closed` and a helper that
                // closes, both under `if fatal`) are one transition, not a duplicate.
                let outcome = Outcome.moves(targets: to, computed: expression)
                if rows.contains(where: { $0.guardLabel == guardLabel && $0.outcome == outcome }) { continue }
                rows.append(Row(sources: sources, events: events, guardLabel: guardLabel, outcome: outcome, location: exit.location))
            case (.moves(let to, let expression), nil):
                targets += to
                if let expression { computed.append(expression) }
                moveLocation = moveLocation ?? exit.location
            case (.refuses, nil):
                refuses = true
                ends = true
            case (.stays, nil):
                stays = true
                ends = true
            case (.refuses, _?), (.stays, _?): stays = true
            }
        }
        if let moveLocation {
            let outcome = Outcome.moves(targets: targets.uniqued(), computed: computed.isEmpty ? nil : computed.joined(separator: "; "))
            rows.append(Row(sources: sources, events: events, guardLabel: nil, outcome: outcome, location: moveLocation))
        } else if isRest || ends {
            // A narrowed group that only refuses or stays says so; the rest of the body always
            // ends somewhere, if only by falling through.
            rows.append(Row(sources: sources, events: events, guardLabel: nil, outcome: refuses && !stays ? .refuses : .stays, location: location))
        }
        return rows
    }
}

extension MachineSketch.Start {
    /// The start an expression gives: the case it names, or the case it stands for through a
    /// parameter's default value or a local `let` (`init(initialState: State = .initial)` then
    /// `.init(state: initialState)`), else the expression as computed, where it is written.
    static func written(_ expression: ExprSyntax, in file: SwiftSourceFile) -> Self {
        let value = SyntaxScope.value(of: expression)
        if let name = CasePattern.caseName(value) { return .state(name, file.location(of: value)) }
        return .computed(expression.trimmedText, file.location(of: expression))
    }
}
