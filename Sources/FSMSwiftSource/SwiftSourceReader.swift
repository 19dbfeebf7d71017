public import FSMCore
public import FSMInterop
import Dispatch
import SwiftSyntax

/// Reads state machines from Swift source without compiling or running it: the files given
/// together are parsed with swift-syntax and read as one module, and each recognizer finds the
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
            let bytes = try MachineFileLoader.read(path: path, maximumFileSize: limits.fileSize ?? .max, advice: limits.advice.fileSize)
            sources.append((Diagnostic.displayPath(for: path), bytes))
        }
        return try machines(reading: sources, limits: limits)
    }

    /// Every machine in `sources` (a path to report and the file's bytes), read together as one
    /// module, and the warnings about what could not be read.
    /// - Throws: The first file that is not UTF-8 or does not parse, with its position.
    public func machines(
        reading sources: [(path: String, bytes: [UInt8])], limits: InputLimits
    ) throws(MachineFileError) -> (machines: [ModuleMachine], warnings: [Diagnostic]) {
        // The files are checked in order and parsed together; the first file that fails, in
        // order, is the one reported, as if they were read one by one.
        var texts: [(path: String, text: String)] = []
        var refusal: MachineFileError?
        for (name, bytes) in sources {
            do throws(MachineFileError) {
                texts.append((name, try Self.text(of: bytes, path: name, limits: limits)))
            } catch {
                refusal = error
                break
            }
        }
        let parsed = Self.parsed(texts)
        let files = parsed.map(\.file)
        for file in files {
            if let error = file.firstSyntaxError {
                throw MachineFileError(path: file.path, location: error.droppingFile, message: "the file is not valid Swift")
            }
        }
        if let refusal { throw refusal }
        let module = SwiftModule(files: files, inventory: SyntaxInventory(merging: parsed.map(\.inventory)))
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
        sketches = Self.uniquelyNamed(sketches)
        var machines: [ModuleMachine] = []
        var warnings: [Diagnostic] = []
        for sketch in sketches {
            // One machine that does not hold together (or is over a limit) is reported, and the
            // module's other machines are still read.
            let imported: ImportedMachine
            do {
                imported = try sketch.machine(path: sketch.location.file ?? "", limits: limits)
                try limits.check(imported.machine, path: sketch.location.file ?? "")
            } catch {
                warnings.append(.warning(path: error.path, location: error.location?.droppingFile, message: error.message))
                continue
            }
            machines.append(ModuleMachine(name: sketch.name, style: sketch.style.rawValue, location: sketch.location, imported: imported))
            warnings += imported.warnings
        }
        machines.sort { $0.location < $1.location }
        return (machines, warnings)
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
                message: "square brackets nested more than \(SquareBracketNesting.limit) deep; fsmviz does not read Swift nested deeper, whose parsing time doubles with each level")
        }
        return text
    }

    /// The texts parsed, and their nodes gathered, on every core, in order: files parse
    /// independently, and parsing and the walk are most of the time reading a module takes.
    private static func parsed(_ texts: [(path: String, text: String)]) -> [(file: SwiftSourceFile, inventory: SyntaxInventory)] {
        let slots = ParallelSlots<(file: SwiftSourceFile, inventory: SyntaxInventory)>(count: texts.count)
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            let file = SwiftSourceFile(path: texts[index].path, text: texts[index].text)
            // A file that does not parse is refused, so its nodes are never needed.
            slots.set(index, (file, file.tree.hasError ? SyntaxInventory(merging: []) : SyntaxInventory(file: file)))
        }
        return slots.values
    }

    /// Machines named alike (two transition functions in one type) get their position appended.
    private static func uniquelyNamed(_ sketches: [MachineSketch]) -> [MachineSketch] {
        var counts: [String: Int] = [:]
        for sketch in sketches { counts[sketch.name, default: 0] += 1 }
        return sketches.map { sketch in
            guard counts[sketch.name, default: 0] > 1 else { return sketch }
            var renamed = sketch
            renamed.name += "@\(sketch.location.line)"
            return renamed
        }
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
