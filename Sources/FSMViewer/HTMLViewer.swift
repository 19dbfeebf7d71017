public import FSMAnalysis
public import FSMCore
public import FSMDOT

/// Wraps a rendered SVG into one self-contained HTML page that explores the machine: pan and
/// zoom, search over states and events, a click on a state or transition highlights what
/// leads in and out and lists it with guards and effects, lint findings highlight their
/// states and witness path, a light/dark switch follows `prefers-color-scheme`, and for the
/// drawing of a change (`FSMAnalysisDiagrams`' `DiffDrawing`) a "Changes only" switch fades
/// what did not change.
///
/// The page loads nothing: its style sheet and script are inline, and a Content Security
/// Policy refuses every request and runs only that script and style (by hash). The machine
/// travels as data, in a `<script type="application/json">` element (`HTMLViewerData`);
/// the script builds its panels with `textContent`, never from markup. The script finds the
/// drawing's parts by the ids and `data-` attributes of docs/diagrams.md, and pans and zooms
/// by one CSS transform, so a drawing of thousands of states stays responsive.
public struct HTMLViewer: Sendable {
    /// The machine the SVG draws.
    public var machine: Machine
    /// Lint findings to list, or none.
    public var findings: [Finding]
    /// The theme the SVG was drawn with; the page's dark mode recolours its colours to
    /// ``/FSMDOT/DOTTheme/dark``'s.
    public var theme: DOTTheme
    /// The page's title, as the diagram's (`--title`); the machine's name when `nil` or empty.
    public var title: String?

    /// A viewer for `machine` drawn with `theme`, titled `title`, listing `findings`.
    public init(machine: Machine, findings: [Finding] = [], theme: DOTTheme = .standard, title: String? = nil) {
        self.machine = machine
        self.findings = findings
        self.theme = theme
        self.title = title
    }

    /// The page around `svg`, an SVG that `FSMRendering`'s `GraphvizRenderer` rendered of ``machine``.
    /// The same input gives the same bytes.
    public func page(svg: [UInt8]) -> [UInt8] {
        let title = DiagramText.escaped(self.title.flatMap { $0.isEmpty ? nil : $0 } ?? machine.name ?? "State machine")
        let style = Self.style + darkDiagramStyle
        let policy = [
            "default-src 'none'", "style-src \(CSPHash.source(of: style))", "script-src \(CSPHash.source(of: Self.script))",
            "base-uri 'none'", "form-action 'none'",
        ].joined(separator: "; ")
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="fsmviz">
            <title>\(title)</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1>\(title)</h1>
            <div id="search-box">
            <input id="search" type="search" placeholder="Search states and events (/)" autocomplete="off" spellcheck="false" aria-label="Search states and events" aria-controls="matches">
            <ol id="matches" role="listbox" hidden></ol>
            </div>
            <button id="zoom-out" type="button" title="Zoom out (-)" aria-label="Zoom out">−</button>
            <button id="zoom-in" type="button" title="Zoom in (+)" aria-label="Zoom in">+</button>
            <button id="fit" type="button" title="Fit to screen (0)">Fit</button>
            <button id="theme" type="button" title="Switch between light and dark">Dark</button>
            <button id="changes-only" type="button" aria-pressed="false" title="Show only what the change added, removed or changed" hidden>Changes only</button>
            </header>
            <main>
            <div id="stage" tabindex="0" aria-label="Diagram: drag or arrow keys to pan, wheel or + and - to zoom, 0 to fit, Escape to clear">

            """
        page += Self.inlined(svg)
        page += """

            </div>
            <aside id="panel">
            <section id="details" aria-live="polite"><p class="hint">Click a state or a transition to see what leads in and out.</p></section>
            <section id="findings" hidden><h2>Lint findings</h2><ol id="finding-list"></ol></section>
            </aside>
            </main>
            <script type="application/json" id="fsmviz-machine">\(HTMLViewerData(machine: machine, findings: findings).json)</script>
            <script>\(Self.script)</script>
            </body>
            </html>

            """
        return Array(page.utf8)
    }

    /// The `<svg>` element of Graphviz's document, without the XML declaration, doctype and
    /// comments before and inside it: HTML needs none of them, and Graphviz's comments repeat
    /// DOT names a page has no use for.
    static func inlined(_ svg: [UInt8]) -> String {
        let text = String(decoding: svg, as: UTF8.self)
        guard let start = text.firstRange(of: "<svg") else { return "" }
        var result = ""
        var rest = text[start.lowerBound...]
        while let comment = rest.firstRange(of: "<!--") {
            result += rest[..<comment.lowerBound]
            guard let end = rest[comment.upperBound...].firstRange(of: "-->") else { return result }
            rest = rest[end.upperBound...]
            if rest.first == "\n" { rest = rest.dropFirst() }
        }
        result += rest
        while result.last == "\n" { result.removeLast() }
        return result
    }

    /// CSS giving the drawing ``DOTTheme/dark``'s colours in dark mode, whether the system
    /// asks for it or the page's switch does: each colour of ``theme`` (and the lint
    /// highlights' grey fill) is mapped to its counterpart, as fill and as stroke.
    var darkDiagramStyle: String {
        guard theme != .dark else { return "" }
        let dark = DOTTheme.dark
        var pairs: [(String, String)] = [
            (theme.stateFill, dark.stateFill), (theme.clusterFill, dark.clusterFill),
            (theme.stateOutline, dark.stateOutline), (theme.edgeColor, dark.edgeColor),
            (theme.textColor, dark.textColor), ("#EEEEEE", "#3A3F46"),
        ]
        if let background = theme.background { pairs.append((background, dark.background ?? "none")) }
        var seen: Set<String> = []
        var rules: [String] = []
        for (light, darkColor) in pairs where seen.insert(light.lowercased()).inserted {
            for property in ["fill", "stroke"] {
                rules.append("#stage [\(property)=\"\(light)\" i]{\(property):\(darkColor)}")
            }
        }
        let selectors = rules.map { ":root[data-theme=dark] " + $0 }.joined(separator: "\n")
        let automatic = rules.map { ":root:not([data-theme=light]) " + $0 }.joined(separator: "\n")
        return "\n" + selectors + "\n@media (prefers-color-scheme: dark){\n" + automatic + "\n}\n"
    }
}
