import FSMCore
import SwiftSyntax

/// Reads transition tables written as nested dictionary literals: `[State: [Event: State]]`
/// (`[.idle: [.start: .running]]`) or `[Event: [State: State]]`, the state and event enums told
/// apart by which one the values name. A key written twice in one literal traps at run time
/// ("Dictionary literal contains duplicate keys"): it is reported as an error at the second key,
/// and only the first key's entry is read.
///
/// A flat table keyed by pairs (`[Key(.idle, .start): .running]`) is read the same way.
///
/// A table keyed by two states (`[Room: [Room: String]]`, entry actions by (from, to)) names no
/// event and is not a machine.
struct TransitionTableRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.transitionTable

    let module: SwiftModule
    var inventory: SyntaxInventory { module.inventory }

    /// One `outer: [inner: target]` entry.
    private struct Entry {
        let outer: String
        let inner: String
        let target: ExprSyntax
        let location: SourceLocation
    }

    func machines(claimed _: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var sketches: [MachineSketch] = []
        for (dictionary, file) in inventory.dictionaries.map({ ($0.node, $0.file) }) where !Self.isNested(dictionary) {
            if let sketch = machine(dictionary, file: file) { sketches.append(sketch) }
        }
        return sketches
    }

    /// Whether the literal is a value inside another dictionary literal (read with its outer one).
    private static func isNested(_ dictionary: DictionaryExprSyntax) -> Bool {
        dictionary.parent?.is(DictionaryElementSyntax.self) == true
    }

    private func machine(_ dictionary: DictionaryExprSyntax, file: SwiftSourceFile) -> MachineSketch? {
        guard case .elements(let outerElements) = dictionary.content,
            let (entries, errors) = nestedEntries(outerElements, file: file) ?? pairEntries(outerElements, file: file)
        else { return nil }
        let scope = SyntaxScope.typeName(around: dictionary)
        // Every value must name a case: a table of labels or sounds is no machine.
        let targets = Set(entries.compactMap { CasePattern.caseName($0.target) })
        guard !entries.isEmpty, entries.allSatisfy({ CasePattern.caseName($0.target) != nil }),
            let outerEnum = module.enums.enums(declaring: Set(entries.map(\.outer)), near: scope).first,
            let innerEnum = module.enums.enums(declaring: Set(entries.map(\.inner)), near: scope).first,
            outerEnum.qualifiedName != innerEnum.qualifiedName
        else { return nil }
        let stateIsOuter: Bool
        if outerEnum.contains(all: targets) {
            stateIsOuter = true
        } else if innerEnum.contains(all: targets) {
            stateIsOuter = false
        } else {
            return nil
        }
        let stateEnum = stateIsOuter ? outerEnum : innerEnum
        let eventEnum = stateIsOuter ? innerEnum : outerEnum
        let scanner = BranchScanner(file: file, stateEnum: stateEnum, stateVariables: [], returnsNextState: true)
        var sketch = MachineSketch(
            name: dictionary.machineName(orElse: stateEnum.qualifiedName), style: .transitionTable, location: file.location(of: dictionary),
            stateEnum: stateEnum, events: eventEnum.cases.map { ($0.name, $0.location) })
        sketch.warnings = errors
        for entry in entries {
            sketch.rows.append(
                MachineSketch.Row(
                    sources: [stateIsOuter ? entry.outer : entry.inner], events: [stateIsOuter ? entry.inner : entry.outer],
                    guardLabel: nil, outcome: scanner.outcome(of: entry.target), location: entry.location))
        }
        guard sketch.hasTransitions else { return nil }
        sketch.start = module.start(of: stateEnum, scope: scope.isEmpty ? nil : scope)
        if case .unknown = sketch.start { sketch.start = module.start(of: stateEnum, scope: nil) }
        return sketch
    }

    /// The entries of `[outer: [inner: target]]`, with the keys written twice; `nil` when the
    /// literal is not of that shape.
    private func nestedEntries(_ outerElements: DictionaryElementListSyntax, file: SwiftSourceFile) -> (entries: [Entry], errors: [Diagnostic])? {
        var entries: [Entry] = []
        var errors: [Diagnostic] = []
        var outerSeen: Set<String> = []
        for element in outerElements {
            guard let outer = CasePattern.caseName(element.key), case .elements(let inner)? = element.value.as(DictionaryExprSyntax.self)?.content
            else { return nil }
            guard outerSeen.insert(outer).inserted else {
                errors.append(duplicate("." + outer, at: element.key, file: file))
                continue
            }
            var innerSeen: Set<String> = []
            for innerElement in inner {
                guard let key = CasePattern.caseName(innerElement.key) else { return nil }
                guard innerSeen.insert(key).inserted else {
                    errors.append(duplicate("." + key, at: innerElement.key, file: file))
                    continue
                }
                entries.append(Entry(outer: outer, inner: key, target: innerElement.value, location: file.location(of: innerElement)))
            }
        }
        return (entries, errors)
    }

    /// The entries of a table keyed by pairs, `[Key(.red, .done): .green, ...]` (a `Hashable`
    /// pair of a state and an event, however the type is named: `HashablePair<State, Event>`
    /// through a `typealias`, a struct of two fields), with the keys written twice; `nil` when a
    /// key is not a call of two cases.
    private func pairEntries(_ elements: DictionaryElementListSyntax, file: SwiftSourceFile) -> (entries: [Entry], errors: [Diagnostic])? {
        var entries: [Entry] = []
        var errors: [Diagnostic] = []
        var seen: Set<[String]> = []
        for element in elements {
            guard let key = element.key.as(FunctionCallExprSyntax.self), key.arguments.count == 2 else { return nil }
            let names = key.arguments.compactMap { CasePattern.caseName($0.expression) }
            guard names.count == 2 else { return nil }
            guard seen.insert(names).inserted else {
                errors.append(duplicate(element.key.trimmedText, at: element.key, file: file))
                continue
            }
            entries.append(Entry(outer: names[0], inner: names[1], target: element.value, location: file.location(of: element)))
        }
        return (entries, errors)
    }

    private func duplicate(_ key: String, at node: ExprSyntax, file: SwiftSourceFile) -> Diagnostic {
        Diagnostic(
            path: file.path, location: file.location(of: node).droppingFile, severity: .error,
            message: "the key \(key) is written twice in this dictionary literal, which traps at run time; the second entry is left out")
    }
}

extension SwiftMachineStyle {
    /// A transition table written as nested dictionary literals, `[State: [Event: State]]`.
    public static let transitionTable = SwiftMachineStyle("transition-table")
}
