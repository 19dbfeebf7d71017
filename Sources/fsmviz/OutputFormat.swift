public import ArgumentParser
import FSMCore
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

    /// The format a file name's extension names (one of a format's ``fileExtensions``).
    init?(path: String) {
        guard let pathExtension = FileExtension.of(path),
            let format = Self.allCases.first(where: { $0.fileExtensions.contains(pathExtension) })
        else { return nil }
        self = format
    }

    /// The extensions that name this format, the one `render` writes first. DOT with a layout
    /// has none: `--format` asks for it, and it is written as `.layout.dot`, which names plain DOT.
    var fileExtensions: [String] {
        switch self {
        case .svg, .png, .pdf: [rawValue]
        case .dot: ["dot", "gv"]
        case .html: ["html", "htm"]
        case .dotLayout: []
        }
    }

    /// The extension `render` writes the format with.
    var fileExtension: String {
        switch self {
        case .svg, .png, .pdf, .dot, .html: fileExtensions.first ?? rawValue
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

    /// The extensions that name a format, for messages: `'.svg', '.html', ... or '.gv'`.
    static let extensionsHelp: String = {
        let named = allCases.flatMap(\.fileExtensions).map { "'.\($0)'" }
        return named.dropLast().joined(separator: ", ") + " or " + (named.last ?? "")
    }()
}

extension LayoutEngine: ExpressibleByArgument {}
