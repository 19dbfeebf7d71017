/// How a machine found in Swift source is written: which recognizer read it, by the name
/// `fsmviz list` shows. Each style is declared beside its recognizer, under `Styles/`.
public struct SwiftMachineStyle: Hashable, Sendable, CustomStringConvertible {
    /// The style's name, as listings and `ModuleMachine/style` give it (`mutating-methods`).
    public let name: String

    init(_ name: String) { self.name = name }

    public var description: String { name }

    /// Every style the reader knows, in the order it tries them.
    public static var all: [SwiftMachineStyle] {
        var seen: Set<SwiftMachineStyle> = []
        return StyleRegistry.recognizers.map { $0.style }.filter { seen.insert($0).inserted }
    }
}
