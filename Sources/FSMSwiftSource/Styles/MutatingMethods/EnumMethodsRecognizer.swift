import SwiftSyntax

/// The mutating-methods style of an enum that is its own state: its mutating methods switch on
/// `self` and assign it. Registered last, so that a method another style read (`switch (self,
/// event)` as a transition function) stays theirs.
struct EnumMethodsRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.mutatingMethods

    private let methods: MutatingMethodsRecognizer

    init(module: SwiftModule) {
        methods = MutatingMethodsRecognizer(module: module)
    }

    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        methods.enumMachines(claimed: &claimed)
    }
}
