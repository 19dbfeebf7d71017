import SwiftSyntax

/// The calls of some methods (`addRoute`, `registerAction`) in the files, by the type they are
/// made in and the variable they are called on (`self.` dropped): read once, so finding each
/// machine's calls does not walk every file again.
struct MethodCallIndex {
    /// One call and the file it is in.
    struct Call {
        let call: FunctionCallExprSyntax
        let file: SwiftSourceFile
    }

    private var calls: [String: [Call]] = [:]

    init(inventory: SyntaxInventory, names: Set<String>) {
        for found in inventory.calls(named: names.sorted()) {
            guard var base = found.node.calledBase?.trimmedText else { continue }
            if base.hasPrefix("self.") { base.removeFirst(5) }
            calls[Self.key(base, SyntaxScope.typeName(around: found.node)), default: []].append(Call(call: found.node, file: found.file))
        }
    }

    /// The calls on `variable` made in the type `owner` (empty for the top level), in file order.
    func calls(on variable: String, in owner: String) -> [Call] {
        calls[Self.key(variable, owner)] ?? []
    }

    private static func key(_ variable: String, _ owner: String) -> String { owner + "\u{0}" + variable }
}
