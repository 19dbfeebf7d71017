import FSMCore
import SwiftSyntax

/// The files read together, as one module: a machine's enum in one file and its transition
/// function in another are found whole.
struct SwiftModule {
    let files: [SwiftSourceFile]
    /// The nodes the recognizers start from, gathered in one walk.
    let inventory: SyntaxInventory
    let enums: EnumCatalog
    let properties: [StoredProperty]
    /// The properties of each type (qualified name), by name.
    let propertiesByScope: [String: [String: StoredProperty]]
    /// Each file's functions by name, those whose name is declared once in the file.
    private let functionsByFile: [String: [String: FunctionDeclSyntax]]
    /// The properties and local variables whose declared type is one of the enums, by the
    /// enum's location: where a machine of that enum may start.
    private let holdersByEnum: [SourceLocation: [StoredProperty]]
    /// The initializers of each type, for the values they give its properties.
    private let initializers: [String: [(file: SwiftSourceFile, node: InitializerDeclSyntax)]]

    /// The module of `files`, whose nodes `inventory` holds.
    init(files: [SwiftSourceFile], inventory: SyntaxInventory) {
        self.files = files
        self.inventory = inventory
        enums = EnumCatalog(inventory: inventory)
        properties = inventory.properties
        var byScope: [String: [String: StoredProperty]] = [:]
        for property in properties where !property.isLocal && byScope[property.scope]?[property.name] == nil {
            byScope[property.scope, default: [:]][property.name] = property
        }
        propertiesByScope = byScope
        var holders: [SourceLocation: [StoredProperty]] = [:]
        for property in properties {
            guard let type = property.type, enums.mayName(type),
                let found = enums.lookup(type, in: property.scope, file: property.location.file)
            else { continue }
            holders[found.location, default: []].append(property)
        }
        holdersByEnum = holders
        var initializers: [String: [(SwiftSourceFile, InitializerDeclSyntax)]] = [:]
        for found in inventory.initializers {
            initializers[found.scope, default: []].append((found.file, found.node))
        }
        self.initializers = initializers
        let functions = Dictionary(grouping: inventory.functions, by: \.file.path)
        functionsByFile = functions.mapValues { inFile in
            Dictionary(grouping: inFile.map(\.node), by: \.name.text).compactMapValues { $0.count == 1 ? $0[0] : nil }
        }
    }

    /// The module a file at `path` belongs to, by SwiftPM's layout: the folder right below the
    /// last `Sources` or `Tests` folder of its path (`Sources/NIOCore/Channel.swift` is in
    /// `NIOCore`), or the empty name for a file outside that layout. Two targets may declare the
    /// same type (a copied file), which read as one module would merge into one machine.
    static func name(containing path: String) -> String {
        targetFolder(containing: path).last.map(String.init) ?? ""
    }

    /// The module a file at `path` belongs to, told apart from the others: the path of its
    /// target's folder (`Packages/A/Sources/Lib`), since two packages may each have a target of
    /// one name; empty for a file outside SwiftPM's layout.
    static func folder(containing path: String) -> String {
        targetFolder(containing: path).joined(separator: "/")
    }

    /// The components of `path` up to its target's folder, none outside SwiftPM's layout.
    private static func targetFolder(containing path: String) -> ArraySlice<Substring> {
        var components = path.split(separator: "/", omittingEmptySubsequences: true)
        // A revision's copy is shown as `REV:PATH` (`diff --against main Sources/`): its modules
        // are the working tree's.
        if let first = components.first, let colon = first.lastIndex(of: ":") {
            components[0] = first[first.index(after: colon)...]
        }
        // The folder must hold the file, not be it: `Sources/main.swift` belongs to no target.
        guard let root = components.dropLast(2).lastIndex(where: { $0 == "Sources" || $0 == "Tests" }) else { return [] }
        return components[...(root + 1)]
    }

    /// The functions `file` declares once by name, whose results a transition function may return.
    func functions(in file: SwiftSourceFile) -> [String: FunctionDeclSyntax] { functionsByFile[file.path] ?? [:] }

    /// The enum that the expression `subject` (a variable, `self.x`, a tuple element) has as its
    /// type at `node` in `file`, by its declaration; `nil` when syntax does not say.
    func declaredEnum(of subject: ExprSyntax, at node: some SyntaxProtocol, in file: SwiftSourceFile) -> EnumCatalog.Enum? {
        var name = subject.trimmedText
        if name.hasPrefix("self.") { name.removeFirst(5) }
        guard let type = SyntaxScope.declaredType(of: name, at: node, properties: propertiesByScope) else { return nil }
        return enums.lookup(type, in: SyntaxScope.typeName(around: node), file: file.path)
    }

    /// The enum named `type` as written at `node` in `file`.
    func lookupEnum(_ type: String, at node: some SyntaxProtocol, in file: SwiftSourceFile) -> EnumCatalog.Enum? {
        enums.lookup(type, in: SyntaxScope.typeName(around: node), file: file.path)
    }

