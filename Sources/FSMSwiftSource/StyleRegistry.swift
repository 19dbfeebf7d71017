import SwiftSyntax

/// The recognizers the reader runs, in order: a library's own API before the shapes that may
/// also match it (a SwiftNIO-style holder before the bare `switch` of a transition function, and
/// an enum's own methods last, so a method another style read stays theirs).
enum StyleRegistry {
    static var recognizers: [any StyleRecognizer.Type] {
        [
            MutatingMethodsRecognizer.self,
            ComposableArchitectureRecognizer.self,
            ReactorKitRecognizer.self,
            ReSwiftRecognizer.self,
            SwiftStateRecognizer.self,
            GameplayKitRecognizer.self,
            BuilderDSLRecognizer.self,
            MappingRowsRecognizer.self,
            TransitionTableRecognizer.self,
            RegisteredActionsRecognizer.self,
            TransitionRulesRecognizer.self,
            LabeledTransitionsRecognizer.self,
            EventObjectsRecognizer.self,
            TransitionBuilderRecognizer.self,
            StateDiagramRecognizer.self,
            AllowedTransitionsRecognizer.self,
            StreamMappingRecognizer.self,
            TransitionFunctionRecognizer.self,
            EnumMethodsRecognizer.self,
        ]
    }

    /// The machines every recognizer finds in `module`, in the registry's order.
    static func machines(in module: SwiftModule) -> [MachineSketch] {
        var claimed: Set<SyntaxIdentifier> = []
        return MachineSketch.sharingEnums(recognizers.flatMap { recognizer in recognizer.init(module: module).machines(claimed: &claimed) })
    }
}
