import SwiftSyntax

/// A reader of one way of writing a machine in Swift: a library's API, a framework's shape or a
/// house style. Each lives in its own folder under `Styles/`, over the shared core in `Core/`
/// (the module's enums, aliases, stored properties, calls and constructions).
///
/// The reader runs every recognizer of ``StyleRegistry`` in order on each module. A recognizer
/// claims the syntax it reads (a `switch`, an array of rows), so that a later one, which may
/// read the same syntax in a looser way, leaves it alone.
protocol StyleRecognizer {
    /// The style its machines are listed as.
    static var style: SwiftMachineStyle { get }

    /// A recognizer over the files of `module`, read together.
    init(module: SwiftModule)

    /// Every machine written in this style in the module, leaving out syntax already in
    /// `claimed` and adding the syntax it reads there.
    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch]
}
