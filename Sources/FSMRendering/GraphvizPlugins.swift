internal import CGraphviz
import FSMCore
import Foundation

#if canImport(Darwin)
    import Darwin
#endif

/// Graphviz's plugin libraries for a context that sizes text by Graphviz's own tables of
/// character widths instead of through its pango plugin.
///
/// `gvContext()` loads every plugin its configuration lists and picks pango to measure text,
/// which starts fontconfig: about three quarters of what `dot -Tsvg` spends on a small diagram,
/// and sizes that follow whichever fonts the machine that renders happens to have. An SVG names
/// its font and leaves drawing the glyphs to the viewer, so it needs neither: laid out by the
/// tables (Helvetica's widths are Arial's, which was drawn to match them), the same machine gives
/// the same SVG on every machine. PNG and PDF draw the glyphs themselves and keep pango.
enum GraphvizPlugins {
    /// The plugins an SVG, JSON or laid-out DOT needs: the renderers of Graphviz's own formats
    /// and the layout engines.
    static let names = ["core", "dot_layout", "neato_layout"]

    /// A context with only ``names`` loaded and no text layout plugin, or `nil` when the
    /// libraries cannot be found or loaded (then the caller falls back to `gvContext()`).
    static func context() -> OpaquePointer? {
        guard let directory = directory() else { return nil }
        let configured = configuredFiles(in: directory)
        var libraries: [(name: String, address: UnsafeMutableRawPointer)] = []
        for name in names {
            guard let address = library(name, in: directory, configured: configured) else { return nil }
            libraries.append(("gvplugin_\(name)_LTX_library", address))
        }
        // Graphviz keeps the list and its names for as long as the context lives, which is the
        // rest of the process (`GraphvizSession` is never freed).
        let list = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: libraries.count + 1)
        for (index, library) in libraries.enumerated() {
            let name = library.name.utf8CString
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: name.count)
            for (offset, unit) in name.enumerated() { (copy + offset).initialize(to: unit) }
            list[index] = lt_symlist_t(name: copy, address: library.address)
        }
        list[libraries.count] = lt_symlist_t(name: nil, address: nil)
        return gvContextPlugins(list, 0)
    }

    /// The `gvplugin_NAME_LTX_library` of the plugin file `libgvplugin_NAME.*` in `directory`
    /// that Graphviz's own configuration lists (`configured`): only that file is built for the libgvc loaded (a
    /// leftover of another version, or the unversioned link of the -dev package, may not be).
    private static func library(_ name: String, in directory: String, configured: [String]) -> UnsafeMutableRawPointer? {
        guard let file = configured.first(where: { $0.hasPrefix("libgvplugin_\(name).") }),
            let library = loadLibrary("\(directory)/\(file)")
        else { return nil }
        if let address = librarySymbol(library, "gvplugin_\(name)_LTX_library") { return address }
        unloadLibrary(library)
        return nil
    }

    /// The plugin files that the newest configuration file in `directory` lists (`dot -c` writes
    /// it at install: `config6a` for Graphviz 2.42, `config8` for later versions), as the first
    /// word of a line.
    private static func configuredFiles(in directory: String) -> [String] {
        let files = FileManager.default
        let configurations = ((try? files.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("config") }
        func modified(_ name: String) -> Date {
            ((try? files.attributesOfItem(atPath: "\(directory)/\(name)"))?[.modificationDate] as? Date) ?? .distantPast
        }
        guard let newest = configurations.max(by: { (modified($0), $0) < (modified($1), $1) }),
            let text = files.contents(atPath: "\(directory)/\(newest)")
        else { return [] }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: " ").first.map(String.init).flatMap { $0.hasPrefix("libgvplugin_") ? $0 : nil }
        }
    }

    /// The folder of plugins as Graphviz itself finds it: `GVBINDIR` when set, else the one
    /// beside the libgvc this process loaded (a plugin built for another Graphviz than the one
    /// linked would not load safely).
    private static func directory() -> String? {
        if let chosen = ProcessInfo.processInfo.environment["GVBINDIR"], !chosen.isEmpty { return chosen }
        return libgvcPath().map { path in String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) + "/graphviz" }
    }

    #if canImport(Darwin)
        private static func libgvcPath() -> String? {
            var info = Dl_info()
            let address = unsafeBitCast(gvContext as @convention(c) () -> OpaquePointer?, to: UnsafeRawPointer.self)
            guard dladdr(address, &info) != 0, let name = info.dli_fname else { return nil }
            return String(cString: name)
        }
    #else
        /// Linux's C libraries do not declare `dladdr` to Swift; the kernel's list of the
        /// process's mappings names the file instead (elsewhere there is none, and the caller
        /// falls back to Graphviz's configuration).
        private static func libgvcPath() -> String? {
            // Read to the end: the file reports no size, and a read sized by it stops at a page.
            guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
            defer { try? file.close() }
            guard let maps = try? file.readToEnd() else { return nil }
            for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
                guard let slash = line.firstIndex(of: "/") else { continue }
                let path = line[slash...]
                if path.split(separator: "/").last?.hasPrefix("libgvc.") == true { return String(path) }
            }
            return nil
        }
    #endif
}
