import FSMCore

/// The one line `render`, `convert` and `lint -o` print on standard error once their files are
/// written (not with `--quiet`), as `scripts/demo` does: a success that prints nothing reads as
/// if nothing happened.
enum WrittenFiles {
    /// Prints what was written: the file, or how many went into `directory`; nothing when
    /// nothing was written to a file (`-o -`) and the run was complete. An `incomplete` run says
    /// that inputs were left out, which warnings named.
    static func announce(_ paths: [String], into directory: String? = nil, incomplete: Bool = false) {
        let note = incomplete ? "; incomplete: machines were left out (warnings above)" : ""
        switch paths.count {
        case 0 where incomplete: Console.printError("wrote nothing" + note)
        case 0: return
        case 1: Console.printError("wrote \(PrintableText.escaped(paths[0]))" + note)
        default: Console.printError("wrote \(paths.count) files" + (directory.map { " into \(PrintableText.escaped($0))" } ?? "") + note)
        }
    }
}
