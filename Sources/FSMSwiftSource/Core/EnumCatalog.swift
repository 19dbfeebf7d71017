import FSMCore
import SwiftSyntax

/// Every enum the file set declares, with its cases in declaration order: the states and events
/// a machine's `switch` can name, resolved by syntax alone.
struct EnumCatalog {
    /// One enum declaration (declarations of one name in several `#if` branches are one).
    struct Enum {
        /// The name as nested types spell it, `Outer.State` for a `State` inside `Outer`.
        let qualifiedName: String
        /// The cases, in declaration order.
        let cases: [Case]
        /// Where the enum is declared.
        let location: SourceLocation
        /// Whether the declaration's `description` is its `rawValue`, so `String(describing:)`
        /// gives a case's raw value rather than its name.
        var isDescribedByRawValue = false
        /// The comments at the declaration that silence rules for every state.
        var disabled: [DisableComment] = []
        /// The static members that stand for one case (`static let initial = State.loading`,
        /// `static var \`default\`: Self { .idle }`), by name.
        var constants: [String: String] = [:]

        /// The case `name` names: itself, or the case a static member of that name stands for.
        func caseName(_ name: String) -> String? {
            self.case(named: name) != nil ? name : constants[name]
        }

        /// The last component of the name.
        var name: Substring { qualifiedName.split(separator: ".").last ?? Substring(qualifiedName) }

        /// Whether every name in `names` is one of the enum's cases.
        func contains(all names: some Sequence<String>) -> Bool {
            names.allSatisfy { self.case(named: $0) != nil }
        }

        /// The cases an array literal (`[.a, .b]`) names, when each is one of this enum's.
        func cases(listedBy expression: ExprSyntax) -> [String]? {
            guard let array = expression.as(ArrayExprSyntax.self) else { return nil }
            let names = array.elements.compactMap { CasePattern.caseName($0.expression) }
            guard names.count == array.elements.count, contains(all: names) else { return nil }
            return names
        }

        /// The case named `name`.
        func `case`(named name: String) -> Case? { caseIndex[name].map { cases[$0] } }

        /// What `String(describing:)` gives for the case named `name`, as far as syntax shows.
        func describedName(of name: String) -> String {
            guard isDescribedByRawValue, let rawValue = self.case(named: name)?.rawValue else { return name }
            return rawValue
        }

        private var caseIndex: [String: Int] = [:]

        init(qualifiedName: String, cases: [Case], location: SourceLocation) {
            self.qualifiedName = qualifiedName
            self.cases = cases
            self.location = location
            for (index, enumCase) in cases.enumerated() where caseIndex[enumCase.name] == nil {
                caseIndex[enumCase.name] = index
            }
        }
    }

    /// One enum case.
    struct Case {
        let name: String
        /// Whether it carries associated values, shown only by name in a drawing.
        let hasAssociatedValues: Bool
        let location: SourceLocation
        /// Its raw value, where it is a string literal.
        var rawValue: String?
        /// The comments at its `case` that silence rules for it.
        var disabled: [DisableComment] = []
    }

    private(set) var enums: [Enum] = []
    /// Type aliases (`typealias State = PlayerState`), by qualified name.
    private(set) var aliases: [String: String] = [:]
    // Indexes, so that a module of thousands of files and enums is read in linear time.
    private var byQualifiedName: [String: [Int]] = [:]
    private var byName: [Substring: [Int]] = [:]
    private var byCaseName: [String: [Int]] = [:]
    /// The last components of the aliases' names.
    private var aliasNames: Set<Substring> = []

    /// The enums and type aliases `inventory` gathered, but those declared inside functions,
    /// which nothing outside them can name.
    init(inventory: SyntaxInventory) {
        // Private types of one name may live in several files, so each declaration is its own.
        for found in inventory.enums where !found.isLocal {
            let index = enums.count
            let declared = Self.declaration(found.node, scope: found.scope, file: found.file)
            enums.append(declared)
            byQualifiedName[declared.qualifiedName, default: []].append(index)
            byName[declared.name, default: []].append(index)
            for name in Set(declared.cases.map(\.name)) { byCaseName[name, default: []].append(index) }
        }
        for found in inventory.typeAliases where !found.isLocal {
            let name = found.scope.isEmpty ? found.node.name.text : found.scope + "." + found.node.name.text
            if aliases[name] == nil { aliases[name] = found.node.initializer.value.trimmedText }
        }
        aliasNames = Set(aliases.keys.map { Self.lastComponent($0) })
    }

    /// Whether `typeName` may name one of the enums: its last component is an enum's name or
    /// an alias's. What cannot is not looked up, which saves most lookups in a big module.
    func mayName(_ typeName: String) -> Bool {
        let last = Self.lastComponent(Self.normalized(typeName))
        return byName[last] != nil || aliasNames.contains(last)
    }

    private static func normalized(_ typeName: String) -> String {
        typeName.filter { $0 != " " }.strippingOptional.strippingGenericArguments
    }

    private static func lastComponent(_ name: String) -> Substring {
        name.split(separator: ".").last ?? ""
    }

    /// The enum a type name written inside `scope` (a qualified type name, or empty at the top
    /// level) of `file` refers to: the nearest enclosing declaration of that name, as Swift looks
    /// it up, one in the same file first.
    func lookup(_ typeName: String, in scope: String, file: String? = nil) -> Enum? {
        lookup(typeName, in: scope, file: file, aliasDepth: 0)
    }

