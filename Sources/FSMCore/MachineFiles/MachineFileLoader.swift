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
        return try load(bytes: bytes, format: format, path: path == "-" ? "<stdin>" : path)
    }

    /// Loads a machine from the bytes of a file in `format`; `path` names it in errors.
    public static func load(
        bytes: [UInt8], format: MachineFileFormat, path: String
    ) throws(MachineFileError) -> Machine {
        if format == .json, let machine = scan(json: bytes) { return machine }
        let root = try document(bytes: bytes, format: format, path: path)
        do throws(MachineFileError) {
            return try MachineFileDecoder.decode(root)
        } catch {
            var located = error
            located.path = path
            throw located
        }
    }

    /// The machine in a JSON machine file read in one pass over its bytes, or `nil` when the
    /// file needs ``document(bytes:format:path:)`` and ``MachineFileDecoder``, which read every
    /// machine file and explain every mistake. Large generated files take the single pass.
    public static func scan(json bytes: [UInt8]) -> Machine? {
        bytes.withUnsafeBufferPointer { JSONMachineScanner.machine(in: $0) }
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
        do throws(MachineFileError) {
            switch format {
            case .json:
                return try parse { () throws(DocumentError) in try JSONDocumentParser.parse(bytes) }
            case .yaml:
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw MachineFileError.at(invalidUTF8Location(in: bytes), "file is not valid UTF-8 text")
                }
                return try parse { () throws(DocumentError) in try YAMLDocumentParser.parse(text) }
            }
        } catch {
            var located = error
            located.path = path
            throw located
        }
    }

    private static func parse(
        _ body: () throws(DocumentError) -> DocumentNode
    ) throws(MachineFileError) -> DocumentNode {
        do {
            return try body()
        } catch {
            throw .at(error.location, error.message)
        }
    }

    /// The bytes of the file at `path` (`-` reads standard input), refusing directories and
    /// files larger than `maximumFileSize` before reading them.
    public static func read(
        path: String, maximumFileSize: Int = defaultMaximumFileSize
    ) throws(MachineFileError) -> [UInt8] {
        let data: Data
        do {
            if path == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                if attributes[.type] as? FileAttributeType == .typeDirectory {
                    throw MachineFileError(path: path, location: nil, message: "is a directory, not a machine file")
                }
                if let size = attributes[.size] as? Int, size > maximumFileSize {
                    throw MachineFileError(
                        path: path, location: nil,
                        message: "file is \(size) bytes, larger than the limit of \(maximumFileSize) bytes (raise it with --max-file-size)")
                }
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        } catch let error as MachineFileError {
            throw error
        } catch {
            throw MachineFileError(path: path, location: nil, message: readFailure(error))
        }
        return [UInt8](data)
    }

    private static func readFailure(_ error: any Error) -> String {
        let nsError = error as NSError
        switch (nsError.domain, nsError.code) {
        case (NSCocoaErrorDomain, NSFileReadNoSuchFileError), (NSCocoaErrorDomain, NSFileNoSuchFileError):
            return "no such file"
        case (NSCocoaErrorDomain, NSFileReadNoPermissionError):
            return "permission denied"
        default:
            return "cannot read the file: \(nsError.localizedDescription)"
        }
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
