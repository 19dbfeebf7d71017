import FSMCore
import SwiftSyntax

/// Reads the diagram a state tree declares beside its reducer, as fsmviz's runtime takes it for
/// Amplify's style: `Amplify.StateDiagram<Node, Event.Kind>(nodes:events:transitions:)`, with nodes'
/// labels, parents, initial children and final flags, events' labels, and transitions' sources,
/// targets, guards and effects, all written as literals.
///
/// States and events are named as the runtime's `graph()` names them, by `String(describing:)`:
/// the case name, or the raw value where the enum's `description` is its `rawValue`. A
/// transition from several nodes is one transition per node, as the runtime draws it; one naming
/// a node the diagram does not declare is left out, with a warning, since the runtime refuses it.
struct StateDiagramRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.stateDiagram

    let module: SwiftModule
    var inventory: SyntaxInventory { module.inventory }

    func machines(claimed _: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        inventory.calls(named: "StateDiagram").compactMap { found in
            let call = found.node
            guard call.genericArgumentNames.count == 2,
                let nodes = call.argument("nodes")?.as(ArrayExprSyntax.self),
                let transitions = call.argument("transitions")?.as(ArrayExprSyntax.self),
                let nodeEnum = module.lookupEnum(call.genericArgumentNames[0], at: call, in: found.file),
                let eventEnum = module.lookupEnum(call.genericArgumentNames[1], at: call, in: found.file)
            else { return nil }
            return machine(call, nodes: nodes, transitions: transitions, names: (nodeEnum, eventEnum), file: found.file)
        }
    }

    private func machine(
        _ call: FunctionCallExprSyntax, nodes: ArrayExprSyntax, transitions: ArrayExprSyntax,
        names: (nodes: EnumCatalog.Enum, events: EnumCatalog.Enum), file: SwiftSourceFile
    ) -> MachineSketch? {
        func node(_ expression: ExprSyntax?) -> String? {
            expression.flatMap(CasePattern.caseName).flatMap { names.nodes.case(named: $0) != nil ? names.nodes.describedName(of: $0) : nil }
        }
        func event(_ expression: ExprSyntax?) -> String? {
            expression.flatMap(CasePattern.caseName).flatMap { names.events.case(named: $0) != nil ? names.events.describedName(of: $0) : nil }
        }
        var tree = MachineSketch.Tree()
        var states: [EnumCatalog.Case] = []
        for declaration in nodes.elements.compactMap({ $0.expression.as(FunctionCallExprSyntax.self) }) {
            guard let id = node(declaration.argument(nil)), !states.contains(where: { $0.name == id }) else { continue }
            states.append(EnumCatalog.Case(name: id, hasAssociatedValues: false, location: file.location(of: declaration)))
            tree.stateLabels[id] = declaration.argument("label").flatMap(\.stringLiteralValue)
            tree.parents[id] = node(declaration.argument("parent"))
            if let initial = node(declaration.argument("initial")) { tree.initialChildren.insert(initial) }
            if declaration.argument("isFinal")?.trimmedText == "true" { tree.finalStates.insert(id) }
        }
        guard let root = states.first(where: { tree.parents[$0.name] == nil }) else { return nil }
        let stateEnum = EnumCatalog.Enum(qualifiedName: names.nodes.qualifiedName, cases: states, location: file.location(of: call))
        // As the runtime names it: the diagram's own name, else its root type's (where it is declared).
        let owner = SyntaxScope.typeName(around: call).split(separator: ".").last.map(String.init)
        let name = call.argument("name").flatMap(\.stringLiteralValue) ?? owner ?? call.machineName(orElse: names.nodes.qualifiedName)
        var sketch = MachineSketch(name: name, style: .stateDiagram, location: file.location(of: call), stateEnum: stateEnum, events: [])
        sketch.tree = tree
        for declaration in call.argument("events")?.as(ArrayExprSyntax.self)?.elements.compactMap({ $0.expression.as(FunctionCallExprSyntax.self) }) ?? [] {
            guard let id = event(declaration.argument(nil)), !sketch.events.contains(where: { $0.name == id }) else { continue }
            sketch.events.append((id, file.location(of: declaration)))
            sketch.tree.eventLabels[id] = declaration.argument("label").flatMap(\.stringLiteralValue)
        }
        for declaration in transitions.elements.compactMap({ $0.expression.as(FunctionCallExprSyntax.self) }) {
            sketch.rows += rows(of: declaration, node: node, event: event, sketch: &sketch, file: file)
        }
        guard sketch.hasTransitions else { return nil }
        sketch.start = .state(root.name, root.location)
        return sketch
    }

    /// One row per source node of `.init(on:from:to:guard:effects:)`; events only transitions
    /// name join the machine's events after the declared ones.
    private func rows(
        of declaration: FunctionCallExprSyntax, node: (ExprSyntax?) -> String?, event: (ExprSyntax?) -> String?,
        sketch: inout MachineSketch, file: SwiftSourceFile
    ) -> [MachineSketch.Row] {
        func listed(_ label: String) -> [ExprSyntax] {
            guard let argument = declaration.argument(label) else { return [] }
            return argument.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? [argument]
        }
        let location = file.location(of: declaration)
        let sources = listed("from").compactMap(node)
        let targets = listed("to").compactMap(node)
        let undeclared = (listed("from") + listed("to")).filter { node($0) == nil } + [declaration.argument("on")].compactMap { $0 }.filter { event($0) == nil }
        guard let id = event(declaration.argument("on")), !sources.isEmpty, !targets.isEmpty, undeclared.isEmpty else {
            let names = undeclared.map { "'\($0.trimmedText)'" }.joined(separator: ", ")
            sketch.warnings.append(
                .warning(
                    path: location.file ?? file.path, location: location.droppingFile,
                    message:
                        "this transition names \(names.isEmpty ? "no node" : names), which the diagram does not declare; it is left out, as the runtime refuses it"
                ))
            return []
        }
        if !sketch.events.contains(where: { $0.name == id }) { sketch.events.append((id, location)) }
        let effects = listed("effects").compactMap(\.stringLiteralValue)
        let guardLabel = declaration.argument("guard").flatMap(\.stringLiteralValue)
        return sources.map { source in
            MachineSketch.Row(
                sources: [source], events: [id], guardLabel: guardLabel, outcome: .moves(targets: targets, computed: nil),
                location: location, effects: effects)
        }
    }
}

extension SwiftMachineStyle {
    /// Amplify's style in fsmviz's runtime: the `Amplify.StateDiagram(nodes:events:transitions:)` a state
    /// tree declares beside its reducer.
    public static let stateDiagram = SwiftMachineStyle("state-diagram")
}