    private func lookup(_ typeName: String, in scope: String, file: String?, aliasDepth: Int) -> Enum? {
        let written = Self.normalized(typeName)
        var prefix = scope
        while true {
            let candidate = prefix.isEmpty ? written : prefix + "." + written
            // Aliases may name each other in a cycle, which the compiler refuses and fsmviz stops.
            if aliasDepth < 8, let alias = aliases[candidate], alias != written,
                let found = lookup(alias, in: prefix, file: file, aliasDepth: aliasDepth + 1)
            {
                return found
            }
            if let found = preferred(byQualifiedName[candidate], file: file) { return found }
            guard let dot = prefix.lastIndex(of: ".") else {
                if prefix.isEmpty { break }
                prefix = ""
                continue
            }
            prefix = String(prefix[..<dot])
        }
        // An extension elsewhere, or a type nested in one the files only extend: a unique
        // declaration whose qualified name ends in the name as written is still a syntactic match
        // (`Destination.State` is not any `State`).
        let matches = (byName[Self.lastComponent(written)] ?? []).filter { index in
            let qualified = enums[index].qualifiedName
            return qualified == written || qualified.hasSuffix("." + written)
        }
        return matches.count == 1 ? enums[matches[0]] : preferred(matches, file: file, onlySameFile: true)
    }

    private func preferred(_ indices: [Int]?, file: String?, onlySameFile: Bool = false) -> Enum? {
        guard let indices, !indices.isEmpty else { return nil }
        if let same = indices.first(where: { enums[$0].location.file == file }) { return enums[same] }
        return onlySameFile ? nil : enums[indices[0]]
    }

    /// The enums declaring every one of `names`, nearest `scope` first: how a `switch` whose
    /// subject's type syntax does not show is matched to the enum its patterns name.
    func enums(declaring names: Set<String>, near scope: String) -> [Enum] {
        guard let first = names.min(by: { (byCaseName[$0]?.count ?? 0) < (byCaseName[$1]?.count ?? 0) }),
            let candidates = byCaseName[first]
        else { return [] }
        return candidates.map { enums[$0] }.filter { $0.contains(all: names) }.sorted { lhs, rhs in
            Self.distance(lhs.qualifiedName, scope) < Self.distance(rhs.qualifiedName, scope)
        }
    }

    private static func distance(_ name: String, _ scope: String) -> Int {
        let nameParts = name.split(separator: ".").dropLast()
        let scopeParts = scope.split(separator: ".")
        let shared = zip(nameParts, scopeParts).prefix { $0 == $1 }.count
        return (nameParts.count - shared) + (scopeParts.count - shared)
    }
}

extension EnumCatalog {
    /// The enum `node` declares inside `scope` (a qualified type name, empty at the top level).
    private static func declaration(_ node: EnumDeclSyntax, scope: String, file: SwiftSourceFile) -> Enum {
        var cases: [Case] = []
        var seen: Set<String> = []
        var constants: [String: String] = [:]
        // Cases inside `#if` count in every branch (syntax cannot tell which one builds),
        // once each.
        var pending = [node.memberBlock.members]
        var isDescribedByRawValue = false
        while let members = pending.popLast() {
            for member in members {
                if let variable = member.decl.as(VariableDeclSyntax.self), Self.isRawValueDescription(variable) {
                    isDescribedByRawValue = true
                }
                if let variable = member.decl.as(VariableDeclSyntax.self), let (name, value) = Self.constant(variable) {
                    constants[name] = value
                }
                if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                    for clause in conditional.clauses {
                        if case .decls(let nested)? = clause.elements { pending.append(nested) }
                    }
                    continue
                }
                guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
                let disabled = DisableComment.comments(at: member, in: file)
                for element in declaration.elements where seen.insert(element.name.text.trimmingBackticks).inserted {
                    cases.append(
                        Case(
                            name: element.name.text.trimmingBackticks,
                            hasAssociatedValues: element.parameterClause != nil,
                            location: file.location(of: element),
                            rawValue: element.rawValue?.value.stringLiteralValue,
                            disabled: disabled))
                }
            }
        }
        let name = scope.isEmpty ? node.name.text : scope + "." + node.name.text
        var found = Enum(qualifiedName: name, cases: cases, location: file.location(of: node.name))
        found.isDescribedByRawValue = isDescribedByRawValue
        found.constants = constants.filter { _, value in seen.contains(value) }
        found.disabled = DisableComment.comments(at: node, in: file)
        return found
    }

    /// The name of a static member and the case it gives, when it gives one by name
    /// (`static let initial = State.loading`, `static var idle: Self { .idle(0) }`).
    private static func constant(_ variable: VariableDeclSyntax) -> (String, String)? {
        guard variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }), variable.bindings.count == 1,
            let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        var value = binding.initializer?.value
        if case .getter(let body)? = binding.accessorBlock?.accessors { value = body.onlyValue }
        guard let value, let target = CasePattern.caseName(value) else { return nil }
        return (name.trimmingBackticks, target)
    }

    /// `var description: String { rawValue }` (or `return self.rawValue`).
    private static func isRawValueDescription(_ variable: VariableDeclSyntax) -> Bool {
        guard let binding = variable.bindings.first, variable.bindings.count == 1,
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "description",
            case .getter(let body)? = binding.accessorBlock?.accessors
        else { return false }
        return ["rawValue", "self.rawValue"].contains(body.onlyValue?.trimmedText ?? "")
    }
}

extension String {
    /// The identifier without the backticks that let a keyword be a case name.
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }
}
