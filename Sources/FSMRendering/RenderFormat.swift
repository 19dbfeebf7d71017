/// The file formats Graphviz renders a laid-out diagram to.
public enum RenderFormat: String, Sendable, CaseIterable {
    /// Scalable vector graphics, with the machine's ids on its groups.
    case svg
    /// A bitmap image.
    case png
    /// A vector document.
    case pdf
    /// DOT annotated with the layout's positions (Graphviz's `-Tdot`).
    case layoutDOT = "dot-layout"
    /// The layout's geometry and every DOT attribute as JSON (Graphviz's `-Tjson`).
    case json

    /// The name of Graphviz's device plugin for this format.
    var graphvizDevice: String {
        switch self {
        case .svg: "svg"
        case .png: "png"
        case .pdf: "pdf"
        case .layoutDOT: "dot"
        case .json: "json"
        }
    }

    /// How a layout of `dot` for this format sizes text: by Graphviz's tables where a viewer
    /// draws the glyphs (the same drawing on every machine, without starting fontconfig), by the
    /// installed fonts where Graphviz draws them itself.
    ///
    /// The tables hold widths for ASCII alone: Graphviz 2.42 measures any other byte as a Latin-1
    /// character (CJK comes out half as wide again), later versions as a space (text spills out
    /// of its box), so a graph with any other character is measured with the fonts.
    func textMetrics(for dot: String?) -> GraphvizSession.TextMetrics {
        switch self {
        case .png, .pdf: .fonts
        case .svg, .layoutDOT, .json: dot?.utf8.contains { $0 >= 0x80 } == true ? .fonts : .tables
        }
    }

    /// The Debian package that ships the plugin this format needs.
    var debianPackage: String {
        switch self {
        case .svg, .layoutDOT, .json: "libgvc6"
        case .png, .pdf: "libgvc6 (its cairo/pango plugin)"
        }
    }
}
