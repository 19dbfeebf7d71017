public import ArgumentParser
public import FSMRendering

/// What `fsmviz render` writes.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case svg
    case png
    case pdf
    /// Plain DOT from fsmviz's own writer, without layout.
    case dot
    /// DOT with Graphviz's layout positions.
    case dotLayout = "dot-layout"
    /// A self-contained page that explores the SVG (`FSMViewer`'s `HTMLViewer`).
    case html

    /// The format a file name's extension names.
    init?(path: String) {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "svg": self = .svg
        case "png": self = .png
        case "pdf": self = .pdf
        case "dot", "gv": self = .dot
        case "html", "htm": self = .html
        default: return nil
        }
    }

    var fileExtension: String {
        switch self {
        case .svg, .png, .pdf, .dot, .html: rawValue
        case .dotLayout: "layout.dot"
        }
    }

    /// The Graphviz format, or `nil` when fsmviz writes the file without Graphviz.
    var renderFormat: RenderFormat? {
        switch self {
        case .svg, .html: .svg
        case .png: .png
        case .pdf: .pdf
        case .dot: nil
        case .dotLayout: .layoutDOT
        }
    }

    static let extensionsHelp = "'.svg', '.html', '.png', '.pdf', '.dot' or '.gv'"
}

extension LayoutEngine: ExpressibleByArgument {}
