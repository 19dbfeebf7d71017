import FSMCore
import SwiftSyntax

/// A `var` or `let` declared in a type (or at the top level), with what syntax tells of its type
/// and first value: where machines keep their state, and so where their initial state is written.
struct StoredProperty {
    /// The qualified name of the type that declares it, empty at the top level.
    let scope: String
    let name: String
    /// The annotated type, or the type of a `Type.case` or `Type(...)` initializer; for a lock
    /// (`Mutex<State>`), the type of the value it guards.
    let type: String?
    /// The initial value, when one is written: for a lock, the value it is made with.
    let initializer: ExprSyntax?
    let location: SourceLocation
    /// Whether it is a local variable of a function (`var section = BlockSection.pseudoHeaders`):
    /// where a machine that is a value starts, but no property of its type.
    var isLocal = false
    /// Whether it is a lock around its value, which code reads and changes only in a closure
    /// the lock lends it to (`state.withLock { state in state = .closed }`).
    var isLock = false
    /// Whether it is declared `static` (or `class`), a member of its type rather than of each value.
    var isStatic = false
    /// The statements of a computed property's getter (`static var closed: Self {
    /// StateMachine(.closed) }`, `var isActive: Bool { switch state { ... } }`), or `nil`.
    var getter: CodeBlockItemListSyntax?
    /// Whether it is a subject that holds its current value (Combine's `CurrentValueSubject`,
    /// RxSwift's `BehaviorRelay`): code reads and sets the state as its `value` and sends new ones
    /// (`state.send(.loading)`).
    var isSubject = false

    /// The ways code in the type and in its closures names the property: `state`, `self.state`,
    /// and through the optional or strong reference a callback holds (`self?.state` after
    /// `[weak self]`, `strongSelf.state`); of a subject, their `value`.
    var references: Set<String> {
        let names = Self.references(to: name)
        return isSubject ? Set(names.map { "\($0).value" }) : names
    }

    /// The ways code names a property called `name`, as ``references`` lists them.
    static func references(to name: String) -> Set<String> {
        Set([name] + selfNames.map { "\($0).\(name)" })
    }

    /// The ways code names the instance it runs in, in its methods and their callbacks.
    static let selfNames: Set<String> = ["self", "self?", "self!", "strongSelf", "weakSelf?"]

    /// The properties `node` declares (one per binding with a plain name), inside `scope`.
    static func declared(
        by node: VariableDeclSyntax, scope: String, isLocal: Bool, in file: SwiftSourceFile
    ) -> [StoredProperty] {
        node.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
            var initializer = binding.initializer?.value
            var type = binding.typeAnnotation?.type.trimmedText.strippingOptional
            if type == nil, let member = initializer?.as(MemberAccessExprSyntax.self), let base = member.base, base.isTypeReference {
                type = base.trimmedText
            }
            // `var door = Door()`: a value made by the type's own initializer.
            if type == nil, let call = initializer?.as(FunctionCallExprSyntax.self), call.calledExpression.isTypeReference {
                type = call.calledExpression.trimmedText
            }
            var (isLock, isSubject) = (false, false)
            if let written = type, let wrapper = Self.wrapper(written), let guarded = Self.guardedType(written, madeBy: initializer) {
                type = guarded
                initializer = initializer.flatMap(Self.lockedValue)
                isLock = wrapper == .lock
                isSubject = wrapper == .subject
            }
            var property = StoredProperty(
                scope: scope, name: name, type: type, initializer: initializer, location: file.location(of: binding), isLocal: isLocal,
                isLock: isLock, isSubject: isSubject)
            property.isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
            property.getter = Self.getter(of: binding)
            return property
        }
    }

    /// The lock types of the standard library, SwiftNIO, Apple's OS module and common packages,
    /// each of which lends the value it guards to a closure (``BranchScanner/lockMethods``).
    static let lockTypes: Set<String> = [
        "Mutex", "NIOLockedValueBox", "OSAllocatedUnfairLock", "ManagedCriticalState", "LockedValueBox", "LockIsolated", "Locked",
        "Protected", "Synchronized", "UnfairLock", "CriticalState",
    ]

    /// The statements of `binding`'s getter, written alone (`{ .idle }`) or as `get { ... }`.
    private static func getter(of binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let items): items
        case .accessors(let accessors): accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: nil
        }
    }

    /// The subjects of Combine, RxSwift, ReactiveSwift and CombineExt that hold a current value,
    /// which `BranchScanner/subjectSetters` change.
    static let subjectTypes: Set<String> = ["CurrentValueSubject", "BehaviorRelay", "BehaviorSubject", "CurrentValueRelay", "MutableProperty"]

    /// How a wrapper of the state lends it to code.
    private enum Wrapper { case lock, subject }

    private static func wrapper(_ written: String) -> Wrapper? {
        let name = Construction.parts(of: written).name
        if lockTypes.contains(name) { return .lock }
        return subjectTypes.contains(name) ? .subject : nil
    }

    /// The type of the value a lock or subject of type `written` holds: its first generic
    /// argument (`Mutex<State>`, `CurrentValueSubject<State, Never>`), or the type of the value
    /// it is made with (`NIOLockedValueBox(State.idle)`).
    private static func guardedType(_ written: String, madeBy initializer: ExprSyntax?) -> String? {
        let (name, arguments) = Construction.parts(of: written)
        if arguments.count == 1 || (subjectTypes.contains(name) && !arguments.isEmpty) { return arguments[0] }
        guard let member = initializer.flatMap(lockedValue)?.as(MemberAccessExprSyntax.self), let base = member.base, base.isTypeReference
        else { return nil }
        return base.trimmedText
    }

    /// The value a lock or subject is made with (`Mutex(.idle)`, `.init(initialState: .idle)`,
    /// `BehaviorRelay(value: .idle)`), or `nil`
    /// when `expression` is no call with one argument.
    static func lockedValue(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1 else { return nil }
        return call.arguments.first?.expression
    }
}
