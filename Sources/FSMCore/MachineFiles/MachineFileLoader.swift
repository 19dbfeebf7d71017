import Foundation

/// Reads machine files from disk or memory into validated ``Machine`` values.
public enum MachineFileLoader {
    /// Files larger than this are refused before being read.
    public static let defaultMaximumFileSize = 256 * 1024 * 1024

    /// Loads the machine file at `path` (`-` reads standard input), choosing JSON or YAML from
    /// its extension.
    /// - Throws: ``MachineFileError`` naming the file and, where there is one, the position.
    public static func load(
        path: String, maximumFileSize: Int = defaultMaximumFileSize
    ) throws(MachineFileError) -> Machine {
        let bytes = try read(path: path, maximumFileSize: maximumFileSize)
        let format: MachineFileFormat
        if path == "-" {
            format = MachineFileFormat(sniffing: bytes)
        } else if let known = MachineFileFormat(path: path) {
            format = known
        } else {
            throw MachineFileError(
                path: path, location: nil,
                message: "cannot tell the file's format from its name; use a .json, .yaml or .yml file")
        }
        return try load(bytes: bytes, format: format, path: Diagnostic.displayPath(for: path))
    }

    /// Loads a machine from the bytes of a file in `format`; `path` names it in errors.
    public static func load(
        bytes: [UInt8], format: MachineFileFormat, path: String
    ) throws(MachineFileError) -> Machine {
        if let machine = scan(bytes: bytes, format: format) { return machine }
        return try MachineFileDecoder.decode(try document(bytes: bytes, format: format, path: path), path: path)
    }

    /// The machine in a machine file in `format` read in one pass, without the document tree,
    /// or `nil` when the file needs ``document(bytes:format:path:)`` and ``MachineFileDecoder``:
    /// ``scan(json:)`` or ``scan(yaml:)``.
    public static func scan(bytes: [UInt8], format: MachineFileFormat) -> Machine? {
        switch format {
        case .json: scan(json: bytes)
        case .yaml: scan(yaml: bytes)
        }
    }

    /// The machine in a JSON machine file read in one pass over its bytes, or `nil` when the
    /// file needs ``document(bytes:format:path:)`` and ``MachineFileDecoder``, which read every
    /// machine file and explain every mistake. Large generated files take the single pass.
    public static func scan(json bytes: [UInt8]) -> Machine? {
        bytes.withUnsafeBufferPointer { bytes in
            MachineFileScanner.machine(reading: JSONMachineTokens(bytes: bytes), size: bytes.count)
        }
    }

    /// The machine in a YAML machine file read in one pass over libyaml's events, without the
    /// document tree, or `nil` when the file needs ``document(bytes:format:path:)`` and
    /// ``MachineFileDecoder`` (aliases, a second document, names that are not ASCII, a `lint`
    /// section, every mistake), as ``scan(json:)`` is for JSON.
    public static func scan(yaml bytes: [UInt8]) -> Machine? {
        bytes.withUnsafeBufferPointer { YAMLMachineTokens.machine(in: $0) }
    }

    /// Parses the bytes of a JSON or YAML file into a document tree with positions, without
    /// reading it as a machine file; importers of other JSON-shaped formats start here.
    public static func document(
        bytes: [UInt8], format: MachineFileFormat, path: String
    ) throws(MachineFileError) -> DocumentNode {
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw MachineFileError(
                path: path, location: SourceLocation(line: 1, column: 1),
                message: "file is empty; a machine file needs 'initial', 'states' and 'transitions'")
        }
        switch format {
        case .json:
            return try JSONDocumentParser.parse(bytes, path: path)
        case .yaml:
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .at(path, invalidUTF8Location(in: bytes), "file is not valid UTF-8 text")
            }
            return try YAMLDocumentParser.parse(text, path: path)
        }
    }

    /// The bytes of the file at `path` (`-` reads standard input), refusing directories and
    /// files larger than `maximumFileSize` before reading them; `advice` ends the message of a
    /// file over the limit (``InputLimits/Advice/fileSize``).
    public static func read(
        path: String, maximumFileSize: Int = defaultMaximumFileSize, advice: String? = nil
    ) throws(MachineFileError) -> [UInt8] {
        func failure(_ message: String) -> MachineFileError {
            MachineFileError(path: Diagnostic.displayPath(for: path), location: nil, message: message)
        }
        // Read straight into the array: going through `Data` copies a large file once more.
        // Standard input is read the same way, so the limit stops an endless stream too.
        let descriptor: Int32
        let status: FileStatus
        do throws(SystemError) {
            descriptor = path == "-" ? standardInput : try openFile(path, .reading)
        } catch {
            throw failure(readFailure(error))
        }
        defer { if descriptor != standardInput { try? closeFile(descriptor) } }
        do throws(SystemError) {
            status = try fileStatus(descriptor: descriptor)
        } catch {
            throw failure(readFailure(error))
        }
        if status.kind == .directory { throw failure("is a directory, not a machine file") }
        let size = status.kind == .regularFile ? status.size : 0
        if size > maximumFileSize {
            throw failure("file is \(size) bytes, larger than the limit of \(maximumFileSize) bytes" + InputLimits.Advice.suffix(advice))
        }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        // To the end of the file, which the spare byte sees; a file that grows while being read
        // or a pipe, whose size says nothing, ends later than `size` promised.
        while true {
            if count == bytes.count {
                guard bytes.count <= maximumFileSize else {
                    throw failure("file is larger than the limit of \(maximumFileSize) bytes" + InputLimits.Advice.suffix(advice))
                }
                bytes += repeatElement(0, count: 65_536)
            }
            let result = bytes.withUnsafeMutableBytes { buffer in
                readBytes(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
            }
            if result > 0 {
                count += result
            } else if result == 0 {
                break
            } else if SystemError.last != .interrupted {
                throw failure(readFailure(.last))
            }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    private static func readFailure(_ error: SystemError) -> String {
        if error.isMissing { return "no such file" }
        if error.isPermissionDenied { return "permission denied" }
        if error.isDirectory { return "is a directory, not a machine file" }
        return "cannot read the file: " + error.message
    }

    /// Where `bytes` stop being valid UTF-8, or `nil` when they are valid throughout.
    public static func firstInvalidUTF8(in bytes: [UInt8]) -> SourceLocation? {
        String(validating: bytes, as: UTF8.self) == nil ? invalidUTF8Location(in: bytes) : nil
    }

    private static func invalidUTF8Location(in bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    lineStart = offset
                }
            case .emptyInput:
                return SourceLocation(line: line, column: 1)
            case .error:
                let column = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
                return SourceLocation(line: line, column: column)
            }
        }
    }
}
