/// How fsmviz reads a file name's extension: the one rule behind every format that a path
/// names (machine files, the formats `convert` reads and writes, the drawings `render` writes).
public enum FileExtension {
    /// The extension of `path`'s last component, lower-cased and without its dot: `yaml` for
    /// `machines/door.YAML`; `nil` when the name has no dot.
    public static func of(_ path: String) -> String? {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// `extensions` as a message or a help text names them: `.json, .yaml or .scxml` for
    /// `["json", "yaml", "scxml"]` and `conjunction` `or`.
    public static func list(_ extensions: [String], _ conjunction: String) -> String {
        let named = extensions.map { "." + $0 }
        guard let last = named.last else { return "" }
        return named.count == 1 ? last : named.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
