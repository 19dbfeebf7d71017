import SwiftSyntax

/// The methods of a machine's type that its other methods call to change the state for them:
/// a setter (`private func transition(to next: State) { log(next); state = next }`) or a private
/// step (`private func beginPlaying(_ url: URL) { state = .playing(url) }`), or another event
/// (`func restart() { stop(); start() }`). A reader of the code takes each call as the calling
/// event's change, from the state the caller is in, so the scanner reads such a method in place
/// at its calls; only an event stays one of its own as well.
struct InlinedMethods {
    /// One method read in place.
    struct Method {
        let file: SwiftSourceFile
        let function: FunctionDeclSyntax
        /// The position of the parameter the method assigns to the state and does nothing else
        /// to it (a setter), or `nil`.
        let setterParameter: Int?
        /// Whether it changes the state before it returns, itself or through another one read
        /// in place (not only in the callbacks it sets up).
        let assignsDirectly: Bool
        /// Whether it sets up a callback that changes the state, itself or through another.
        let setsUpCallback: Bool
        /// Whether it is also an event of its own: a method others may call from outside, which
        /// is read in place where the machine's own methods call it (`func restart() { stop();
        /// start() }`) and stays an event for its other callers.
        let isEvent: Bool

        /// The values `call` gives the method's parameters, by the names its body knows them by.
        func arguments(of call: FunctionCallExprSyntax) -> [String: ExprSyntax] {
            let parameters = Array(function.signature.parameterClause.parameters)
            let arguments = Array(call.arguments)
            guard parameters.count == arguments.count else { return [:] }
            var values: [String: ExprSyntax] = [:]
            for (parameter, argument) in zip(parameters, arguments) {
                values[(parameter.secondName ?? parameter.firstName).text] = argument.expression
            }
            return values
        }
    }

    /// How many calls deep methods are still read in place.
    private static let depth = 4

    private var methods: [String: Method] = [:]
    private var remainingDepth = depth

    /// No method read in place.
    init() {}

    /// The methods of `methods` that others of `callers` (or the code in `places`, a reducer's
    /// closure) call and that change the state, whose state is in `variables` as `scanner` reads
    /// it. A private method nothing else calls is an event of its own (a handler registered by
    /// name, say).
    init(
        _ methods: [(file: SwiftSourceFile, function: FunctionDeclSyntax)], calledBy callers: [(file: SwiftSourceFile, function: FunctionDeclSyntax)],
        in places: [Syntax] = [], scanner: BranchScanner
    ) {
        var byName: [String: [(file: SwiftSourceFile, function: FunctionDeclSyntax)]] = [:]
        for method in callers { byName[method.function.name.text, default: []].append(method) }
        overloaded = Set(byName.filter { $0.value.count > 1 }.keys)
        var called: Set<String> = []
        for method in callers {
            for call in method.function.body?.descendants(of: FunctionCallExprSyntax.self) ?? [] {
                if let callee = key(of: call), callee != key(of: method.function) { called.insert(callee) }
            }
        }
        for place in places {
            called.formUnion(place.descendants(of: FunctionCallExprSyntax.self).compactMap(key(of:)))
        }
        // A method the others call is read in place at those calls; private ones and setters
        // only there, the others also as events of their own. An overload is told from the
        // others by its argument labels, so one with a default value, which a call may leave
        // out, is none.
        let candidates = methods.compactMap { file, function -> (file: SwiftSourceFile, function: FunctionDeclSyntax, setter: Int?)? in
            guard called.contains(key(of: function)) else { return nil }
            if overloaded.contains(function.name.text) {
                guard function.signature.parameterClause.parameters.allSatisfy({ $0.defaultValue == nil }),
                    byName[function.name.text, default: []].filter({ $0.function.argumentLabels == function.argumentLabels }).count == 1
                else { return nil }
            }
            var inFile = scanner
            inFile.file = file
            return (file, function, Self.setterParameter(of: function, scanner: inFile))
        }
        var direct: Set<String> = []
        var later: Set<String> = []
        for (file, function, _) in candidates {
            guard let body = function.body else { continue }
            var inFile = scanner
            inFile.file = file
            if !inFile.assignments(in: body).isEmpty { direct.insert(key(of: function)) }
            if !inFile.laterClosures(in: body).isEmpty || inFile.assignsLentState(in: body) { later.insert(key(of: function)) }
        }
        // A method that calls one that changes the state changes it too, as deep as they go.
        var changed = true
        while changed {
            changed = false
            for (_, function, _) in candidates where !direct.contains(key(of: function)) || !later.contains(key(of: function)) {
                let key = key(of: function)
                let calls = function.body?.descendants(of: FunctionCallExprSyntax.self, intoClosures: false).compactMap(self.key(of:)) ?? []
                let inClosures =
                    function.body?.descendants(of: ClosureExprSyntax.self, intoClosures: false).flatMap { closure in
                        closure.statements.descendants(of: FunctionCallExprSyntax.self).compactMap(self.key(of:))
                    } ?? []
                if !direct.contains(key), calls.contains(where: direct.contains) {
                    direct.insert(key)
                    changed = true
                }
                if !later.contains(key), (calls + inClosures).contains(where: { direct.contains($0) || later.contains($0) }) {
                    later.insert(key)
                    changed = true
                }
            }
        }
        for (file, function, setter) in candidates where direct.contains(key(of: function)) || later.contains(key(of: function)) {
            self.methods[key(of: function)] = Method(
                file: file, function: function, setterParameter: setter, assignsDirectly: direct.contains(key(of: function)),
                setsUpCallback: later.contains(key(of: function)), isEvent: setter == nil && !function.isPrivate)
        }
    }