    /// How a machine whose state is an `stateEnum` starts, from the properties of that type
    /// (`var state: State = .idle`, `var state = State.idle`) in `scope` (or anywhere, for
    /// `nil`) and the assignments the initializers of that scope make to them.
    func start(of stateEnum: EnumCatalog.Enum, scope: String?, property: String? = nil) -> MachineSketch.Start {
        // A machine of its own type may start in any function's local variable; one kept in a
        // type starts in that type's property.
        let holders = (holdersByEnum[stateEnum.location] ?? []).filter { candidate in
            guard property == nil || candidate.name == property else { return false }
            guard let scope else { return true }
            return candidate.scope == scope && !candidate.isLocal && propertiesByScope[scope]?[candidate.name]?.location == candidate.location
        }.sorted { $0.location < $1.location }
        var starts: [(name: String, location: SourceLocation)] = []
        let ownStart = initialCase(of: stateEnum)
        for holder in holders {
            if let value = holder.initializer, let name = CasePattern.caseName(value).flatMap(stateEnum.caseName) {
                starts.append((name, holder.location))
            } else if let call = holder.initializer?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, let ownStart {
                starts.append((ownStart.name, holder.location))
            }
        }
        // An initializer may replace a property's first value (`var state: S = .unknown`, then
        // `init(state: S) { self.state = state }`): the machine then starts where it says.
        // A private one that passes a state it is given on (`private init(_ state: State)`,
        // which the type's factories call) makes a value in a state another start reached.
        var passed: [(value: ExprSyntax, location: SourceLocation, isPrivate: Bool)] = []
        for holder in holders {
            for assignment in initializerAssignments(to: holder) {
                if let name = CasePattern.caseName(assignment.value).flatMap(stateEnum.caseName) {
                    starts.append((name, assignment.location))
                } else {
                    passed.append(assignment)
                }
            }
        }
        if let open = passed.first(where: { !$0.isPrivate }) ?? (starts.isEmpty ? passed.first : nil) {
            return .computed(open.value.trimmedText, open.location)
        }
        guard let first = starts.first else { return ownStart.map { .state($0.name, $0.location) } ?? .unknown }
        if starts.contains(where: { $0.name != first.name }) {
            let names = starts.map(\.name).uniqued().joined(separator: " or ")
            return .computed(names, first.location)
        }
        return .state(first.name, first.location)
    }

    /// The case an enum's own argument-less `init()` sets (`self = .idle`), when it sets one.
    private func initialCase(of stateEnum: EnumCatalog.Enum) -> (name: String, location: SourceLocation)? {
        for (file, initializer) in initializers[stateEnum.qualifiedName] ?? []
        where initializer.signature.parameterClause.parameters.isEmpty && initializer.optionalMark == nil {
            for assignment in assignments(in: initializer, file: file, to: ["self"]) {
                if let name = CasePattern.caseName(assignment.value).flatMap(stateEnum.caseName) {
                    return (name, assignment.location)
                }
            }
        }
        return nil
    }

    /// The values `init`s of the property's type assign to it: for a lock, the values it is
    /// made with (`self.state = Mutex(.idle)`).
    private func initializerAssignments(
        to property: StoredProperty
    ) -> [(value: ExprSyntax, location: SourceLocation, isPrivate: Bool)] {
        (initializers[property.scope] ?? []).flatMap { file, initializer in
            // A subject is made there (`self.state = CurrentValueSubject(.idle)`), not sent a value.
            let targets = property.isSubject ? StoredProperty.references(to: property.name) : property.references
            return assignments(in: initializer, file: file, to: targets).map { assignment in
                let wraps = property.isLock || property.isSubject
                let value = wraps ? StoredProperty.lockedValue(assignment.value) ?? assignment.value : assignment.value
                return (value, assignment.location, initializer.modifiers.isPrivate)
            }
        }
    }

    /// The values `initializer` assigns to any of `targets`, in source order.
    private func assignments(
        in initializer: InitializerDeclSyntax, file: SwiftSourceFile, to targets: Set<String>
    ) -> [(value: ExprSyntax, location: SourceLocation)] {
        // A callback the initializer sets up runs later: its assignments are no start.
        initializer.descendants(of: SequenceExprSyntax.self, intoClosures: false).compactMap { sequence in
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), targets.contains(elements[0].trimmedText) else { return nil }
            return (elements[2], file.location(of: sequence))
        }
    }
}

extension SyntaxProtocol {
    /// Every node of `type` below this one, in source order, not looking into closures'
    /// bodies when `intoClosures` is false.
    func descendants<Node: SyntaxProtocol>(of type: Node.Type, intoClosures: Bool = true) -> [Node] {
        let collector = DescendantCollector<Node>(root: Syntax(self).id, intoClosures: intoClosures)
        collector.walk(self)
        return collector.found
    }
}

/// Collects the nodes of one type below a root, through SwiftSyntax's visitor, which walks
/// without building arrays of children.
private final class DescendantCollector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    private(set) var found: [Node] = []
    private let root: SyntaxIdentifier
    private let intoClosures: Bool

    init(root: SyntaxIdentifier, intoClosures: Bool) {
        self.root = root
        self.intoClosures = intoClosures
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard node.id != root else { return .visitChildren }
        if let match = node.as(Node.self) { found.append(match) }
        return !intoClosures && node.is(ClosureExprSyntax.self) ? .skipChildren : .visitChildren
    }
}

extension Sequence where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
