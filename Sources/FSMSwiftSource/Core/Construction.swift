import SwiftSyntax

/// A call that makes a value of a library's type (`StateMachine<S, E>(state: .idle)`), however
/// the module spells the type: by its name, through a `typealias` (`TBStateMachine(state:
/// .idle)`, `TurnstileStateMachine { ... }`), or as `.init(...)` stored into a property declared
/// with that type, with the generic arguments whichever of them gives.
struct Construction {
    let call: FunctionCallExprSyntax
    let file: SwiftSourceFile
    /// The type's generic arguments as written: at the call, in the alias it is called through,
    /// or in the declared type of the property it is stored in.
    let generics: [String]
    /// The scope the generic arguments are written in: the alias's, else the call's.
    let genericScope: String

    /// The enum the generic argument at `index` names, looked up where it is written.
    func genericEnum(_ index: Int, in module: SwiftModule) -> EnumCatalog.Enum? {
        guard generics.indices.contains(index) else { return nil }
        return module.enums.lookup(generics[index], in: genericScope, file: file.path)
    }

    /// A type as written (`Lib.StateMachine<State, Event>`), as its last name (`StateMachine`)
    /// and its top-level generic arguments.
    static func parts(of typeText: String) -> (name: String, arguments: [String]) {
        let text = typeText.filter { !$0.isWhitespace }.strippingOptional
        guard let open = text.firstIndex(of: "<"), text.hasSuffix(">") else {
            return (String(text.split(separator: ".").last ?? Substring(text)), [])
        }
        let name = text[..<open].split(separator: ".").last.map(String.init) ?? ""
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in text[text.index(after: open)..<text.index(before: text.endIndex)] {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "," where depth == 0:
                arguments.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if !current.isEmpty { arguments.append(current) }
        return (name, arguments)
    }
}

extension SwiftModule {
    /// Every call in the module that makes a value of one of `typeNames`, or calls one of the
    /// type's `factories` (`StateMachine<S, E, F>.create { ... }`), in file order.
    func constructions(of typeNames: Set<String>, factories: Set<String> = []) -> [Construction] {
        let spellings = self.spellings(of: typeNames)
        var found: [Construction] = []
        let named = Array(spellings.keys) + Array(factories) + ["init"]
        for call in inventory.calls(named: named.sorted()) {
            if let construction = construction(call.node, file: call.file, spellings: spellings, factories: factories) {
                found.append(construction)
            }
        }
        return found
    }

    /// The names that stand for one of `typeNames` here (each itself, and each alias of one,
    /// through other aliases too), with the generic arguments and scope an alias gives.
    private func spellings(of typeNames: Set<String>) -> [String: (arguments: [String], scope: String)] {
        var spellings: [String: (arguments: [String], scope: String)] = [:]
        for name in typeNames { spellings[name] = ([], "") }
        // An alias of an alias is found on a later pass; eight passes end a cycle the compiler refuses.
        for _ in 0..<8 {
            var added = false
            for (qualified, value) in enums.aliases.sorted(by: { $0.key < $1.key }) {
                let alias = String(qualified.split(separator: ".").last ?? "")
                let target = Construction.parts(of: value)
                guard spellings[alias] == nil, let known = spellings[target.name] else { continue }
                let scope = qualified.split(separator: ".").dropLast().joined(separator: ".")
                spellings[alias] = (target.arguments.isEmpty ? known.arguments : target.arguments, target.arguments.isEmpty ? known.scope : scope)
                added = true
            }
            if !added { break }
        }
        return spellings
    }

    private func construction(
        _ call: FunctionCallExprSyntax, file: SwiftSourceFile, spellings: [String: (arguments: [String], scope: String)], factories: Set<String>
    ) -> Construction? {
        guard let name = call.calledName else { return nil }
        let callScope = SyntaxScope.typeName(around: call)
        // The property the value is stored in, when its declared type is one of these:
        // `let machine: StateMachine<S, E>` then `machine = .init(state: .a)`.
        let declared = call.storedName.flatMap { propertiesByScope[callScope]?[$0]?.type }.map(Construction.parts(of:))
        let declaredSpelling = declared.flatMap { spellings[$0.name] }
        var written: [String] = []
        let spelling: (arguments: [String], scope: String)
        if let named = spellings[name], call.calledBase == nil || call.calledBase?.isTypeReference == true {
            spelling = named
            written = call.genericArgumentNames
        } else if name == "init" || factories.contains(name), let base = call.calledBase {
            // `Type.init(...)`, `Type<S, E>.create { ... }`: the type is the base.
            var baseName = base.trimmedText
            if let specialized = base.as(GenericSpecializationExprSyntax.self) {
                baseName = specialized.expression.trimmedText
                written = specialized.genericArgumentClause.arguments.map(\.argument.trimmedText)
            }
            guard let named = spellings[String(baseName.split(separator: ".").last ?? "")] else { return nil }
            spelling = named
        } else if name == "init", call.calledBase == nil, let declaredSpelling {
            spelling = declaredSpelling
        } else {
            return nil
        }
        if written.isEmpty, let declared, declaredSpelling != nil { written = declared.arguments }
        // The generic arguments written here, else the alias's, looked up where they are written.
        let fromAlias = written.isEmpty && !spelling.arguments.isEmpty
        return Construction(call: call, file: file, generics: fromAlias ? spelling.arguments : written, genericScope: fromAlias ? spelling.scope : callScope)
    }
}
