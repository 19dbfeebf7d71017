/// Why `fsmviz watch --serve` could not start serving.
struct PreviewServerError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
