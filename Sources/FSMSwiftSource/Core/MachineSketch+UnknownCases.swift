import FSMCore
import SwiftSyntax

extension MachineSketch {
    /// Reports each next state written as a case the state enum does not declare (`state =
    /// .yelow`), which does not compile, as an error at its line. Its row stays a computed target
    /// (any state), so the typo does not also make states unreachable. A name the module declares
    /// as a function or property anywhere (`static var initial: State`) may be a static member,
    /// and is no error.
    mutating func reportUnknownCases(in module: SwiftModule) {
        var declared: Set<String>?
        for row in rows {
            guard case .moves(_, let computed?) = row.outcome, let name = Self.memberName(computed, of: stateEnum),
                stateEnum.case(named: name) == nil
            else { continue }
            let members = declared ?? Self.memberNames(of: module)
            declared = members
            guard !members.contains(name) else { continue }
            warnings.append(
                .init(
                    path: row.location.file ?? location.file ?? "", location: row.location.droppingFile, severity: .error,
                    message: "'.\(name)' is not a case of \(stateEnum.qualifiedName)" + Suggestion.hint(for: name, among: stateEnum.cases.map(\.name))))
        }
    }

    /// The member `.name` or `.name(...)` (or `Enum.name`, spelled with the enum's own name)
    /// that `text` names, if it is one.
    private static func memberName(_ text: String, of stateEnum: EnumCatalog.Enum) -> String? {
        let head = text.prefix { $0 != "(" }
        guard let dot = head.lastIndex(of: "."), text.hasSuffix(")") || !text.contains("(") else { return nil }
        let base = head[..<dot]
        guard base.isEmpty || base == stateEnum.name || base == stateEnum.qualifiedName || base == "Self" else { return nil }
        let name = head[head.index(after: dot)...]
        guard let first = name.first, first.isLetter || first == "_", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            !Self.notMembers.contains(String(name))
        else { return nil }
        return String(name)
    }

    /// Names that are no member of the enum to check: an initializer, and `Optional`'s cases
    /// (`state = .none` on an optional state).
    private static let notMembers: Set<String> = ["init", "none", "some", "self"]

    /// The names the module declares as functions or properties, in any type.
    private static func memberNames(of module: SwiftModule) -> Set<String> {
        Set(module.inventory.functions.map(\.node.name.text)).union(module.properties.map(\.name))
    }
}
