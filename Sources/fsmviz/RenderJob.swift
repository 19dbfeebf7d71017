import FSMInterop

/// One drawing `render` makes: the input it comes from, where it goes, and the machine itself
/// when reading the input already gave it (each of a Swift module's machines).
struct RenderJob {
    let input: String
    let destination: String
    let format: OutputFormat
    var imported: ImportedMachine?
}