    /// The names of methods declared more than once, whose calls are told apart by their labels.
    private var overloaded: Set<String> = []

    /// How the methods read in place are known: by name, or by name and argument labels
    /// (`clientSend(metadata:endStream:)`) where the name is overloaded.
    private func key(of function: FunctionDeclSyntax) -> String {
        let name = function.name.text
        return overloaded.contains(name) ? name + function.argumentLabels : name
    }

    /// The key of the method `call` calls on the instance it is made in, if any.
    private func key(of call: FunctionCallExprSyntax) -> String? {
        guard let name = Self.calledOnSelf(call) else { return nil }
        guard overloaded.contains(name) else { return name }
        return name + "(" + call.arguments.map { "\($0.label?.text ?? "_"):" }.joined() + ")"
    }

    /// The switches of the methods read in place, which are read as part of their callers.
    var switches: [SyntaxIdentifier] {
        methods.values.flatMap { $0.function.body?.descendants(of: SwitchExprSyntax.self).map(\.id) ?? [] }
    }

    /// Whether `function` is one of the methods read in place only, and so not an event of its own.
    func readsInPlace(_ function: FunctionDeclSyntax) -> Bool {
        guard let method = methods[key(of: function)] else { return false }
        return method.function.id == function.id && !method.isEvent
    }

    /// The method read in place that `call` calls on the machine's own instance, if any.
    func method(calledBy call: FunctionCallExprSyntax) -> Method? {
        guard remainingDepth > 0, let key = key(of: call) else { return nil }
        return methods[key]
    }

    /// These methods as read inside `method`'s body: one call deeper, and without `method`
    /// itself, so recursion ends.
    func inside(_ method: Method) -> InlinedMethods {
        var inner = reading(method.function)
        inner.remainingDepth -= 1
        return inner
    }

    /// These methods without the events among them, as a callback reads them: a callback that
    /// calls an event (`Task { try await self.shutdownGracefully() }`) fires that event later,
    /// from whatever state the machine is in then, and its changes are that event's own.
    var withoutEvents: InlinedMethods {
        var inner = self
        inner.methods = methods.filter { !$0.value.isEvent }
        return inner
    }

    /// These methods as read in `function`'s own body, as an event: without `function`, whose
    /// call of itself (`queue.async { self.initiateClose(...) }`) is the same event again.
    func reading(_ function: FunctionDeclSyntax) -> InlinedMethods {
        var inner = self
        if methods[key(of: function)]?.function.id == function.id { inner.methods[key(of: function)] = nil }
        return inner
    }

    /// The name of the method `call` calls on the instance it is made in (`finish()`,
    /// `self.finish()`, `self?.finish()` in a callback), `nil` for a call on another value.
    static func calledOnSelf(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            StoredProperty.selfNames.contains(base.trimmedText)
        else { return nil }
        return member.declName.baseName.text
    }

    /// The position of the parameter `function` assigns to the state, when that assignment is
    /// one of its body's own statements and the only change of the state it makes.
    private static func setterParameter(of function: FunctionDeclSyntax, scanner: BranchScanner) -> Int? {
        // One that may leave first (`guard case .waiting = state else { return }`) is a
        // helper whose tests count, read in place as such.
        guard let body = function.body, scanner.assignments(in: body).count == 1,
            !body.statements.prefix(while: { scanner.assignedValue($0.item) == nil }).contains(where: {
                $0.item.is(GuardStmtSyntax.self) || $0.item.is(ReturnStmtSyntax.self)
            }),
            let value = body.statements.lazy.compactMap({ scanner.assignedValue($0.item) }).first,
            let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        return function.signature.parameterClause.parameters.firstIndex { ($0.secondName ?? $0.firstName).text == name }.map {
            function.signature.parameterClause.parameters.distance(from: function.signature.parameterClause.parameters.startIndex, to: $0)
        }
    }
}

extension FunctionDeclSyntax {
    /// Its argument labels as Swift writes them in its full name, `(metadata:endStream:)`.
    var argumentLabels: String {
        "(" + signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
    }

    /// Its argument labels with its parameters' types, `(_:StartTapped)`: how overloads that
    /// share their labels are told apart.
    var parameterTypes: String {
        "(" + signature.parameterClause.parameters.map { "\($0.firstName.text):\($0.type.trimmedText)" }.joined(separator: ", ") + ")"
    }

    /// Whether it is `private` or `fileprivate`: nothing outside its file calls it.
    var isPrivate: Bool { modifiers.isPrivate }
}

extension DeclModifierListSyntax {
    /// Whether it holds `private` or `fileprivate`: nothing outside the file uses the declaration.
    var isPrivate: Bool {
        contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
    }
}
