import FSMCore
import SwiftSyntax

/// Reads what a `case` body does to the state: the next states it assigns or returns, under
/// which `if`/`guard` conditions, whether it refuses the event (`throw`, `preconditionFailure`)
/// or leaves the state as it is (`break`, `return state`, `return nil`).
struct BranchScanner {
    /// One way out of a branch.
    struct Exit {
        var outcome: MachineSketch.Outcome
        var guardLabel: String?
        var location: SourceLocation
        /// The states it is limited to by a test of the state on the way (`guard case .open =
        /// self.state`, a nested `switch self.state`), or `nil`.
        var sources: [String]? = nil
        /// The states it leaves from when the same body entered one before a suspension (`state =
        /// .loading` then `try await fetch()`): that state (or those a test of the state after it
        /// found), not the ones it started from.
        var resumes: [String]? = nil
        /// Whether it was read in a closure that runs later, a change a callback makes
        /// (``laterClosures(in:)``).
        var isCallback = false
    }

    /// What holds on the way to a statement: conditions as text, and the states a test of the
    /// state itself narrowed it to.
    struct Context {
        var conditions: [String] = []
        var sources: [String]?
        /// The states the body is in after it suspended: the one it entered before, or those a
        /// test of the state since then found.
        var resumes: [String]?
        /// Whether nothing else can have moved the state since the body entered ``resumes``
        /// (a method read in place runs next, not a callback or another task), so a test of the
        /// state narrows what is known instead of finding any state it tests.
        var isSettled = false
        /// The states the body has already moved the state to on this way, when it goes on
        /// (`if c { state = .x }` then more): a test of the state finds these, not the states
        /// the event was taken in, which stay its sources.
        var current: [String]?

        func adding(_ condition: String) -> Context {
            var context = self
            context.conditions.append(condition)
            return context
        }

        /// Narrowed to `names` (`nil`: no narrowing), as far as the context already was. After a
        /// suspension, the first test of the state (`switch self.state` again) finds it in any of
        /// the states it tests, as another task may have moved it; the tests after it narrow.
        func narrowed(to names: [String]?) -> Context {
            guard let names else { return self }
            var context = self
            if let current {
                context.current = current.filter(names.contains)
                // A test the state it was moved to fails is a way not taken.
                if context.current?.isEmpty == true { context.sources = [] }
                return context
            }
            if let resumes {
                context.resumes = isSettled ? resumes.filter(names.contains) : names
                context.isSettled = true
                return context
            }
            context.sources = sources.map { current in current.filter(names.contains) } ?? names
            return context
        }

        /// Whether `condition` holds on this way, when one of its conditions is it (`true`) or its
        /// negation (`false`).
        func knows(_ condition: ExprSyntax) -> Bool? {
            if let negated = condition.as(PrefixOperatorExprSyntax.self), negated.operator.text == "!" {
                return knows(negated.expression).map { !$0 }
            }
            let text = condition.trimmedText
            if conditions.contains(text) { return true }
            if conditions.contains("!\(text)") || conditions.contains("!(\(text))") { return false }
            return nil
        }

        /// The conditions joined by `&&`, each disjunction among several in parentheses.
        var guardLabel: String? {
            guard conditions.count > 1 else { return conditions.first }
            return conditions.map { $0.contains("||") && !Self.isGrouped($0) ? "(\($0))" : $0 }.joined(separator: " && ")
        }

        /// Whether `text` is one parenthesized group, negated or not (`!(a || b)`).
        private static func isGrouped(_ text: String) -> Bool {
            let body = text.hasPrefix("!") ? text.dropFirst() : Substring(text)
            guard body.first == "(" else { return false }
            var depth = 0
            for (offset, character) in body.enumerated() {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if depth == 0 { return offset == body.count - 1 }
            }
            return false
        }
    }

    var file: SwiftSourceFile
    let stateEnum: EnumCatalog.Enum
    /// The expressions that hold the state: an assignment to one of these is a transition.
    var stateVariables: Set<String>
    /// Whether `return X` gives the next state (a transition function), or the method's own
    /// result (SwiftNIO's actions), which says nothing about the state.
    let returnsNextState: Bool
    /// The functions of the file by name, whose result a next state may be (`return
    /// resolveLoading(event)`): one call deep is read, as the reducers that dispatch each state
    /// to a private function of the same file write it.
    var helpers: [String: FunctionDeclSyntax] = [:]
    /// The methods that lend the state to the closure they are given, as `inout`
    /// (`avoidingStateMachineCoW { newState in newState = .active(...) }`, whose body calls
    /// `body(&self.state)`): the closure's first parameter is the state while it runs.
    var lenders: Set<String> = []
    /// Whether a returned array lists the states one of which comes next (SwiftState's state
    /// route mapping), rather than being a value of its own.
    var returnsStateLists = false
    /// The methods of the machine's type read in place where another method calls them.
    var inlined = InlinedMethods()
    /// What the call of the method being read in place gives its parameters, by name.
    var arguments: [String: ExprSyntax] = [:]
    /// Whether a local's value is looked for where the function gives it (not again for a
    /// value that is a local itself).
    var followsLocals = true
    /// Where the callbacks set up below run from, when not from where they are set up: the
    /// state the method leaves behind after a later assignment.
    var callbackContext: Context?
    /// The static members the holder of the state makes itself with in one state, when a
    /// method may replace the whole holder (`self = .closed`).
    var factories: HolderFactories?
    /// The computed `Bool` properties that test the state, which a condition may name instead.
    var predicates = StatePredicates()
    /// How many `switch`es on the state that give locals their values the statements being
    /// read follow apart, one way per case: each doubles the reading of what follows.
    var localSplits = 0

    /// The exits of `statements` (a block, or some of its items), in source order, under `conditions`.
    func exits(of statements: some Sequence<CodeBlockItemSyntax>, conditions: [String] = []) -> [Exit] {
        exits(of: statements, in: Context(conditions: conditions))
    }

    func exits(of statements: some Sequence<CodeBlockItemSyntax>, in context: Context) -> [Exit] {
        scan(statements, in: context).exits
    }

