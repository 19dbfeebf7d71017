import SwiftSyntax

/// The nodes the recognizers start from (calls, type, function and initializer declarations,
/// enums, type aliases, switches, array and dictionary literals) and the stored properties,
/// gathered in one walk of each file, in file order, with the qualified name of the types around
/// each declaration: each recognizer walking every file again, or climbing from each node to
/// find its type, would cost a walk of the module apiece.
struct SyntaxInventory {
    /// A node and the file it is in.
    struct Found<Node: SyntaxProtocol> {
        let node: Node
        let file: SwiftSourceFile
    }

    /// A declaration, the file it is in, the qualified name of the types around it (empty at
    /// the top level), as ``SyntaxScope/typeName(around:)`` gives it, and whether it is inside a
    /// function's body.
    struct Declared<Node: SyntaxProtocol> {
        let node: Node
        let file: SwiftSourceFile
        let scope: String
        var isLocal = false
    }

    private(set) var calls: [Found<FunctionCallExprSyntax>] = []
    private(set) var classes: [Found<ClassDeclSyntax>] = []
    private(set) var functions: [Declared<FunctionDeclSyntax>] = []
    private(set) var initializers: [Declared<InitializerDeclSyntax>] = []
    private(set) var enums: [Declared<EnumDeclSyntax>] = []
    private(set) var typeAliases: [Declared<TypeAliasDeclSyntax>] = []
    private(set) var switches: [Found<SwitchExprSyntax>] = []
    private(set) var arrays: [Found<ArrayExprSyntax>] = []
    private(set) var dictionaries: [Found<DictionaryExprSyntax>] = []
    /// The properties the files declare and the local variables of their functions (not those
    /// of initializers and closures, nor those inside another declaration's accessors).
    private(set) var properties: [StoredProperty] = []
    /// Indexes into ``calls`` by the name called (``FunctionCallExprSyntax/calledName``), ascending.
    private var callsByName: [String: [Int]] = [:]

    private init() {}

    /// The nodes of one file.
    init(file: SwiftSourceFile) {
        let collector = Collector(file: file)
        collector.walk(file.tree)
        self = collector.inventory
    }

    /// The nodes of several files' inventories, in the order given.
    init(merging parts: [SyntaxInventory]) {
        for part in parts {
            for (name, indexes) in part.callsByName {
                callsByName[name, default: []] += indexes.map { $0 + calls.count }
            }
            calls += part.calls
            classes += part.classes
            functions += part.functions
            initializers += part.initializers
            enums += part.enums
            typeAliases += part.typeAliases
            switches += part.switches
            arrays += part.arrays
            dictionaries += part.dictionaries
            properties += part.properties
        }
    }

    /// The calls of any of `names` (`StateMachine(...)`, `machine.addRoute(...)`), in file order.
    func calls(named names: String...) -> [Found<FunctionCallExprSyntax>] { calls(named: names) }

    /// The calls of any of `names`, in file order.
    func calls(named names: [String]) -> [Found<FunctionCallExprSyntax>] {
        let indexes = names.flatMap { callsByName[$0] ?? [] }
        return (names.count == 1 ? indexes : indexes.sorted()).map { calls[$0] }
    }

    /// Walks one file, keeping the stack of type names around the node it is at.
    private final class Collector: SyntaxVisitor {
        let file: SwiftSourceFile
        private(set) var inventory = SyntaxInventory()
        private var scope: [String] = []
        private var functionDepth = 0
        /// Initializers, closures and variable declarations open around the node: the variables
        /// inside them are no properties.
        private var hiddenDepth = 0

        init(file: SwiftSourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        private var scopeName: String { scope.joined(separator: ".") }

        private func enter(_ name: String) -> SyntaxVisitorContinueKind {
            scope.append(name)
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.calledName { inventory.callsByName[name, default: []].append(inventory.calls.count) }
            inventory.calls.append(Found(node: node, file: file))
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            inventory.classes.append(Found(node: node, file: file))
            return enter(node.name.text)
        }
        override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            inventory.enums.append(Declared(node: node, file: file, scope: scopeName, isLocal: functionDepth > 0))
            return enter(node.name.text)
        }
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            inventory.typeAliases.append(Declared(node: node, file: file, scope: scopeName, isLocal: functionDepth > 0))
            return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.extendedType.trimmedText) }
        override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            inventory.functions.append(Declared(node: node, file: file, scope: scopeName, isLocal: functionDepth > 0 || hiddenDepth > 0))
            functionDepth += 1
            return .visitChildren
        }
        override func visitPost(_ node: FunctionDeclSyntax) { functionDepth -= 1 }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            inventory.initializers.append(Declared(node: node, file: file, scope: scopeName))
            hiddenDepth += 1
            return .visitChildren
        }
        override func visitPost(_ node: InitializerDeclSyntax) { hiddenDepth -= 1 }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            hiddenDepth += 1
            return .visitChildren
        }
        override func visitPost(_ node: ClosureExprSyntax) { hiddenDepth -= 1 }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            if hiddenDepth == 0 {
                inventory.properties += StoredProperty.declared(by: node, scope: scopeName, isLocal: functionDepth > 0, in: file)
            }
            hiddenDepth += 1
            return .visitChildren
        }
        override func visitPost(_ node: VariableDeclSyntax) { hiddenDepth -= 1 }

        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
            inventory.switches.append(Found(node: node, file: file))
            return .visitChildren
        }

        override func visit(_ node: ArrayExprSyntax) -> SyntaxVisitorContinueKind {
            inventory.arrays.append(Found(node: node, file: file))
            return .visitChildren
        }

        override func visit(_ node: DictionaryExprSyntax) -> SyntaxVisitorContinueKind {
            inventory.dictionaries.append(Found(node: node, file: file))
            return .visitChildren
        }

        // Nodes that hold only names, types and imports, never a call, switch, declaration or
        // literal a recognizer starts from: not walking into them leaves their tokens' nodes
        // unmade (on swift-nio's sources, 5% of the read's time and 3% of its memory).
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        // Attributes' arguments (`@available(...)`, `@Test(arguments: [...])`) and the text and
        // interpolations of string literals hold no machine either.
        override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
