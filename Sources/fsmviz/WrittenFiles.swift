import FSMCore

/// The one line `render`, `convert` and `lint -o` print on standard error once their files are
/// written (not with `--quiet`), as `scripts/demo` does: a success that prints nothing reads as
/// if nothing happened.
enum WrittenFiles {
    /// Prints what was written: the file, or how many went into `directory`; nothing when
    /// nothing was written to a file (`-o -`).
    static func announce(_ paths: [String], into directory: String? = nil) {
        switch paths.count {
        case 0: return
        case 1: Console.printError("wrote \(PrintableText.escaped(paths[0]))")
        default: Console.printError("wrote \(paths.count) files" + (directory.map { " into \(PrintableText.escaped($0))" } ?? ""))
        }
    }
}
