import FSMAnalysisDiagrams
import FSMDOT
import FSMRendering
import FSMViewer

extension DiffDrawing {
    /// The drawing in `format`: rendered by Graphviz within `policy`'s bounds, as fsmviz's own
    /// DOT, or as the HTML viewer around the SVG. `diff` and `sync` draw changes through this.
    /// - Throws: ``/FSMRendering/RenderError``, `refused` for a layout `policy` refuses.
    func bytes(format: OutputFormat, options base: DOTOptions, policy: LayoutPolicy) throws(RenderError) -> [UInt8] {
        let options = self.options(base)
        guard let renderFormat = format.renderFormat else {
            return Array(DOTWriter(options: options).write(machine).utf8)
        }
        let bytes = try GraphvizRenderer().render(machine, options: options, format: renderFormat, policy: policy)
        guard format == .html else { return bytes }
        return HTMLViewer(machine: machine, findings: [], theme: base.theme ?? .standard).page(svg: bytes)
    }
}
