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

    public func machines(
        in paths: [String], limits: InputLimits
    ) throws(MachineFileError) -> (machines: [ModuleMachine], warnings: [Diagnostic]) {
        var sources: [(path: String, bytes: [UInt8])] = []
        for path in paths {
            let bytes = try MachineFileLoader.read(path: path, maximumFileSize: limits.fileSize ?? .max)
            sources.append((path == "-" ? "<stdin>" : path, bytes))
        }
        return try machines(reading: sources, limits: limits)
    }

    /// Every machine in `sources` (a path to report and the file's bytes), and the warnings about
    /// what could not be read. The files of one SwiftPM target (below `Sources/NAME/` or
    /// `Tests/NAME/`) are read together, as the module they are; files outside that layout are one
    /// module.
    /// - Throws: The first file, in order, that is not UTF-8 or does not parse, with its position.
    public func machines(
        reading sources: [(path: String, bytes: [UInt8])], limits: InputLimits
    ) throws(MachineFileError) -> (machines: [ModuleMachine], warnings: [Diagnostic]) {
        // Files are checked, parsed and walked on every core, most of what reading takes; the
        // first that fails, in order, is the one reported, as if they were read one by one.
        let read = sources.map { (path: $0.path, bytes: $0.bytes, limits: limits) }.concurrentMap(cost: \.bytes.count) { source in
            Result { () throws(MachineFileError) in try Self.parsed(source.bytes, path: source.path, limits: source.limits) }
        }
        var files: [ParsedFile] = []
        for result in read { files.append(try result.get()) }
        var modules: [String: [ParsedFile]] = [:]
        var moduleNames: [String] = []
        for file in files {
            let name = SwiftModule.name(containing: file.file.path)
            if modules[name] == nil { moduleNames.append(name) }
            modules[name, default: []].append(file)
        }
        // Modules share nothing, so each is read on a core of its own.
        let found = moduleNames.map { (name: $0, files: modules[$0] ?? []) }.concurrentMap(cost: { module in
            module.files.reduce(0) { $0 + $1.file.tree.totalLength.utf8Length }
        }) { module in
            Self.machines(in: module.files, limits: limits).map { (module: module.name, sketch: $0.sketch, machine: $0.machine) }
        }.flatMap { $0 }
        var machines: [ModuleMachine] = []
        var warnings: [Diagnostic] = []
        for (found, name) in zip(found, Self.uniqueNames(found.map { ($0.module, $0.sketch) })) {
            // One machine that does not hold together (or is over a limit) is reported, and the
            // module's other machines are still read.
            switch found.machine {
            case .success(let imported):
                machines.append(ModuleMachine(name: name, style: found.sketch.style.rawValue, location: found.sketch.location, imported: imported))
                warnings += imported.warnings
            case .failure(let error):
                warnings.append(.warning(path: error.path, location: error.location?.droppingFile, message: error.message))
            }
        }
        machines.sort { $0.location < $1.location }
        return (machines, warnings)
    }

    /// A file parsed, and the nodes its one walk gathered.
    private typealias ParsedFile = (file: SwiftSourceFile, inventory: SyntaxInventory)

    /// The file `path` holds, parsed and walked.
    /// - Throws: When it is not UTF-8 within the limits, or does not parse.
    private static func parsed(_ bytes: [UInt8], path: String, limits: InputLimits) throws(MachineFileError) -> ParsedFile {
        let file = SwiftSourceFile(path: path, text: try text(of: bytes, path: path, limits: limits))
        if let error = file.firstSyntaxError {
            throw MachineFileError(path: path, location: error.droppingFile, message: "the file is not valid Swift")
        }
        return (file, SyntaxInventory(file: file))
    }

    /// The machines each recognizer finds in the module of `files`, each checked into a machine
    /// or refused with the reason.
    private static func machines(
        in files: [ParsedFile], limits: InputLimits
    ) -> [(sketch: MachineSketch, machine: Result<ImportedMachine, MachineFileError>)] {
        let module = SwiftModule(files: files.map(\.file), inventory: SyntaxInventory(merging: files.map(\.inventory)))
        var claimed: Set<SyntaxIdentifier> = []
        let methods = MutatingMethodRecognizer(module: module)
        var sketches = methods.machines(claimed: &claimed)
        let inventory = module.inventory
        sketches += ReducerRecognizer(module: module, inventory: inventory).machines(claimed: &claimed)
        sketches += RouteRecognizer(module: module, inventory: inventory).machines(claimed: &claimed)
        sketches += GameplayKitRecognizer(inventory: inventory).machines()
        sketches += BuilderDSLRecognizer(module: module, inventory: inventory).machines(claimed: &claimed)
        sketches += MappingRowsRecognizer(module: module, inventory: inventory).machines()
        sketches += TransitionTableRecognizer(module: module, inventory: inventory).machines()
        sketches += RegisteredActionRecognizer(module: module, inventory: inventory).machines()
        sketches += EventObjectRecognizer(inventory: inventory).machines()
        sketches += TransitionBuilderRecognizer(inventory: inventory, module: module).machines()
        sketches += StateDiagramRecognizer(module: module, inventory: inventory).machines()
        let functions = TransitionFunctionRecognizer(module: module)
        sketches += functions.machines(claimed: &claimed)
        sketches += methods.enumMachines(claimed: &claimed)
        return sketches.map { sketch in
            let path = sketch.location.file ?? ""
            return (sketch, Result { () throws(MachineFileError) in
                let imported = try sketch.machine(path: path, limits: limits)
                try limits.check(imported.machine, path: path)
                return imported
            })
        }
    }

    /// The name each machine is listed by: machines named alike in different modules get their
    /// module's name before theirs, and those still alike (two transition functions in one type)
    /// their position after.
    private static func uniqueNames(_ sketches: [(module: String, sketch: MachineSketch)]) -> [String] {
        let byName = Dictionary(grouping: sketches, by: \.sketch.name)
        let qualified = sketches.map { module, sketch in
            let alike = byName[sketch.name] ?? []
            return !module.isEmpty && alike.contains(where: { $0.module != module }) ? module + "." + sketch.name : sketch.name
        }
        var counts: [String: Int] = [:]
        for name in qualified { counts[name, default: 0] += 1 }
        return zip(qualified, sketches).map { name, found in
            counts[name, default: 0] > 1 ? name + "@\(found.sketch.location.line)" : name
        }
    }

    /// `bytes` as text, when it is UTF-8 within the size limit and nests square brackets no
    /// deeper than swift-syntax parses in reasonable time.
    private static func text(of bytes: [UInt8], path: String, limits: InputLimits) throws(MachineFileError) -> String {
        if let maximum = limits.fileSize, bytes.count > maximum {
            throw MachineFileError(
                path: path, location: nil,
                message: "file is \(bytes.count) bytes, larger than the limit of \(maximum) bytes (raise it with --max-file-size)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw MachineFileError(path: path, location: firstInvalidByte(bytes), message: "the file is not valid UTF-8")
        }
        if let offset = SquareBracketNesting.firstTooDeep(in: bytes) {
            throw MachineFileError(
                path: path, location: location(ofByte: offset, in: bytes),
                message: "square brackets nested more than \(SquareBracketNesting.limit) deep; fsmviz does not read Swift nested deeper, whose parsing time doubles with each level")
        }
        return text
    }

    /// The line and column (in UTF-8 bytes, as swift-syntax counts them) of the byte at `offset`.
    private static func location(ofByte offset: Int, in bytes: [UInt8]) -> SourceLocation {
        let before = bytes[..<offset]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return SourceLocation(line: before.count { $0 == UInt8(ascii: "\n") } + 1, column: offset - lineStart + 1)
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