    /// The exits of `statements`, and the context that holds after them.
    /// With `caught`, the statements are a `do` body with `catch` clauses: from the first that
    /// may throw on, what they do happens only if nothing threw.
    private func scan(_ statements: some Sequence<CodeBlockItemSyntax>, in context: Context, caught: Bool = false) -> (exits: [Exit], after: Context) {
        var exits: [Exit] = []
        var context = context
        let items = Self.deferredLast(statements)
        // Which items set up a callback that changes the state, found once for the whole list.
        let setsUpCallback = items.map(setsUpCallback(in:))
        let firstThrowing = caught ? items.firstIndex(where: Self.mayThrow) : nil
        for (position, item) in items.enumerated() {
            if position == firstThrowing { context = context.adding(Self.nothingThrew(in: context)) }
            // Of several assignments in a row, the last is the one the event leaves behind
            // (SwiftNIO's `self.state = .modifying` placeholder before the real assignment, which
            // may come in a branch that follows).
            if let outcome = assignedOutcome(item.item) {
                let later = items[(position + 1)...]
                if !later.contains(where: assigns) {
                    exits.append(exit(outcome, context, at: item))
                    // A callback set up after it (`service.fetch { self?.state = .loaded }`) runs
                    // once the method has left the state there, and moves on from it; so does a
                    // method read in place that is called after it (`state = .ready; return
                    // self.executeNextQuery()`).
                    let callback = setsUpCallback[(position + 1)...].contains(true)
                    if case .moves(let targets, nil) = outcome, targets.count == 1,
                        callback || later.contains(where: { !inlinedCalls(in: $0).isEmpty })
                    {
                        context = Context(resumes: targets, isSettled: !callback)
                    }
                } else if case .moves(let targets, nil) = outcome, targets.count == 1, suspends(before: later) {
                    // A state kept across an `await` is one that other tasks and the UI see, so
                    // the body moves into it and what follows moves on from it.
                    exits.append(exit(.moves(targets: targets, computed: nil), context, at: item))
                    context = Context(resumes: targets)
                }
                continue
            }
            // `precondition(state == .idle)` stops the program in every other state.
            if let names = preconditionStates(item.item) {
                context = context.narrowed(to: names)
                continue
            }
            if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                let (passing, failing) = branches(of: guardStatement.conditions, context)
                exits += inlinedExits(in: guardStatement.conditions, context)
                exits += failing.flatMap { self.exits(of: guardStatement.body.statements, in: $0) }
                context = passing
                continue
            }
            // `if c { ...; return }` without an else: what follows runs only where c failed.
            if let ifExpression = Self.ifStatement(item.item), ifExpression.elseBody == nil, Self.leaves(ifExpression.body.statements) {
                exits += self.exits(of: ifExpression, in: context)
                context = split(ifExpression.conditions, context).fails
                continue
            }
            if let doStatement = item.item.as(DoStmtSyntax.self) {
                let done = self.exits(of: doStatement, in: context)
                exits += done.exits
                context = done.after
                continue
            }
            // What follows a `switch` on the state runs only in the states whose case goes on
            // (`switch state { case .closed: return; default: break }`).
            if let switchExpression = Self.switchStatement(item.item), isState(switchExpression.subject) {
                exits += self.exits(of: switchExpression, in: context)
                let goingOn = context.narrowed(to: statesGoingOn(after: switchExpression))
                // A local each case gives a value (`let target: State; switch self.state { case
                // .closing: target = .closed ... }`) holds that value in its states only: what
                // follows is read once per case, from its states, knowing the local.
                if let ways = localsGiven(by: switchExpression) {
                    let rest = items[(position + 1)...]
                    let throwsLater = firstThrowing.map { $0 > position } ?? false
                    for way in ways {
                        var scanner = self
                        scanner.localSplits += 1
                        scanner.arguments.merge(way.locals) { _, given in given }
                        exits += scanner.scan(rest, in: context.narrowed(to: way.states), caught: throwsLater).exits
                    }
                    return (exits, goingOn)
                }
                context = goingOn
                continue
            }
            // `if c { state = .x }` that goes on to change the state again (`if fin { state =
            // .idle }`): where c holds, what follows runs in .x, and .x is what the event leaves
            // only where that changes nothing.
            if let ifExpression = Self.ifStatement(item.item), let target = movedTarget(of: ifExpression, in: context),
                items[(position + 1)...].contains(where: assigns)
            {
                let rest = items[(position + 1)...]
                let throwsLater = firstThrowing.map { $0 > position } ?? false
                let (holds, fails) = split(ifExpression.conditions, context)
                exits += self.exits(movingOnFrom: target.name, at: target.item, holds: holds, rest: rest, caught: throwsLater)
                var scanner = self
                scanner.localSplits += 1
                exits += scanner.scan(rest, in: fails, caught: throwsLater).exits
                return (exits, context)
            }
            // A helper's change that a later assignment supersedes (`arm(); state = .ready`) is
            // none the event leaves behind, and the callbacks it sets up run once the method
            // has left the state there.
            let later = items[(position + 1)...]
            if !inlinedCalls(in: item).isEmpty, later.contains(where: assigns), !Self.mayLeave(item) {
                var scanner = self
                if case .moves(let targets, nil) = later.compactMap({ assignedOutcome($0.item) }).last, targets.count == 1 {
                    scanner.callbackContext = Context(resumes: targets)
                }
                exits += scanner.exits(ofNode: Syntax(item.item), in: context).filter { $0.isCallback || !$0.outcome.moves }
                continue
            }
            // A callback set up before the body's last change runs once the method has left
            // the state there (a timeout scheduled, then `state = .channelActive`).
            if setsUpCallback[position], let last = items[(position + 1)...].compactMap({ assignedOutcome($0.item) }).last,
                case .moves(let targets, nil) = last, targets.count == 1
            {
                exits += self.exits(ofNode: Syntax(item.item), in: Context(resumes: targets))
                continue
            }
            exits += self.exits(ofNode: Syntax(item.item), in: context)
        }
        return (exits, context)
    }

    /// The exits of `rest`, read where the body moved the state to `target` at `item` on the
    /// way `holds` describes, then that move itself where no later change supersedes it: the
    /// later changes are the event's, from the states it was taken in, tested against `target`.
    private func exits(
        movingOnFrom target: String, at item: some SyntaxProtocol, holds: Context, rest: ArraySlice<CodeBlockItemSyntax>, caught: Bool
    ) -> [Exit] {
        var scanner = self
        scanner.localSplits += 1
        var exits: [Exit] = []
        var leaves: [String] = []
        var supersedes = false
        for var exit in scanner.scan(rest, in: Context(sources: holds.sources, current: [target]), caught: caught).exits {
            if exit.outcome.moves, !exit.isCallback {
                if let label = exit.guardLabel { leaves.append("!(\(label))") } else { supersedes = true }
            }
            exit.guardLabel = Context(conditions: holds.conditions + (exit.guardLabel.map { [$0] } ?? [])).guardLabel
            exits.append(exit)
        }
        if !supersedes {
            exits.append(self.exit(.moves(targets: [target], computed: nil), leaves.reduce(holds) { $0.adding($1) }, at: item))
        }
        return exits
    }

    /// The exits of a `do` statement, and the context after it. From the first `try` in its
    /// body that may throw to a clause on, the body's changes happen only if nothing threw
    /// (`!catch`), and a clause's only if something did (`catch`, `catch let error as
    /// TimeoutError`): without the two, the clause's change would read as one the body's hides,
    /// or hiding it. A `catch` runs from wherever the body got to: after a kept state and its
    /// `await`, from that state.
    private func exits(of doStatement: DoStmtSyntax, in context: Context) -> (exits: [Exit], after: Context) {
        let body = scan(doStatement.body.statements, in: context, caught: !doStatement.catchClauses.isEmpty)
        let caught = Self.thrownFrom(body.after, entry: context)
        // A clause runs from where the body was when one of its `try`s threw: the state before
        // that statement, not after the body's later changes (`try await login(); state = .ready`).
        var throwing: [Context] = []
        let items = Self.deferredLast(doStatement.body.statements)
        let points = doStatement.catchClauses.isEmpty ? [] : items.indices.filter { Self.mayThrow(items[$0]) }
        if points.count <= Self.throwingPointsFollowed {
            for point in points {
                var reached = scan(items[...point], in: context, caught: true).after
                reached.conditions.removeAll { $0 == Self.nothingThrew(in: context) }
                var before = Self.thrownFrom(reached, entry: context)
                // The body's last change before the throwing statement is where it threw from,
                // under the conditions that led there (`if cached { ...; return }` passed).
                if case .moves(let targets, nil)? = items[..<point].compactMap({ assignedOutcome($0.item) }).last, targets.count == 1 {
                    before = context
                    before.resumes = targets
                    before.conditions = reached.conditions
                }
                if !throwing.contains(where: { $0.resumes == before.resumes && $0.sources == before.sources }) { throwing.append(before) }
            }
        }
        if throwing.isEmpty { throwing = [caught] }
        var clauses: [Exit] = []
        var seen: Set<String> = []
        for from in throwing {
            for clause in doStatement.catchClauses {
                // Two throwing statements in one state give a clause's changes once.
                let condition = Self.caught(in: context) + clause.condition.dropFirst("catch".count)
                for exit in exits(of: clause.body.statements, in: from.adding(condition))
                where seen.insert("\(exit.location)|\(exit.outcome)|\(exit.guardLabel ?? "")|\(exit.resumes ?? exit.sources ?? [])").inserted {
                    clauses.append(exit)
                }
            }
        }
        return (body.exits + clauses, caught)
    }

    /// How many throwing statements of a `do` body are each read for the state a clause runs
    /// from; past that, the clauses run from where the body ends, so reading stays linear.
    private static let throwingPointsFollowed = 8

    /// The context a `catch` runs from when the body threw with `after` as its context: there,
    /// after a kept state and its `await`, else from where the `do` began.
    private static func thrownFrom(_ after: Context, entry: Context) -> Context {
        guard after.resumes != nil else { return entry }
        var from = after
        from.conditions.removeAll { $0 == nothingThrew(in: entry) }
        return from
    }

    /// The condition of a `do` body's changes: that no `try` in it threw to a `catch`.
    private static func nothingThrew(in context: Context) -> String { "!" + caught(in: context) }

    /// How a `catch` is written in guards: a `do` inside a clause of another catches what is
    /// thrown in it, which is no throw of the outer body (`inner catch`), so the two never read
    /// as one condition.
    private static func caught(in context: Context) -> String {
        context.conditions.contains { $0.hasPrefix("catch") || $0.hasPrefix("inner catch") } ? "inner catch" : "catch"
    }

    /// Whether `item` has a `try` that throws on (not `try?` or `try!`), outside closures.
    private static func mayThrow(_ item: CodeBlockItemSyntax) -> Bool {
        item.descendants(of: TryExprSyntax.self, intoClosures: false).contains { $0.questionOrExclamationMark == nil }
    }

    /// `statements` in the order they run in: each `defer`'s body after the rest, the last
    /// written first, as Swift runs them when the scope ends.
    private static func deferredLast(_ statements: some Sequence<CodeBlockItemSyntax>) -> [CodeBlockItemSyntax] {
        var items: [CodeBlockItemSyntax] = []
        var deferred: [[CodeBlockItemSyntax]] = []
        for item in statements {
            if let deferStatement = item.item.as(DeferStmtSyntax.self) {
                deferred.insert(Array(deferStatement.body.statements), at: 0)
            } else {
                items.append(item)
            }
        }
        return items + deferred.flatMap { $0 }
    }

    private func exit(_ outcome: MachineSketch.Outcome, _ context: Context, at node: some SyntaxProtocol) -> Exit {
        Exit(outcome: outcome, guardLabel: context.guardLabel, location: file.location(of: node), sources: context.sources, resumes: context.resumes)
    }

    /// Where `node` first suspends, outside closures: an `await`, or a `for await` loop.
    private static func firstSuspension(in node: some SyntaxProtocol) -> AbsolutePosition? {
        let awaited = node.descendants(of: AwaitExprSyntax.self, intoClosures: false).first?.position
        let looped = node.descendants(of: ForStmtSyntax.self, intoClosures: false).first { $0.awaitKeyword != nil }?.position
        return [awaited, looped].compactMap { $0 }.min()
    }

    /// Whether `item` is a `guard`, or an `if` without `else` whose body always leaves.
    private static func leavesWhenTaken(_ item: CodeBlockItemSyntax.Item) -> Bool {
        if item.is(GuardStmtSyntax.self) { return true }
        guard let ifExpression = ifStatement(item) else { return false }
        return ifExpression.elseBody == nil && leaves(ifExpression.body.statements)
    }

    /// Whether `items` suspend (`await` or `for await`, outside closures) before the first of
    /// them that assigns the state does so.
    private func suspends(before items: ArraySlice<CodeBlockItemSyntax>) -> Bool {
        for item in items {
            let suspension = Self.firstSuspension(in: item)
            // A branch that assigns and leaves (`if cached { state = .loaded; return }`) is not
            // the way on to the next assignment.
            if !assigns(item) || Self.leavesWhenTaken(item.item) { if suspension != nil { return true } else { continue } }
            // The item that assigns suspends first when its first `await` comes before every
            // assignment it holds ends (`do { let x = try await f(); state = .done(x) }`, or
            // `state = .loaded(try await fetch())`, which stores after it resumes).
            guard let suspension else { return false }
            return assignments(in: item).allSatisfy { $0.endPosition > suspension }
        }
        return false
    }

    /// The contexts where `conditions` hold and where they do not, as one context each.
    private func split(_ conditions: ConditionElementListSyntax, _ context: Context) -> (holds: Context, fails: Context) {
        let (holds, fails) = branches(of: conditions, context)
        return (holds, fails.count == 1 ? fails[0] : context.adding("!(\(conditions.trimmedText))"))
    }

    /// The context where `conditions` hold, and the contexts, apart from each other, where they
    /// do not: a `case .x = self.state` among them narrows the states where they hold, and is no
    /// condition of its own.
    private func branches(of conditions: ConditionElementListSyntax, _ context: Context) -> (holds: Context, fails: [Context]) {
        var holds = context
        var texts: [String] = []
        // For each test of the state, the states where it fails.
        var tested: [[String]] = []
        var holdsAlways = false
        for element in conditions {
            if case .matchingPattern(let match) = element.condition,
                isState(match.initializer.value),
                case .named(let name) = CasePattern.single(of: match.pattern), stateEnum.case(named: name) != nil
            {
                holds = holds.narrowed(to: [name])
                tested.append(stateEnum.cases.map(\.name).filter { $0 != name })
                continue
            }
            if case .expression(let expression) = element.condition, let test = stateTest(expression) {
                holds = holds.narrowed(to: test.holds)
                tested.append(test.fails)
                continue
            }
            // A flag the call of a method read in place gives as a literal (`respond(success:
            // true)`) is no condition there: it always holds, or never does.
            if case .expression(let expression) = element.condition, let value = literalFlag(expression) {
                guard value else { return (context.narrowed(to: []), [context]) }
                holdsAlways = true
                continue
            }
            // So is a condition the way here already tested (a method read in place that tests
            // `inEventLoop` again, called where its caller found it).
            if case .expression(let expression) = element.condition, let known = context.knows(expression) {
                guard known else { return (context.narrowed(to: []), [context]) }
                holdsAlways = true
                continue
            }
            // So is a test of a value known to be a case (`if case .outputClosed = target`).
            if case .matchingPattern(let match) = element.condition, let known = knownCase(match.initializer.value),
                case .named(let name) = CasePattern.single(of: match.pattern),
                CasePattern.narrowingConditions(of: match.pattern, subjects: [match.initializer.value]).allSatisfy({ $0 == nil })
            {
                guard name == known else { return (context.narrowed(to: []), [context]) }
                holdsAlways = true
                continue
            }
            // `self.state == .idle && ready` holds where both sides do: its test of the state
            // narrows as a condition of its own would, and the rest stays as written.
            if case .expression(let expression) = element.condition, let parts = Self.conjuncts(of: expression) {
                let stateTests = parts.compactMap(stateTest)
                if !stateTests.isEmpty {
                    for test in stateTests {
                        holds = holds.narrowed(to: test.holds)
                        tested.append(test.fails)
                    }
                    let others = parts.filter { stateTest($0) == nil }.map(\.trimmedText)
                    if !others.isEmpty { texts.append(others.joined(separator: " && ")) }
                    continue
                }
            }
            texts.append(element.condition.trimmedText)
        }
        if holdsAlways, texts.isEmpty, tested.isEmpty { return (holds, [context.narrowed(to: [])]) }
        let tests = holds
        let others = texts.joined(separator: ", ")
        if !texts.isEmpty { holds = holds.adding(others) }
        // A lone test of the state fails in every other state, whatever the other conditions
        // beside it; in its own states, where they fail (`guard case .streaming = state, case
        // .copy = query else { return fail() }` fails from every state but `streaming`, and
        // from `streaming` unless the query copies). Several tests fail as a disjunction, kept
        // as text, and so is failing after a suspension, where a test does not narrow what an
        // earlier one found and the two ways would double with each test of an `else if` chain.
        guard tested.count == 1 else { return (holds, [context.adding("!(\(conditions.trimmedText))")]) }
        let elsewhere = context.narrowed(to: tested[0])
        guard !texts.isEmpty else { return (holds, [elsewhere]) }
        guard context.resumes == nil || context.isSettled else { return (holds, [context.adding("!(\(conditions.trimmedText))")]) }
        // Each way keeps states the other does not, so a chain of tests keeps at most one
        // way per state: those no state is left in are dropped.
        let ways = [elsewhere, tests.adding("!(\(others))")].filter { ($0.resumes ?? $0.sources)?.isEmpty != true }
        return (holds, ways.isEmpty ? [elsewhere] : ways)
    }

    /// The sides of a conjunction (`a == .x && b && c`), when `&&` is the loosest operator in
    /// it (no `||`, ternary or assignment), so that each side is a condition that must hold.
    private static func conjuncts(of expression: ExprSyntax) -> [ExprSyntax]? {
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        var parts: [[ExprSyntax]] = [[]]
        for element in sequence.elements {
            if element.is(TernaryExprSyntax.self) || element.is(UnresolvedTernaryExprSyntax.self) || element.is(AssignmentExprSyntax.self) {
                return nil
            }
            if let operation = element.as(BinaryOperatorExprSyntax.self)?.operator.text {
                if operation == "||" { return nil }
                if operation == "&&" {
                    parts.append([])
                    continue
                }
            }
            parts[parts.count - 1].append(element)
        }
        guard parts.count > 1, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        return parts.map { part in part.count == 1 ? part[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(part))) }
    }

    /// The case `expression` holds when it names a parameter or local given an enum case here
    /// (`respond(to: .closed)`, `target = .closed` in the case being followed).
    private func knownCase(_ expression: ExprSyntax) -> String? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let value = arguments[name] else { return nil }
        return CasePattern.caseName(value)
    }

    /// Whether each case of a `switch` on `subject` matches by the enum case alone, without a
    /// `where` clause or a pattern for its associated values (`.open(.idle)`), so that the case
    /// a value known to be one takes can be told.
    private static func matchCaseNamesOnly(_ cases: [SwitchCaseSyntax], subject: ExprSyntax) -> Bool {
        cases.allSatisfy { switchCase in
            guard case .case(let label) = switchCase.label else { return true }
            return label.caseItems.allSatisfy { item in
                item.whereClause == nil && CasePattern.narrowingConditions(of: item.pattern, subjects: [subject]).allSatisfy { $0 == nil }
            }
        }
    }

    /// Whether a case of a `switch` matches a value known to be the enum case `name`, whatever
    /// its associated values.
    private func matches(_ switchCase: SwitchCaseSyntax, _ name: String) -> Bool {
        guard case .case(let label) = switchCase.label else { return false }
        return label.caseItems.contains { CasePattern.single(of: $0.pattern) == .named(name) }
    }

    /// The value of `expression` when it is a parameter of the method read in place that its
    /// call gives `true` or `false`, or the negation of one.
    private func literalFlag(_ expression: ExprSyntax) -> Bool? {
        if let negated = expression.as(PrefixOperatorExprSyntax.self), negated.operator.text == "!" {
            return literalFlag(negated.expression).map { !$0 }
        }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let literal = arguments[name]?.as(BooleanLiteralExprSyntax.self)
        else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// The states where `state == .idle` (or `.idle == state`, or `state != .idle`, or a
    /// predicate that stands for such a test, `guard isActive`) holds and where it fails, if it
    /// is such a test of the state.
    private func stateTest(_ expression: ExprSyntax) -> (holds: [String], fails: [String])? {
        if let negated = expression.as(PrefixOperatorExprSyntax.self), negated.operator.text == "!" {
            return stateTest(negated.expression).map { ($0.fails, $0.holds) }
        }
        if let holding = predicates.states(where: expression) {
            return (holding, stateEnum.cases.map(\.name).filter { !holding.contains($0) })
        }
        // `state.is(\.idle)`, the test CasePaths' `@CasePathable` gives an enum.
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "is", let base = member.base, stateVariables.contains(base.trimmedText),
            call.arguments.count == 1, let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self),
            keyPath.root == nil, keyPath.components.count == 1,
            let name = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text,
            stateEnum.case(named: name) != nil
        {
            return ([name], stateEnum.cases.map(\.name).filter { $0 != name })
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, let operation = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            operation == "==" || operation == "!="
        else { return nil }
        for (subject, value) in [(elements[0], elements[2]), (elements[2], elements[0])] where stateVariables.contains(subject.trimmedText) {
            guard let name = CasePattern.caseName(value), stateEnum.case(named: name) != nil else { continue }
            let others = stateEnum.cases.map(\.name).filter { $0 != name }
            return operation == "==" ? ([name], others) : (others, [name])
        }
        return nil
    }

    /// The states a `precondition(state == .idle)` statement requires, if it is one (`assert`
    /// is compiled out of release builds, so it requires nothing there).
    private func preconditionStates(_ item: CodeBlockItemSyntax.Item) -> [String]? {
        let expression: ExprSyntax?
        switch item {
        case .expr(let value): expression = value
        case .stmt(let statement): expression = statement.as(ExpressionStmtSyntax.self)?.expression
        default: expression = nil
        }
        guard let call = expression?.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            callee == "precondition", let condition = call.arguments.first?.expression
        else { return nil }
        return stateTest(condition)?.holds
    }

    /// The exits of one statement or expression.
    private func exits(ofNode node: Syntax, in context: Context) -> [Exit] {
        if let expressionStatement = node.as(ExpressionStmtSyntax.self) {
            return exits(ofNode: Syntax(expressionStatement.expression), in: context)
        }
        if let ifExpression = node.as(IfExprSyntax.self) {
            return exits(of: ifExpression, in: context)
        }
        if let switchExpression = node.as(SwitchExprSyntax.self) {
            return exits(of: switchExpression, in: context)
        }
        if let lent = lentState(node) {
            var scanner = self
            scanner.stateVariables.insert(lent.parameter)
            return scanner.exits(of: lent.closure.statements, in: context)
        }
        // A method's own result says nothing of the state, but the callbacks it sets up do, and
        // so do the methods it calls that are read in place.
        let isReturn = node.is(ReturnStmtSyntax.self)
        if isReturn ? !returnsNextState : node.is(DeclSyntax.self) || node.is(ExprSyntax.self) {
            let inPlace = inlinedExits(in: node, context)
            let callbacks = laterClosures(in: node).flatMap { closure in
                var inClosure = self
                inClosure.callbackContext = nil
                if closure.certainlyRunsLater { inClosure.inlined = inlined.withoutEvents }
                return inClosure.exits(of: closure.statements, in: callbackContext ?? context).map { exit in
                    var exit = exit
                    exit.isCallback = true
                    return exit
                }
            }
            if !inPlace.isEmpty || !callbacks.isEmpty { return inPlace + callbacks }
        }
        if let returnStatement = node.as(ReturnStmtSyntax.self) {
            guard returnsNextState else { return [] }
            return [exit(returnStatement.expression.map(outcome(of:)) ?? .stays, context, at: node)]
        }
        if node.is(ThrowStmtSyntax.self) || node.isTrap { return [exit(.refuses, context, at: node)] }
        // A case or branch of a `switch` or `if` that is itself the function's value gives the
        // next state without `return` (`case (.idle, .start): .submitting`).
        if returnsNextState, let value = node.as(ExprSyntax.self), Self.isImplicitResult(node) {
            return [exit(outcome(of: value), context, at: node)]
        }
        if node.is(BreakStmtSyntax.self) { return [exit(.stays, context, at: node)] }
        if let doStatement = node.as(DoStmtSyntax.self) {
            return exits(of: doStatement, in: context).exits
        }
        if let block = node.as(CodeBlockSyntax.self) { return exits(of: block.statements, in: context) }
        for loop in [node.as(ForStmtSyntax.self)?.body, node.as(WhileStmtSyntax.self)?.body, node.as(RepeatStmtSyntax.self)?.body] {
            if let loop { return exits(of: loop.statements, in: context) }
        }
        return []
    }

    /// Whether `node` is the value of the function (or closure) around it without a `return`:
    /// the only item of its body, or of a case or branch of a `switch` or `if` that is such a value or is
    /// returned.
    private static func isImplicitResult(_ node: Syntax) -> Bool {
        var current = node
        while let parent = current.parent {
            if parent.is(ReturnStmtSyntax.self) { return true }
            if parent.is(ExpressionStmtSyntax.self) || parent.is(IfExprSyntax.self) {
                current = parent
                continue
            }
            guard parent.is(CodeBlockItemSyntax.self), let list = parent.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
                let holder = list.parent
            else { return false }
            // A closure read as the step itself (`.map { s -> State in switch s { ... } }`).
            if holder.is(ClosureExprSyntax.self) { return true }
            if holder.is(SwitchCaseSyntax.self), let switchExpression = holder.parent?.parent?.as(SwitchExprSyntax.self) {
                current = Syntax(switchExpression)
                continue
            }
            guard let block = holder.as(CodeBlockSyntax.self), let owner = block.parent else { return false }
            if owner.is(FunctionDeclSyntax.self) || owner.is(AccessorDeclSyntax.self) { return true }
            guard owner.is(IfExprSyntax.self) else { return false }
            current = owner
        }
        return false
    }

    /// The closure a lending call is given and the name it gives the state, when `node` is such
    /// a call, returns one, or stores what one returns (`let ready = state.withLock { ... }`).
    private func lentState(_ node: Syntax) -> (closure: ClosureExprSyntax, parameter: String)? {
        var expression = node.as(ReturnStmtSyntax.self)?.expression ?? node.as(ExprSyntax.self)
        if let variable = node.as(VariableDeclSyntax.self), variable.bindings.count == 1 { expression = variable.bindings.first?.initializer?.value }
        if let value = expression.flatMap(assignedToOther) { expression = value }
        guard let closure = expression.map(Self.awaited)?.as(FunctionCallExprSyntax.self)?.finalClosure, lends(closure) else { return nil }
        return (closure, closure.lentName)
    }

    /// The value of `target = value` when the target is not the state (`result = state.withLock
    /// { ... }`).
    private func assignedToOther(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let elements = expression.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
            elements[1].is(AssignmentExprSyntax.self), !stateVariables.contains(elements[0].trimmedText)
        else { return nil }
        return elements[2]
    }

    /// The methods of a lock that run the closure they are given at once, lending it the value
    /// they guard as `inout`: `Mutex.withLock`, SwiftNIO's `NIOLockedValueBox.withLockedValue`,
    /// `ManagedCriticalState.withCriticalRegion`, `LockIsolated.withValue`, `Protected.write`.
    static let lockMethods: Set<String> = ["withLock", "withLockedValue", "withCriticalRegion", "withLockUnchecked", "withValue", "write", "mutate"]

    /// Whether `expression` is the state, also as `consume self` or `copy state` (a
    /// noncopyable state's methods switch on `consume self`).
    func isState(_ expression: ExprSyntax) -> Bool {
        let value = expression.as(ConsumeExprSyntax.self)?.expression ?? expression.as(CopyExprSyntax.self)?.expression ?? expression
        return stateVariables.contains(value.trimmedText)
    }

    /// Whether `closure` runs in the call it is given to with the state lent to it: the call is
    /// one of `lenders`, or a lock's method on the state (`self.state.withLock { state in ... }`).
    func lends(_ closure: ClosureExprSyntax) -> Bool {
        guard let call = closure.receivingCall else { return false }
        if let callee = call.localCallee, lenders.contains(callee) { return true }
        return isLocked(closure)
    }

    /// Whether `closure` is given to a lock's method on the state, which lends it what the lock
    /// guards (`self.state.withLock { state in ... }`).
    func isLocked(_ closure: ClosureExprSyntax) -> Bool {
        guard let member = closure.receivingCall?.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        return Self.lockMethods.contains(member.declName.baseName.text) && stateVariables.contains(base.trimmedText)
    }

    /// Whether `node` lends the state to a closure (outside other closures) that assigns it:
    /// `state.withLock { $0 = .closed }`, not `state.withLock { $0.isOpen }`.
    func assignsLentState(in node: some SyntaxProtocol) -> Bool {
        node.descendants(of: ClosureExprSyntax.self, intoClosures: false).contains { closure in
            guard lends(closure) else { return false }
            var lent = self
            lent.stateVariables.insert(closure.lentName)
            return !lent.assignments(in: closure.statements).isEmpty
        }
    }

    /// The closures in `node`, outside other closures, that run after it (a callback, a `Task`,
    /// a `DispatchQueue` block) and assign the state: their changes are the method's, made later.
    func laterClosures(in node: some SyntaxProtocol) -> [ClosureExprSyntax] {
        // A closure that is itself the statement (a callback a callback returns) is one of them.
        let closures = node.as(ClosureExprSyntax.self).map { [$0] } ?? node.descendants(of: ClosureExprSyntax.self, intoClosures: false)
        return closures.filter { closure in
            !lends(closure)
                && (closure.statements.descendants(of: SequenceExprSyntax.self).contains { assignedValue(.expr(ExprSyntax($0))) != nil }
                    || !sends(in: closure.statements).isEmpty
                    || closure.statements.descendants(of: FunctionCallExprSyntax.self).contains { call in
                        inlined.method(calledBy: call).map { !$0.isEvent || !closure.certainlyRunsLater } ?? false
                    })
        }
    }

    /// The `if` that a statement is, if it is one.
    private static func ifStatement(_ item: CodeBlockItemSyntax.Item) -> IfExprSyntax? {
        switch item {
        case .expr(let expression): expression.as(IfExprSyntax.self)
        case .stmt(let statement): statement.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
        default: nil
        }
    }

    /// Whether `item` may leave the body itself: a `return` or `throw` in it, outside closures.
    private static func mayLeave(_ item: CodeBlockItemSyntax) -> Bool {
        !item.descendants(of: ReturnStmtSyntax.self, intoClosures: false).isEmpty
            || !item.descendants(of: ThrowStmtSyntax.self, intoClosures: false).isEmpty
    }

    private static func switchStatement(_ item: CodeBlockItemSyntax.Item) -> SwitchExprSyntax? {
        switch item {
        case .expr(let expression): expression.as(SwitchExprSyntax.self)
        case .stmt(let statement): statement.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self)
        default: nil
        }
    }

    /// The states in which the statements after a `switch` on the state run: those of its
    /// cases that do not leave the body (a `break` leaves only the `switch`); `nil` (any) when
    /// a case that goes on matches states syntax cannot list. A case with a `where` clause that
    /// leaves may not match, so its states may go on.
    private func statesGoingOn(after switchExpression: SwitchExprSyntax) -> [String]? {
        let cases = switchExpression.switchCases
        var goingOn: Set<String> = []
        for switchCase in cases {
            if Self.leaves(switchCase), switchCase.whereConditions.isEmpty { continue }
            guard let names = states(of: switchCase, among: cases) else { return nil }
            goingOn.formUnion(names)
        }
        return stateEnum.cases.map(\.name).filter(goingOn.contains)
    }

    /// Whether a case of a `switch` leaves the body it is in (a `break` leaves only the `switch`).
    static func leaves(_ switchCase: SwitchCaseSyntax) -> Bool {
        leaves(switchCase.statements) && switchCase.statements.last?.item.as(BreakStmtSyntax.self) == nil
    }

    /// The states a case of a `switch` on the state among `cases` matches: those it names, or
    /// for `default:` those no other case names; `nil` when syntax cannot list them.
    private func states(of switchCase: SwitchCaseSyntax, among cases: [SwitchCaseSyntax]) -> [String]? {
        stateCases(of: switchCase) ?? (switchCase.label.is(SwitchDefaultLabelSyntax.self) ? remainingStates(after: cases) : nil)
    }

    /// The one state an `if` without `else` moves the state to and goes on from, with the
    /// assignment that does: its body assigns once, to one case, sets up no callback and calls
    /// no method read in place, and does not leave. `nil` for any other `if`, after a
    /// suspension, or when the reading already follows two ways apart.
    private func movedTarget(of ifExpression: IfExprSyntax, in context: Context) -> (name: String, item: CodeBlockItemSyntax)? {
        guard ifExpression.elseBody == nil, context.resumes == nil, context.current == nil, localSplits < 2,
            !Self.leaves(ifExpression.body.statements), inlinedCalls(in: ifExpression.conditions).isEmpty
        else { return nil }
        let statements = Array(ifExpression.body.statements)
        guard let index = statements.firstIndex(where: assigns),
            case .moves(let targets, nil)? = assignedOutcome(statements[index].item), targets.count == 1,
            !statements.enumerated().contains(where: { $0.offset != index && assigns($0.element) }),
            !statements.contains(where: { setsUpCallback(in: $0) || !inlinedCalls(in: $0).isEmpty })
        else { return nil }
        return (targets[0], statements[index])
    }

    /// The ways on from a `switch` on the state whose cases give locals of the function their
    /// values and change nothing else: for each case that goes on, its states and the value it
    /// gives each local. `nil` when no case gives one, when a case matches states syntax cannot
    /// list or changes the state, or when the locals are given values elsewhere too.
    private func localsGiven(by switchExpression: SwitchExprSyntax) -> [(states: [String], locals: [String: ExprSyntax])]? {
        let cases = switchExpression.switchCases
        guard localSplits < 2, cases.count <= 8, let body = Self.enclosingBody(of: Syntax(switchExpression)),
            assignments(in: switchExpression, throughCalls: true).isEmpty
        else { return nil }
        var ways: [(states: [String], locals: [String: ExprSyntax])] = []
        for switchCase in cases {
            guard switchCase.whereConditions.isEmpty else { return nil }
            if Self.leaves(switchCase) { continue }
            guard let names = states(of: switchCase, among: cases) else { return nil }
            var locals: [String: ExprSyntax] = [:]
            for item in switchCase.statements {
                if let (name, value) = Self.localAssignment(item.item) { locals[name] = value }
            }
            ways.append((names, locals))
        }
        let given = Set(ways.flatMap(\.locals.keys))
        guard !given.isEmpty else { return nil }
        let declared = Set(
            body.descendants(of: PatternBindingSyntax.self).compactMap { binding in
                binding.initializer == nil ? binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text : nil
            })
        let elsewhere = body.descendants(of: SequenceExprSyntax.self).contains { sequence in
            !switchExpression.range.contains(sequence.position) && Self.localAssignment(.expr(ExprSyntax(sequence))).map { given.contains($0.name) } == true
        }
        guard given.isSubset(of: declared), !elsewhere else { return nil }
        return ways
    }

    /// The local and its value, when `item` gives a plain name a value (`target = .closed`).
    private static func localAssignment(_ item: CodeBlockItemSyntax.Item) -> (name: String, value: ExprSyntax)? {
        let expression: ExprSyntax?
        switch item {
        case .expr(let value): expression = value
        case .stmt(let statement): expression = statement.as(ExpressionStmtSyntax.self)?.expression
        default: expression = nil
        }
        guard let elements = expression?.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
            elements[1].is(AssignmentExprSyntax.self), let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        return (name, elements[2])
    }

    /// Whether `statements` always leave the enclosing body: their last is a `return`, `throw`,
    /// `break`, `continue` or a call that stops the program.
    private static func leaves(_ statements: CodeBlockItemListSyntax) -> Bool {
        guard let last = statements.last?.item else { return false }
        let node: Syntax
        switch last {
        case .stmt(let statement): node = statement.as(ExpressionStmtSyntax.self).map { Syntax($0.expression) } ?? Syntax(statement)
        case .expr(let expression): node = Syntax(expression)
        default: return false
        }
        return node.is(ReturnStmtSyntax.self) || node.is(ThrowStmtSyntax.self) || node.is(BreakStmtSyntax.self)
            || node.is(ContinueStmtSyntax.self) || node.isTrap
    }

    /// The states a case of a `switch` on the state matches, `nil` for any.
    private func stateCases(of switchCase: SwitchCaseSyntax) -> [String]? {
        guard case .case(let label) = switchCase.label else { return nil }
        var names: [String] = []
        for item in label.caseItems {
            switch CasePattern.single(of: item.pattern) {
            case .named(let name) where stateEnum.case(named: name) != nil: names.append(name)
            default: return nil
            }
        }
        return names
    }

    private func exits(of switchExpression: SwitchExprSyntax, in context: Context) -> [Exit] {
        let subject = switchExpression.subject
        let subjects = subject.as(TupleExprSyntax.self).map { $0.elements.map(\.expression) } ?? [subject]
        let statePosition = subjects.firstIndex(where: isState)
        let cases = switchExpression.switchCases
        // On a value the call or an earlier case gave as a case (`switch target` where target
        // is `.closed` here), only the case that matches it runs.
        if statePosition == nil, let known = knownCase(subject), Self.matchCaseNamesOnly(cases, subject: subject),
            let taken = cases.first(where: { matches($0, known) }) ?? cases.first(where: { $0.label.is(SwitchDefaultLabelSyntax.self) })
        {
            return inlinedExits(in: subject, context) + exits(of: taken.statements, in: context)
        }
        let others = statePosition != nil && subjects.count == 1 ? remainingStates(after: cases) : nil
        return inlinedExits(in: subject, context)
            + cases.flatMap { switchCase in
                caseContexts(switchCase, of: subject.trimmedText, subjects, statePosition: statePosition, others: others, context).flatMap {
                    exits(of: switchCase.statements, in: $0)
                }
            }
    }

    /// The contexts a case of a `switch` over `subjects` runs in, one per pattern where they
    /// differ. On the state (alone, or as one element of a tuple, `switch (self.role,
    /// self.state)`), a pattern narrows the states, and what it requires of the other subjects
    /// or of the state's values (`.running(.endSent)`) is a condition; on another value, which
    /// case was taken is the condition of what follows.
    private func caseContexts(
        _ switchCase: SwitchCaseSyntax, of subject: String, _ subjects: [ExprSyntax], statePosition: Int?, others: [String]?, _ context: Context
    ) -> [Context] {
        guard case .case(let label) = switchCase.label else { return [context.narrowed(to: others)] }
        guard let statePosition else {
            let patterns = label.caseItems.map { "case \($0.pattern.trimmedText) = \(subject)" }
            return [switchCase.whereConditions.reduce(context.adding(patterns.joined(separator: " || "))) { $0.adding($1) }]
        }
        let plain = label.caseItems.allSatisfy { item in
            item.whereClause == nil && CasePattern.narrowingConditions(of: item.pattern, subjects: subjects).allSatisfy { $0 == nil }
        }
        if subjects.count == 1, plain, let names = stateCases(of: switchCase) { return [context.narrowed(to: names)] }
        return label.caseItems.map { item in
            let positions = CasePattern.positions(of: item.pattern)
            var itemContext = context
            switch positions.count == subjects.count ? positions[statePosition] : .other {
            case .named(let name) where stateEnum.case(named: name) != nil: itemContext = itemContext.narrowed(to: [name])
            case .any: break
            default: return itemContext.adding("case \(item.pattern.trimmedText) = \(subject)")
            }
            let texts = CasePattern.positionTexts(of: item.pattern) ?? [item.pattern.trimmedText]
            for index in subjects.indices where index != statePosition && positions[index] != .any && texts.count == subjects.count {
                itemContext = itemContext.adding("case \(texts[index]) = \(subjects[index].trimmedText)")
            }
            let narrowing = CasePattern.narrowingConditions(of: item.pattern, subjects: subjects)
            if narrowing.indices.contains(statePosition), let condition = narrowing[statePosition] {
                itemContext = itemContext.adding(condition)
            }
            if let whereClause = item.whereClause { itemContext = itemContext.adding(whereClause.condition.trimmedText) }
            return itemContext
        }
    }

    /// The states a `default:` after `cases` of a `switch` on the state runs in: those no case
    /// names, when each case matches all of the states it names; `nil` (any) when one does not
    /// (`case .open where retries > 0`, `case let other`).
    func remainingStates(after cases: [SwitchCaseSyntax]) -> [String]? {
        var named: Set<String> = []
        for switchCase in cases where !switchCase.label.is(SwitchDefaultLabelSyntax.self) {
            guard switchCase.whereConditions.isEmpty, let names = stateCases(of: switchCase) else { return nil }
            named.formUnion(names)
        }
        return stateEnum.cases.map(\.name).filter { !named.contains($0) }
    }

    private func exits(of ifExpression: IfExprSyntax, in context: Context) -> [Exit] {
        let (holds, fails) = branches(of: ifExpression.conditions, context)
        var exits = inlinedExits(in: ifExpression.conditions, context) + self.exits(of: ifExpression.body.statements, in: holds)
        switch ifExpression.elseBody {
        case .ifExpr(let next)?: exits += fails.flatMap { self.exits(of: next, in: $0) }
        case .codeBlock(let block)?: exits += fails.flatMap { self.exits(of: block.statements, in: $0) }
        case nil: break
        }
        return exits
    }

    /// Whether `item` assigns the state, itself or in a statement it holds (not in a closure,
    /// which runs later).
    /// A call of a method read in place counts only when it is the item and moves to one state
    /// on its only way out (`beginLoading()`): one that may leave the state alone
    /// (`executeNextQueryFromQueue()` with nothing queued) supersedes no assignment before it.
    private func assigns(_ item: CodeBlockItemSyntax) -> Bool {
        assignedOutcome(item.item) != nil || !assignments(in: item, throughCalls: false).isEmpty
    }

    /// The assignments to the state below `node`, not in closures, and the calls there of
    /// methods read in place that assign it: whether a body or statement changes the state at
    /// all, and where.
    func assignments(in node: some SyntaxProtocol, throughCalls: Bool = true) -> [ExprSyntax] {
        let assigned =
            node.descendants(of: SequenceExprSyntax.self, intoClosures: false).filter { assignedValue(.expr(ExprSyntax($0))) != nil }
            .map(ExprSyntax.init) + sends(in: node, intoClosures: false)
        guard throughCalls else { return assigned }
        let changing = inlinedCalls(in: node).filter { call in
            guard let method = inlined.method(calledBy: call), method.assignsDirectly else { return false }
            // A setter given the state itself changes nothing.
            guard let position = method.setterParameter, position < call.arguments.count else { return true }
            return !stateVariables.contains(Array(call.arguments)[position].expression.trimmedText)
        }
        return assigned + changing.map(ExprSyntax.init)
    }

    /// The calls below `node` that send the subject holding the state a new value.
    func sends(in node: some SyntaxProtocol, intoClosures: Bool = true) -> [ExprSyntax] {
        guard stateVariables.contains(where: { $0.hasSuffix(".value") }) else { return [] }
        return node.descendants(of: FunctionCallExprSyntax.self, intoClosures: intoClosures).map(ExprSyntax.init).filter { sentValue($0) != nil }
    }

    /// The value assigned to the state, when `node` is such an assignment (`state = .idle`,
    /// `self.state = .active(x)`).
    func assignedValue(_ node: CodeBlockItemSyntax.Item) -> ExprSyntax? {
        let expression: ExprSyntax?
        switch node {
        case .expr(let value): expression = value
        case .stmt(let statement): expression = statement.as(ExpressionStmtSyntax.self)?.expression
        default: expression = nil
        }
        // A setter read in place (`transition(to: .loading)`) assigns what it is given.
        if let call = expression.map(Self.awaited)?.as(FunctionCallExprSyntax.self), let method = inlined.method(calledBy: call),
            let position = method.setterParameter, position < call.arguments.count
        {
            let value = Array(call.arguments)[position].expression
            // Given the state itself (`process(..., targetState: self.state)`), it changes nothing.
            return stateVariables.contains(value.trimmedText) ? nil : value
        }
        if let sent = expression.map(Self.awaited).flatMap(sentValue) { return sent }
        guard let sequence = expression?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
        // `(action, self) = state.close()`: the state is one element of a tuple assigned at
        // once; of a tuple literal it is the element in its place, else the whole value, which
        // the state is computed from.
        if let targets = elements[0].as(TupleExprSyntax.self), elements.count == 3,
            let position = targets.elements.firstIndex(where: { stateVariables.contains($0.expression.trimmedText) })
        {
            let offset = targets.elements.distance(from: targets.elements.startIndex, to: position)
            if let values = elements[2].as(TupleExprSyntax.self), values.elements.count == targets.elements.count {
                return Array(values.elements)[offset].expression
            }
            return elements[2]
        }
        if elements.count == 3, elements[0].trimmedText == "self", !stateVariables.contains("self"),
            let made = factories?.state(madeBy: elements[2])
        {
            return made
        }
        guard stateVariables.contains(elements[0].trimmedText) else { return nil }
        if elements.count == 3 { return elements[2] }
        return ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(elements[2...])))
    }

    /// The methods that give a subject holding the state its next value (`state.send(.loading)`,
    /// RxSwift's `state.accept(.idle)` and `onNext`).
    static let subjectSetters: Set<String> = ["send", "accept", "onNext"]

    /// The value `expression` sends to the subject that holds the state, when it is such a call:
    /// the state is the subject's `value` (``StoredProperty/isSubject``).
    private func sentValue(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            Self.subjectSetters.contains(member.declName.baseName.text), stateVariables.contains(base.trimmedText + ".value")
        else { return nil }
        let value = call.arguments.first?.expression
        return value.map { stateVariables.contains($0.trimmedText) } == true ? nil : value
    }

    /// What a next-state expression says: a case, one of two (a ternary), the state unchanged,
    /// or a value syntax cannot tell, which may be any state.
    func outcome(of expression: ExprSyntax) -> MachineSketch.Outcome {
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let argument = arguments[name] {
            var caller = self
            caller.arguments = [:]
            return caller.outcome(of: argument)
        }
        let text = expression.trimmedText
        if expression.is(NilLiteralExprSyntax.self) || stateVariables.contains(text) { return .stays }
        if let written = CasePattern.caseName(expression), let name = stateEnum.caseName(written) {
            return .moves(targets: [name], computed: nil)
        }
        if let tuple = expression.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first { return outcome(of: only.expression) }
            for element in tuple.elements {
                let inner = outcome(of: element.expression)
                if case .moves(_, nil) = inner { return inner }
                if inner == .stays { return .stays }
            }
        }
        if let sequence = expression.as(SequenceExprSyntax.self), let choice = ternaryTargets(sequence) ?? coalescedTargets(sequence) {
            return .moves(targets: choice, computed: text)
        }
        // The states a route mapping allows (`return [.b, .c]`), any one of which may be entered.
        if returnsStateLists, let array = expression.as(ArrayExprSyntax.self) {
            let names = array.elements.compactMap { CasePattern.caseName($0.expression) }
            if array.elements.isEmpty { return .refuses }
            if names.count == array.elements.count, names.allSatisfy({ stateEnum.case(named: $0) != nil }) {
                return .moves(targets: names.uniqued(), computed: nil)
            }
        }
        if let targets = helperTargets(expression) { return .moves(targets: targets, computed: text) }
        if let wrapped = wrappedState(expression) { return outcome(of: wrapped) }
        if let targets = localTargets(expression) { return .moves(targets: targets, computed: nil) }
        return .moves(targets: stateEnum.cases.map(\.name), computed: text)
    }

    /// The states a local of the enclosing function may hold, when each value it is given there
    /// names one (`let target: State; if endStream { target = .closed } else { target = .open }`).
    private func localTargets(_ expression: ExprSyntax) -> [String]? {
        guard followsLocals, let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let body = Self.enclosingBody(of: Syntax(expression))
        else { return nil }
        let declared = body.descendants(of: PatternBindingSyntax.self).filter { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        guard !declared.isEmpty else { return nil }
        let assigned = body.descendants(of: SequenceExprSyntax.self).compactMap { sequence -> ExprSyntax? in
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name
            else { return nil }
            return elements[2]
        }
        let values = declared.compactMap { $0.initializer?.value } + assigned
        var reader = self
        reader.followsLocals = false
        var targets: [String] = []
        for value in values {
            guard case .moves(let found, nil) = reader.outcome(of: value) else { return nil }
            targets += found
        }
        return targets.isEmpty ? nil : targets.uniqued()
    }

    /// The body of the function, initializer, accessor or closure `node` is in.
    private static func enclosingBody(of node: Syntax) -> CodeBlockItemListSyntax? {
        var current = node.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) { return closure.statements }
            if let block = node.as(CodeBlockSyntax.self),
                block.parent?.is(FunctionDeclSyntax.self) == true || block.parent?.is(InitializerDeclSyntax.self) == true
                    || block.parent?.is(AccessorDeclSyntax.self) == true
            {
                return block.statements
            }
            current = node.parent
        }
        return nil
    }

    /// Labels that name the next state in a value that wraps it.
    private static let stateLabels: Set<String> = ["to", "toState", "state", "next", "nextState", "newState", "target"]

    /// The next state a value wraps in one of its arguments, `TransitionEffect(toState: .b,
    /// effect: .load)` or `.transition(to: .b)`: the argument labelled as a state, or the only
    /// one, when it names a case of the state or the state unchanged.
    private func wrappedState(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let arguments = Array(call.arguments)
        let candidates =
            arguments.count == 1 && arguments[0].label == nil
            ? arguments : arguments.filter { $0.label.map { Self.stateLabels.contains($0.text) } ?? false }
        guard candidates.count == 1, let value = candidates.first?.expression else { return nil }
        let names = CasePattern.caseName(value).map { stateEnum.case(named: $0) != nil } ?? false
        return names || stateVariables.contains(value.trimmedText) ? value : nil
    }

    /// The states a call into a helper of the same file can give, from what the helper returns;
    /// `nil` when the expression is no such call or the helper's results are no narrower than any state.
    private func helperTargets(_ expression: ExprSyntax) -> [String]? {
        guard !helpers.isEmpty, let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        guard let callee = call.localCallee, let helper = helpers[callee], let body = helper.body else { return nil }
        // The helper's own calls are not followed: one level, so recursion cannot loop.
        let inner = BranchScanner(file: file, stateEnum: stateEnum, stateVariables: stateVariables, returnsNextState: true)
        var targets: [String] = []
        for exit in inner.exits(of: body.statements) {
            guard case .moves(let to, nil) = exit.outcome else {
                if case .moves = exit.outcome { return nil }
                continue
            }
            targets += to
        }
        return targets.isEmpty ? nil : targets.uniqued()
    }

    /// The states `helper(x) ?? .b` may give: the helper's, or the fallback, when both name cases.
    private func coalescedTargets(_ sequence: SequenceExprSyntax) -> [String]? {
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            case .moves(let first, _) = outcome(of: elements[0]), case .moves(let second, nil) = outcome(of: elements[2]),
            first.count < stateEnum.cases.count
        else { return nil }
        return (first + second).uniqued()
    }

    /// Both branches of `condition ? .a : .b`, when each names a case.
    private func ternaryTargets(_ sequence: SequenceExprSyntax) -> [String]? {
        let elements = Array(sequence.elements)
        guard let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self), index + 2 == elements.count,
            let first = CasePattern.caseName(ternary.thenExpression), let second = CasePattern.caseName(elements[index + 1]),
            stateEnum.case(named: first) != nil, stateEnum.case(named: second) != nil
        else { return nil }
        return first == second ? [first] : [first, second]
    }

}

