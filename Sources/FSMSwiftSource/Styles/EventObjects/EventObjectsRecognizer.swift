import FSMCore
import SwiftSyntax

/// Reads Transporter's style, as fsmviz's runtime has it: states as objects (`let closed =
/// State(DoorState.Closed)`), a machine holding some of them (`StateMachine(initialState: closed,
/// states: [opened, locked])`), events as objects (`Event(name: "open", sourceValues: [.Closed],
/// destinationValue: .Opened)`) added with `addEvents([...])` or `addEvent(_:)`, and the hooks
/// set on them (`shouldFireEvent` a guard, `willFireEvent` and `didFireEvent` effects, each
/// described by its `...Label` string). All of it in one function, as such machines are built.
///
/// Only the states the machine holds are its states, in the order it got them; an event naming
/// another state is refused by the runtime and left out here, and of two events with one name
/// the first is the event.
struct EventObjectsRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.eventObjects

    let module: SwiftModule

    func machines(claimed _: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        module.constructions(of: ["StateMachine"]).compactMap { found in
            let call = found.call
            guard call.argument("states") != nil || call.argument("initialStateValue") != nil
            else { return nil }
            return machine(call, file: found.file)
        }
    }

    private func machine(_ call: FunctionCallExprSyntax, file: SwiftSourceFile) -> MachineSketch? {
        guard let variable = call.storedName else { return nil }
        var body = Syntax(call)
        while let parent = body.parent, !parent.is(FunctionDeclSyntax.self), !parent.is(InitializerDeclSyntax.self) { body = parent }
        var bindings: [String: ExprSyntax] = [:]
        var locations: [String: SourceLocation] = [:]
        for binding in body.descendants(of: PatternBindingSyntax.self, intoClosures: false) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value
            else { continue }
            if bindings[name] == nil {
                bindings[name] = value
                locations[name] = file.location(of: binding)
            }
        }
        // The states, initial first, each by its value's case name.
        let initial = call.argument("initialState") ?? call.argument("initialStateValue")
        let written = (initial.map { [$0] } ?? []) + (call.argument("states")?.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? [])
        var states: [(name: String, location: SourceLocation)] = []
        for expression in written {
            guard let name = stateValue(expression, bindings) else { return nil }
            if !states.contains(where: { $0.name == name }) {
                states.append((name, expression.as(DeclReferenceExprSyntax.self).flatMap { locations[$0.baseName.text] } ?? file.location(of: expression)))
            }
        }
        guard let first = states.first else { return nil }
        let stateEnum = EnumCatalog.Enum(
            qualifiedName: call.machineName(orElse: variable),
            cases: states.map { EnumCatalog.Case(name: $0.name, hasAssociatedValues: false, location: $0.location) },
            location: file.location(of: call))
        let hooks = self.hooks(in: body)
        var sketch = MachineSketch(name: stateEnum.qualifiedName, style: .eventObjects, location: file.location(of: call), stateEnum: stateEnum, events: [])
        for added in body.descendants(of: FunctionCallExprSyntax.self, intoClosures: false)
        where ["addEvent", "addEvents"].contains(added.calledName ?? "") && added.calledBase?.trimmedText == variable {
            let listed = added.argument(nil).map { $0.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? [$0] } ?? []
            for expression in listed {
                guard let reference = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    let event = bindings[reference]?.as(FunctionCallExprSyntax.self), event.calledName == "Event",
                    let name = event.argument("name").flatMap(\.stringLiteralValue),
                    let sources = event.argument("sourceValues")?.as(ArrayExprSyntax.self)?.elements.compactMap({ Self.valueName($0.expression) }),
                    let target = event.argument("destinationValue").flatMap(Self.valueName),
                    stateEnum.contains(all: sources + [target]), !sketch.events.contains(where: { $0.name == name })
                else { continue }
                let location = locations[reference] ?? file.location(of: expression)
                sketch.events.append((name, location))
                let set = hooks[reference] ?? [:]
                let effects = ["willFireEvent", "didFireEvent"].compactMap { hook in set[hook].map { Self.describe(hook, $0) } }
                sketch.rows.append(
                    MachineSketch.Row(
                        sources: sources, events: [name], guardLabel: set["shouldFireEvent"].map { Self.describe("shouldFireEvent", $0) },
                        outcome: .moves(targets: [target], computed: nil), location: location, effects: effects))
            }
        }
        guard sketch.hasTransitions, let initial else { return nil }
        sketch.start = .state(first.name, file.location(of: initial))
        return sketch
    }

    /// The value a state expression holds: `State(DoorState.Closed)`, `State("Unread")`, a variable bound to one, or
    /// a value (`initialStateValue: DoorState.Closed`).
    private func stateValue(_ expression: ExprSyntax, _ bindings: [String: ExprSyntax]) -> String? {
        var value = expression
        if let reference = expression.as(DeclReferenceExprSyntax.self), let bound = bindings[reference.baseName.text] { value = bound }
        if let call = value.as(FunctionCallExprSyntax.self), call.calledName == "State", let inner = call.argument(nil) { value = inner }
        return Self.valueName(value)
    }

    /// The state a value names: an enum case (`DoorState.Closed`), or a string (`"Unread"`),
    /// which Transporter's users take for states as often.
    private static func valueName(_ value: ExprSyntax) -> String? {
        CasePattern.caseName(value) ?? value.stringLiteralValue
    }

    /// The hooks set on each event variable: for `x.willFireEvent = { ... }`, `x` maps
    /// `willFireEvent` to the label `x.willFireEventLabel` gives it (`nil` without one).
    private func hooks(in body: Syntax) -> [String: [String: String?]] {
        var closures: [String: Set<String>] = [:]
        var labels: [String: [String: String]] = [:]
        for sequence in body.descendants(of: SequenceExprSyntax.self, intoClosures: false) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                let member = elements[0].as(MemberAccessExprSyntax.self), let owner = member.base?.trimmedText
            else { continue }
            let property = member.declName.baseName.text
            if property.hasSuffix("Label"), let label = elements[2].stringLiteralValue {
                labels[owner, default: [:]][String(property.dropLast(5))] = label
            } else {
                closures[owner, default: []].insert(property)
            }
        }
        var result: [String: [String: String?]] = [:]
        for (owner, hooks) in closures {
            var set: [String: String?] = [:]
            for hook in hooks { set[hook] = .some(labels[owner]?[hook]) }
            result[owner] = set
        }
        return result
    }

    private static func describe(_ hook: String, _ label: String?) -> String {
        label.map { "\(hook): \($0)" } ?? hook
    }
}

extension SwiftMachineStyle {
    /// Transporter's style in fsmviz's runtime: `State` and `Event(name:sourceValues:
    /// destinationValue:)` objects added to a `StateMachine`.
    public static let eventObjects = SwiftMachineStyle("event-objects")
}
