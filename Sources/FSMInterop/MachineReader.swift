public import FSMCore
import Foundation

/// Reads a machine from any importable file: the one entry point `fsmviz render`, `dot`,
/// `lint` and `convert` share, so every command accepts every format.
public enum MachineReader {
    /// Reads the file at `path` (`-` for standard input) in `format`, or in the format its
    /// extension names. Standard input without a format is sniffed: SCXML when it starts
    /// with `<`, JSON when it starts with `{`, YAML otherwise.
    /// - Throws: ``/FSMCore/MachineFileError`` naming the file and, where there is one, the position.
    ///
    /// The machine must stay within `limits` (size, states, transitions, nesting, label length).
    /// XState configs are read as `xstateVersion` (4 or 5) says, or as their keys tell.
    public static func read(
        path: String, format: MachineFormat? = nil, limits: InputLimits = .standard, xstateVersion: Int? = nil
    ) throws(MachineFileError) -> ImportedMachine {
        let imported = try readUnchecked(
            path: path, format: format, maximumFileSize: limits.fileSize ?? .max, sizeAdvice: limits.advice.fileSize,
            xstateVersion: xstateVersion)
        try limits.check(imported.machine, path: Diagnostic.displayPath(for: path))
        return imported
    }

    private static func readUnchecked(
        path: String, format: MachineFormat?, maximumFileSize: Int, sizeAdvice: String?, xstateVersion: Int?
    ) throws(MachineFileError) -> ImportedMachine {
        if path == "-", format == nil {
            let bytes = try MachineFileLoader.read(path: path, maximumFileSize: maximumFileSize, advice: sizeAdvice)
            return try sniff(bytes, xstateVersion: xstateVersion).read(bytes, path: Diagnostic.displayPath(for: path))
        }
        // A path that names nothing is a typo far more often than a format fsmviz does not know.
        if path != "-", !FileManager.default.fileExists(atPath: path) {
            throw MachineFileError(path: path, location: nil, message: "no such file" + Self.nearestSibling(of: path))
        }
        // A `.xml` file is read as SCXML: the SCXML reader refuses any other root element with
        // its position.
        guard let chosen = format ?? MachineFormat(readingPath: path) else {
            throw MachineFileError(
                path: path, location: nil,
                message:
                    "cannot tell the file's format from its name; use a \(FileExtension.list(MachineFormat.importableExtensions + [MachineFormat.xmlExtension], "or")) (SCXML) file, or name the format"
            )
        }
        guard let importer = chosen.importer(xstateVersion: xstateVersion) else {
            throw MachineFileError(
                path: path, location: nil,
                message: "fsmviz writes \(chosen.rawValue) but cannot read it; read a \(FileExtension.list(MachineFormat.importableExtensions, "or")) file")
        }
        let bytes = try MachineFileLoader.read(path: path, maximumFileSize: maximumFileSize, advice: sizeAdvice)
        return try importer.read(bytes, path: Diagnostic.displayPath(for: path))
    }

    /// Whether the file at `path` starts as an SCXML document (`<scxml` within its first
    /// 4 KiB, past any XML declaration and comments): how a directory search tells SCXML
    /// saved as `.xml` from other XML.
    public static func looksLikeSCXML(path: String) -> Bool {
        guard let head = head(of: path) else { return false }
        return head.firstRange(of: Array("<scxml".utf8)) != nil
    }

    /// `; did you mean 'NAME'?` for the entry of the path's folder named most like it
    /// (`Source/` for `Sources/`), or nothing.
    private static func nearestSibling(of path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let url = URL(fileURLWithPath: trimmed)
        let folder = url.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return "" }
        return Suggestion.hint(for: url.lastPathComponent, among: names.filter { !$0.hasPrefix(".") }.sorted())
    }

    /// The first 4 KiB of the file at `path` (all of it, if shorter), or `nil` when it cannot
    /// be read: what a directory search looks at to tell what a file is without reading it whole.
    public static func head(of path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4096)).map { Array($0) }
    }

    /// The importer for a document whose name says nothing.
    static func sniff(_ bytes: [UInt8], xstateVersion: Int? = nil) -> any MachineImporter {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "<") { return SCXMLImporter() }
        return MachineDocumentImporter(syntax: MachineFileFormat(sniffing: bytes), xstateVersion: xstateVersion)
    }
}
