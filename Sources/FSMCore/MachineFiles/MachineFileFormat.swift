/// The syntaxes a machine file can be written in.
public enum MachineFileFormat: String, Sendable, CaseIterable {
    /// JSON (`.json`), read by fsmviz's own parser, which keeps every value's position.
    case json
    /// YAML (`.yaml`, `.yml`), read from libyaml's events (Yams' copy of libyaml).
    case yaml

    /// The format a path's extension names, or `nil` for an extension fsmviz does not read.
    public init?(path: String) {
        guard let pathExtension = FileExtension.of(path),
            let format = Self.allCases.first(where: { $0.fileExtensions.contains(pathExtension) })
        else { return nil }
        self = format
    }

    /// The extensions that name this format, the one fsmviz writes first.
    public var fileExtensions: [String] {
        switch self {
        case .json: ["json"]
        case .yaml: ["yaml", "yml"]
        }
    }

    /// The format of a document whose name says nothing, such as standard input: JSON when it
    /// starts with `{`, YAML otherwise.
    public init(sniffing bytes: [UInt8]) {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        self = first == UInt8(ascii: "{") ? .json : .yaml
    }

    /// File extensions fsmviz reads machine files from.
    public static let pathExtensions = allCases.flatMap(\.fileExtensions)
}
