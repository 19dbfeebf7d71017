public import FSMCore
public import FSMInterop
import SwiftSyntax

/// Reads state machines from Swift source without compiling or running it: the files given
/// together are parsed with swift-syntax and read as the modules SwiftPM builds them into, and each recognizer finds the
/// machines written in its style.
///
/// ```swift
/// let found = try SwiftSourceReader().machines(in: ["Sources/Player/PlayerState.swift"], limits: .standard)
/// for machine in found.machines { print(machine.name, machine.imported.machine.states.count) }
/// ```
///
/// It resolves what syntax can (enum declarations, literals, `typealias`, stored properties'
/// types) and reports what it cannot: a target computed by an expression becomes a transition
/// marked with that expression (``/FSMCore/Transition/computedTarget``), an initial state set from a
/// parameter a start point that may enter any state.
public struct SwiftSourceReader: ModuleMachineReader {
    /// Creates a reader.
    public init() {}

    public var fileExtensions: [String] { ["swift"] }

    public func reading(_ paths: [String], limits: InputLimits) -> ModuleReading {
        let (sources, unreadable) = Self.loaded(paths, limits: limits)
        return Self.reading(sources, unreadable: unreadable, limits: limits)
    }

    /// The enums of `paths` that look like a state type (by their name, or the name of a
    /// property holding one) but are read as no machine, each a warning at its declaration that
    /// says why: what `fsmviz list --explain` prints.
    /// - Throws: The first file, in order, that is not UTF-8 or does not parse, with its position.
    public func nearMisses(in paths: [String], limits: InputLimits) throws(MachineFileError) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let (sources, unreadable) = Self.loaded(paths, limits: limits)
        if let first = unreadable.first { throw first }
        for module in Self.modules(of: sources) {
            var files: [ParsedFile] = []
            for source in module.files { files.append(try Self.parsed(source.bytes, path: source.path, limits: limits)) }
            let swiftModule = SwiftModule(files: files.map(\.file), inventory: SyntaxInventory(merging: files.map(\.inventory)))
            warnings += NearMisses(module: swiftModule).warnings(besides: StyleRegistry.machines(in: swiftModule))
        }
        return warnings
    }

    /// The bytes of each file of `paths`, with the path to report, and the files that cannot be
    /// read, in order.
    private static func loaded(
        _ paths: [String], limits: InputLimits
    ) -> (sources: [(path: String, bytes: [UInt8])], unreadable: [MachineFileError]) {
        var sources: [(path: String, bytes: [UInt8])] = []
        var unreadable: [MachineFileError] = []
        for path in paths {
            do throws(MachineFileError) {
                let bytes = try MachineFileLoader.read(path: path, maximumFileSize: limits.fileSize ?? .max, advice: limits.advice.fileSize)
                sources.append((Diagnostic.displayPath(for: path), bytes))
            } catch {
                unreadable.append(error)
            }
        }
        return (sources, unreadable)
    }

    /// `sources` grouped into the modules SwiftPM builds them into, in the order first given:
    /// each module's target folder, which tells it apart, and its name.
    private static func modules(of sources: [(path: String, bytes: [UInt8])]) -> [(folder: String, name: String, files: [Source])] {
        var modules: [(folder: String, name: String, files: [Source])] = []
        var moduleIndex: [String: Int] = [:]
        for (order, source) in sources.enumerated() {
            let folder = SwiftModule.folder(containing: source.path)
            if moduleIndex[folder] == nil {
                moduleIndex[folder] = modules.count
                modules.append((folder, SwiftModule.name(containing: source.path), []))
            }
            modules[moduleIndex[folder] ?? 0].files.append(Source(order: order, path: source.path, bytes: source.bytes))
        }
        return modules
    }

    /// Every machine in `sources` (a path to report and the file's bytes), what could not be read
    /// of them and what was left out. The files of one SwiftPM target (below `Sources/NAME/` or
    /// `Tests/NAME/`) are read together, as the module they are; files outside that layout are one
    /// module. A file that is not UTF-8 or does not parse leaves its module out (a machine may
    /// span the module's files), not the others.
    public func reading(_ sources: [(path: String, bytes: [UInt8])], limits: InputLimits) -> ModuleReading {
        Self.reading(sources, unreadable: [], limits: limits)
    }

    /// The reading of `sources` for a caller that takes all the files or none.
    /// - Throws: The first file, in order, that is not UTF-8 or does not parse, with its position.
    public func machines(
        reading sources: [(path: String, bytes: [UInt8])], limits: InputLimits
    ) throws(MachineFileError) -> (machines: [ModuleMachine], warnings: [Diagnostic]) {
        try reading(sources, limits: limits).whole()
    }

    /// The reading of `sources`, where the files of `unreadable` could not even be loaded: their
    /// modules are left out too.
    private static func reading(
        _ sources: [(path: String, bytes: [UInt8])], unreadable: [MachineFileError], limits: InputLimits
    ) -> ModuleReading {
        let modules = Self.modules(of: sources)
        let unreadableModules = Set(unreadable.map { SwiftModule.folder(containing: $0.path) })
        // Modules share nothing, so each is read on a core of its own, and its trees are freed as
        // soon as its machines are read: a package takes the memory of the modules in flight, not
        // of every tree at once (on swift-nio, 109 MiB instead of 188, and a third less time in
        // the page faults that fill it).
        let outcomes = modules.concurrentMap(cost: { $0.files.reduce(0) { $0 + $1.bytes.count } }) { module in
            unreadableModules.contains(module.folder) ? (found: [], refusals: []) : Self.read(module.files, limits: limits)
        }
        var found: [(module: (folder: String, name: String), sketch: MachineSketch, machine: Result<ImportedMachine, MachineFileError>)] = []
        var refusals: [Refusal] = []
        var skipped: [Diagnostic] = unreadable
        for (module, outcome) in zip(modules, outcomes) {
            let failures = outcome.refusals
            if failures.isEmpty, !unreadableModules.contains(module.folder) {
                found += outcome.found.map { (module: (module.folder, module.name), sketch: $0.sketch, machine: $0.machine) }
            } else {
                refusals += failures
                // The module's other files are named too: what they hold was not read either.
                let refused = Set(failures.map(\.order))
                let cause = (failures.first?.error.path ?? unreadable.first { SwiftModule.folder(containing: $0.path) == module.folder }?.path) ?? ""
                for file in module.files where !refused.contains(file.order) {
                    refusals.append(
                        Refusal(
                            order: file.order,
                            error: .warning(
                                path: file.path, location: nil,
                                message: "not read: its module holds \(cause), which cannot be read, and a machine may span a module's files")))
                }
            }
        }
        // In the order the files were given, as if they were read one by one.
        skipped += refusals.sorted { $0.order < $1.order }.map(\.error)
        var machines: [ModuleMachine] = []
        var warnings: [Diagnostic] = []
        for (found, name) in zip(found, Self.uniqueNames(found.map { ($0.module, $0.sketch) })) {
            // One machine that does not hold together (or is over a limit) is reported, and the
            // module's other machines are still read.
            switch found.machine {
            case .success(var imported):
                // The machine carries the name it is listed by: drawings' titles and the files
                // `render DIR -o out/` writes are named after it.
                imported.machine.name = name
                machines.append(ModuleMachine(name: name, style: found.sketch.style.name, location: found.sketch.location, imported: imported))
                warnings += imported.warnings
            case .failure(let error):
                skipped.append(
                    .warning(
                        path: error.path, location: error.location?.droppingFile ?? found.sketch.location.droppingFile,
                        message: "machine '\(name)' left out: \(error.message)"))
            }
        }
        machines.sort { $0.location < $1.location }
        return ModuleReading(machines: machines, warnings: warnings, skipped: skipped)
    }

    /// A file to read, with its place in the order the files were given.
    private struct Source: Sendable {
        let order: Int
        let path: String
        let bytes: [UInt8]
    }

    /// A file that cannot be read (or is not read on account of one), with its place in the
    /// order the files were given.
    private struct Refusal {
        let order: Int
        let error: MachineFileError
    }

    /// The machines of one module's `files`, parsed and walked on every core, or those of them
    /// that cannot be read.
    private static func read(
        _ files: [Source], limits: InputLimits
    ) -> (found: [(sketch: MachineSketch, machine: Result<ImportedMachine, MachineFileError>)], refusals: [Refusal]) {
        let parsed = files.concurrentMap(cost: \.bytes.count) { source in
            Result { () throws(MachineFileError) in try Self.parsed(source.bytes, path: source.path, limits: limits) }
        }
        var read: [ParsedFile] = []
        var refusals: [Refusal] = []
        for (source, result) in zip(files, parsed) {
            switch result {
            case .success(let file): read.append(file)
            case .failure(let error): refusals.append(Refusal(order: source.order, error: error))
            }
        }
        return refusals.isEmpty ? (machines(in: read, limits: limits), []) : ([], refusals)
    }

    /// A file parsed, and the nodes its one walk gathered.
    private typealias ParsedFile = (file: SwiftSourceFile, inventory: SyntaxInventory)

    /// The file `path` holds, parsed and walked.
    /// - Throws: When it is not UTF-8 within the limits, or does not parse.
    private static func parsed(_ bytes: [UInt8], path: String, limits: InputLimits) throws(MachineFileError) -> ParsedFile {
        let file = SwiftSourceFile(path: path, text: try text(of: bytes, path: path, limits: limits))
        if let error = file.firstSyntaxError {
            throw MachineFileError(
                path: path, location: error.location.droppingFile,
                message: "the file is not valid Swift" + (error.message.map { ": \($0)" } ?? ""))
        }
        if let deep = SyntaxDepth.firstTooDeep(in: file.tree) {
            throw MachineFileError(
                // Where the node starts, trivia and all: past its trivia is its first token,
                // which swift-syntax finds by recursion, as deep as the node goes.
                path: path, location: file.location(at: deep.position).droppingFile,
                message: "code nested more than \(SyntaxDepth.limit) levels deep; fsmviz does not read Swift nested deeper, which no hand-written code is")
        }
        return (file, SyntaxInventory(file: file))
    }

    /// The machines each recognizer finds in the module of `files`, each checked into a machine
    /// or refused with the reason.
    private static func machines(
        in files: [ParsedFile], limits: InputLimits
    ) -> [(sketch: MachineSketch, machine: Result<ImportedMachine, MachineFileError>)] {
        let module = SwiftModule(files: files.map(\.file), inventory: SyntaxInventory(merging: files.map(\.inventory)))
        return StyleRegistry.machines(in: module).map { found in
            var sketch = found
            sketch.reportUnknownCases(in: module)
            sketch.nameDirectChanges()
            let path = sketch.location.file ?? ""
            return (
                sketch,
                Result { () throws(MachineFileError) in
                    let imported = try sketch.machine(path: path, limits: limits)
                    try limits.check(imported.machine, path: path)
                    return imported
                }
            )
        }
    }

    /// The name each machine is listed by, one to a machine: machines named alike in different
    /// modules get their module's name before theirs, and those still alike (two transition
    /// functions in one type, or two packages' targets of one name) their position after: the
    /// line where that tells them apart, else the file and line, else the column too.
    private static func uniqueNames(_ sketches: [(module: (folder: String, name: String), sketch: MachineSketch)]) -> [String] {
        let byName = Dictionary(grouping: sketches, by: \.sketch.name)
        var names = sketches.map { module, sketch in
            let alike = byName[sketch.name] ?? []
            return !module.name.isEmpty && alike.contains(where: { $0.module.folder != module.folder }) ? module.name + "." + sketch.name : sketch.name
        }
        let positions: [(SourceLocation) -> String] = [
            { "@\($0.line)" }, { "@\($0.file ?? ""):\($0.line)" }, { "@\($0.file ?? ""):\($0.line):\($0.column)" },
        ]
        for alike in Dictionary(grouping: names.indices, by: { names[$0] }).values where alike.count > 1 {
            let locations = alike.map { sketches[$0].sketch.location }
            let position = positions.first { Set(locations.map($0)).count == alike.count } ?? positions[positions.count - 1]
            for index in alike { names[index] += position(sketches[index].sketch.location) }
        }
        return names
    }

    /// `bytes` as text, when it is UTF-8 within the size limit and nests square brackets no
    /// deeper than swift-syntax parses in reasonable time.
    private static func text(of bytes: [UInt8], path: String, limits: InputLimits) throws(MachineFileError) -> String {
        if let maximum = limits.fileSize, bytes.count > maximum {
            throw MachineFileError(
                path: path, location: nil,
                message: "file is \(bytes.count) bytes, larger than the limit of \(maximum) bytes" + InputLimits.Advice.suffix(limits.advice.fileSize))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw MachineFileError(path: path, location: firstInvalidByte(bytes), message: "the file is not valid UTF-8")
        }
        if let offset = SquareBracketNesting.firstTooDeep(in: bytes) {
            throw MachineFileError(
                path: path, location: location(ofByte: offset, in: bytes),
                message:
                    "square brackets nested more than \(SquareBracketNesting.limit) deep; fsmviz does not read Swift nested deeper, whose parsing time doubles with each level"
            )
        }
        return text
    }

    /// The line and column (in Unicode scalars, as the reader's other positions) of the byte at
    /// `offset`.
    private static func location(ofByte offset: Int, in bytes: [UInt8]) -> SourceLocation {
        let before = bytes[..<offset]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = bytes[lineStart..<offset].unicodeScalarCount + 1
        return SourceLocation(line: before.count { $0 == UInt8(ascii: "\n") } + 1, column: column)
    }

    /// Where the first byte that is not UTF-8 is, counting lines and columns over the valid part.
    private static func firstInvalidByte(_ bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var column = 1
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error, .emptyInput:
                return SourceLocation(line: line, column: column)
            }
        }
    }
}

extension SourceLocation {
    /// The position alone, for a diagnostic that names its file already.
    var droppingFile: SourceLocation { SourceLocation(line: line, column: column) }
}