extension CatchClauseSyntax {
    /// What a `catch` requires, as guard text: that the body threw (`catch`), and what
    /// (`catch let error as TimeoutError`).
    var condition: String {
        guard !catchItems.isEmpty else { return "catch" }
        // A `where` clause with `||` is parenthesized, so the guard reads as one clause, not two.
        let items = catchItems.map { item in
            guard let clause = item.whereClause, clause.condition.trimmedText.contains("||") else { return item.trimmedText }
            return "\(item.pattern?.trimmedText ?? "") where (\(clause.condition.trimmedText))"
        }
        return "catch " + items.joined(separator: ", ")
    }
}

extension SwitchExprSyntax {
    /// Its cases, without the `#if` blocks among them.
    var switchCases: [SwitchCaseSyntax] {
        cases.compactMap { element in
            if case .switchCase(let switchCase) = element { return switchCase } else { return nil }
        }
    }
}

extension SwitchCaseSyntax {
    /// The `where` clauses of the case's patterns, as guard text.
    var whereConditions: [String] {
        guard case .case(let label) = self.label else { return [] }
        return label.caseItems.compactMap { $0.whereClause?.condition.trimmedText }
    }
}

extension ClosureExprSyntax {
    /// The name the closure gives its first parameter: the value a lender or lock lends it.
    var lentName: String { parameterNames.first ?? "$0" }

    /// The call the closure is given to as its trailing closure or last argument, if any.
    var receivingCall: FunctionCallExprSyntax? {
        var node = parent
        if node?.is(LabeledExprSyntax.self) == true { node = node?.parent?.parent }
        guard let call = node?.as(FunctionCallExprSyntax.self), call.finalClosure?.id == id else { return nil }
        return call
    }
}

extension FunctionCallExprSyntax {
    /// The name of the function called when it can be one of the same file or type (`resolve(x)`,
    /// `self.resolve(x)`), `nil` for a call on another value.
    var localCallee: String? {
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = calledExpression.as(MemberAccessExprSyntax.self), ["self", "Self"].contains(member.base?.trimmedText) else {
            return nil
        }
        return member.declName.baseName.text
    }
}

extension Syntax {
    /// Whether the node is a call that stops the program: a refusal, not a transition.
    var isTrap: Bool {
        guard let call = self.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
        else { return false }
        return ["preconditionFailure", "fatalError", "assertionFailure"].contains(callee.baseName.text)
    }
}
