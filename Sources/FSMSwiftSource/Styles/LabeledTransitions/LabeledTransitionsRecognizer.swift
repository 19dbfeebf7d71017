import FSMCore
import SwiftSyntax

/// Reads transitions registered by method calls whose argument labels give each value's role, as
/// in-house machine classes and small libraries take them: `machine.setTransition(from:
/// .initial, to: .playerMove, on: .animationFinished)`, `addTransition(from: [.a, .b], to: .c,
/// event: .go)`, `add(.go, from: .a, to: .c)`. The sources and the target are cases of one enum,
/// the event a case of another (or a string literal); a call without an event, or alone on its
/// variable, is taken for some other API's (`animate(from:to:)`). The calls on one variable, in one type
/// or at the top level, are one machine. It starts in the state its constructor is given
/// (`StateMachine(initialState: .idle)`) or a start call on it names (`start(with: .idle)`,
/// `setInitialState(.idle)`).
struct LabeledTransitionsRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.labeledTransitions

    let module: SwiftModule

    static let sourceLabels: Set<String> = ["from", "source", "fromState", "sourceState", "fromStates", "sources", "sourceStates"]
    static let targetLabels: Set<String> = ["to", "destination", "target", "toState", "targetState", "destinationState"]
    static let eventLabels: Set<String> = ["on", "event", "when", "trigger", "onEvent", "forEvent", "byEvent", "action", "input", "signal"]

    /// One registration, before the enums of its cases are known.
    private struct Registration {
        let call: FunctionCallExprSyntax
        let file: SwiftSourceFile
        let sources: [String]
        let target: String
        /// The event's case or literal.
        let event: String
        let eventIsLiteral: Bool
    }

    func machines(claimed _: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var groups: [String: [Registration]] = [:]
        var order: [String] = []
        for found in module.inventory.calls {
            guard let registration = Self.registration(found.node, file: found.file) else { continue }
            let key = SyntaxScope.typeName(around: found.node) + "\u{0}" + Self.variable(of: found.node)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(registration)
        }
        return order.compactMap { key in groups[key].flatMap(machine) }
    }

    /// The variable a call is made on, without `self.`, `?` and `!`.
    private static func variable(of call: FunctionCallExprSyntax) -> String {
        var base = call.calledBase?.trimmedText ?? "self"
        while base.hasSuffix("?") || base.hasSuffix("!") { base.removeLast() }
        if base.hasPrefix("self.") { base.removeFirst(5) }
        return base
    }

    /// The transition a method call registers, when its labels name a source and a target and
    /// those are enum cases. A type's initializer (`TransitionRule(from:to:)`) is another style's.
    private static func registration(_ call: FunctionCallExprSyntax, file: SwiftSourceFile) -> Registration? {
        let labels = call.arguments.map { $0.label?.text }
        guard labels.contains(where: { $0.map(sourceLabels.contains) == true }), labels.contains(where: { $0.map(targetLabels.contains) == true }),
            let name = call.calledName, name.first?.isLowercase == true
        else { return nil }
        var sources: [String]?
        var target: String?
        var event: ExprSyntax?
        for (index, argument) in call.arguments.enumerated() {
            let label = argument.label?.text
            if let label, sourceLabels.contains(label) {
                sources = cases(argument.expression)
            } else if let label, targetLabels.contains(label) {
                target = CasePattern.caseName(argument.expression)
            } else if label.map(eventLabels.contains) ?? (index == 0) {
                event = argument.expression
            }
        }
        guard let sources, !sources.isEmpty, let target else { return nil }
        // Without an event, `from:to:` is as likely an animation's or a range's.
        guard let event else { return nil }
        if let literal = event.stringLiteralValue {
            return Registration(call: call, file: file, sources: sources, target: target, event: literal, eventIsLiteral: true)
        }
        guard let name = CasePattern.caseName(event) else { return nil }
        return Registration(call: call, file: file, sources: sources, target: target, event: name, eventIsLiteral: false)
    }

    /// The cases `.a` or `[.a, .b]` names.
    private static func cases(_ expression: ExprSyntax) -> [String]? {
        if let array = expression.as(ArrayExprSyntax.self) {
            let names = array.elements.compactMap { CasePattern.caseName($0.expression) }
            return names.count == array.elements.count ? names : nil
        }
        return CasePattern.caseName(expression).map { [$0] }
    }

    private func machine(_ registrations: [Registration]) -> MachineSketch? {
        // One call alone is too little to tell a machine from any API that takes such labels.
        guard registrations.count > 1, let first = registrations.first else { return nil }
        let scope = SyntaxScope.typeName(around: first.call)
        let stateNames = Set(registrations.flatMap { $0.sources + [$0.target] })
        let caseEvents = Set(registrations.filter { !$0.eventIsLiteral }.map(\.event))
        guard let stateEnum = module.enums.enums(declaring: stateNames, near: scope).first else { return nil }
        let eventEnum = caseEvents.isEmpty ? nil : module.enums.enums(declaring: caseEvents, near: scope).first
        guard caseEvents.isEmpty || eventEnum != nil, eventEnum?.location != stateEnum.location else { return nil }
        let base = Self.variable(of: first.call)
        let name = base == "self" ? (scope.isEmpty ? stateEnum.qualifiedName : scope) : (scope.isEmpty ? base : scope + "." + base)
        var events: [(String, SourceLocation)] = eventEnum?.cases.map { ($0.name, $0.location) } ?? []
        for registration in registrations where registration.eventIsLiteral {
            if !events.contains(where: { $0.0 == registration.event }) {
                events.append((registration.event, registration.file.location(of: registration.call)))
            }
        }
        var sketch = MachineSketch(
            name: name, style: Self.style, location: first.file.location(of: first.call), stateEnum: stateEnum, events: events)
        for registration in registrations {
            sketch.rows.append(
                MachineSketch.Row(
                    sources: registration.sources, events: [registration.event], guardLabel: nil,
                    outcome: .moves(targets: [registration.target], computed: nil), location: registration.file.location(of: registration.call)))
        }
        if let start = start(of: base, in: scope, stateEnum: stateEnum) { sketch.start = start }
        return sketch
    }

    /// The state the machine's constructor is given, or that a start call on it names.
    private func start(of variable: String, in scope: String, stateEnum: EnumCatalog.Enum) -> MachineSketch.Start? {
        let names = StoredProperty.references(to: variable)
        for found in module.inventory.calls where SyntaxScope.typeName(around: found.node) == scope {
            let call = found.node
            guard let name = call.calledName, call.arguments.count == 1, let argument = call.arguments.first,
                let state = CasePattern.caseName(argument.expression), stateEnum.case(named: state) != nil
            else { continue }
            let label = argument.label?.text.lowercased() ?? ""
            let startsIt =
                (call.calledBase.map { names.contains($0.trimmedText) } ?? (variable == "self"))
                && (["start", "begin"].contains { name.lowercased().hasPrefix($0) } || name.lowercased().contains("initial") || label.contains("initial"))
            let constructs = call.calledExpression.isTypeReference && call.storedName == variable
            if startsIt || constructs { return .written(argument.expression, in: found.file) }
        }
        return nil
    }
}

extension SwiftMachineStyle {
    /// Transitions registered by calls whose labels say each value's role: `setTransition(from:
    /// to:on:)`, `addTransition(from:to:event:)`.
    public static let labeledTransitions = SwiftMachineStyle("labeled-transitions")
}
