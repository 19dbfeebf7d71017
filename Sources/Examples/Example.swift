/// One seed library's example, ported to fsmviz's runtime: it runs the machine and prints
/// what happens, then prints the machine's diagram as DOT.
protocol Example {
    /// The name to run it by: `swift run Examples NAME`.
    static var name: String { get }
    /// One line saying which library's example it is.
    static var summary: String { get }
    /// Runs the example, printing to standard output.
    static func run() async throws
}
