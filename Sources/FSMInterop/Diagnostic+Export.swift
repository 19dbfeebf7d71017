public import FSMCore

extension Diagnostic {
    /// Why a machine cannot be written in a format: an error without a path, since the machine
    /// is not written anywhere yet (whoever writes it names the destination).
    ///
    /// - Parameters:
    ///   - format: The format's name, such as `SCXML`.
    ///   - reason: What makes the machine impossible to write, written for a person.
    public static func exportError(format: String, reason: String) -> Diagnostic {
        Diagnostic(path: "", location: nil, message: "cannot write the machine as \(format): \(reason)")
    }
}
