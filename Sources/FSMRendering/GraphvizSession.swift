internal import CGraphviz
import FSMCore
import Synchronization

/// One of the process's Graphviz contexts (one for each ``TextMetrics``) and what its plugins offer.
///
/// Unchecked: the context pointer lives inside ``current``'s mutex and is only used
/// while that lock is held.
struct GraphvizSession: @unchecked Sendable {
    let context: OpaquePointer
    let engines: [String]
    let devices: [String]

    /// How a session's layouts size text.
    enum TextMetrics {
        /// Graphviz's own tables of character widths (``GraphvizPlugins``): for the formats that
        /// leave drawing glyphs to their viewer.
        case tables
        /// The installed fonts, measured through Graphviz's pango plugin: for the formats that
        /// draw the glyphs themselves.
        case fonts
    }

    static func start(_ metrics: TextMetrics) throws(RenderError) -> GraphvizSession {
        // Route Graphviz's messages to our buffer instead of stderr; render errors carry them.
        _ = agseterrf { message in
            if let message { GraphvizSession.capturedMessages += String(cString: message) }
            return 0
        }
        _ = agseterr(AGWARN)
        let started = metrics == .tables ? GraphvizPlugins.context() ?? gvContext() : gvContext()
        guard let context = started else { throw .contextUnavailable }
        let engines = pluginNames(context, kind: "layout")
        guard !engines.isEmpty else {
            gvFreeContext(context)
            throw .pluginsNotConfigured
        }
        return GraphvizSession(context: context, engines: engines, devices: pluginNames(context, kind: "device"))
    }

    /// Plugin names of one kind, without the `:provider` suffix, sorted and unique.
    private static func pluginNames(_ context: OpaquePointer, kind: String) -> [String] {
        var count: Int32 = 0
        guard let list = gvPluginList(context, kind, &count, nil) else { return [] }
        defer { freeMemory(list) }
        var names = Set<String>()
        for index in 0..<Int(count) {
            guard let entry = list[index] else { continue }
            names.insert(String(String(cString: entry).prefix { $0 != ":" }))
            freeMemory(entry)
        }
        return names.sorted()
    }

    /// The sessions of each kind of text metrics, each started on first use, behind the lock
    /// that guards every Graphviz call in the process (see ``GraphvizRenderer``).
    static let current = Mutex<[TextMetrics: GraphvizSession]>([:])

    /// Graphviz's messages for the call in progress. Only touched while ``current`` is locked:
    /// the C callback that appends to it runs inside a locked Graphviz call.
    nonisolated(unsafe) static var capturedMessages = ""

    /// The captured messages as one line each, with Graphviz's "Error: " prefixes removed.
    static func takeMessages() -> String {
        defer { capturedMessages = "" }
        return
            capturedMessages
            .split(whereSeparator: \.isNewline)
            .map { line in
                var text = line.trimmingPrefix("Error").trimmingPrefix(": ").trimmingPrefix("Warning").trimmingPrefix(": ")
                while text.first == " " { text = text.dropFirst() }
                return String(text)
            }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
    }
}
