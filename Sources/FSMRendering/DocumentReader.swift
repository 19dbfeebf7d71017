internal import CGraphviz

/// Reads DOT text through cgraph's `agread` with an I/O discipline over the text and an id
/// discipline that numbers names in order of first appearance (cgraph's own uses the
/// address of each interned name). Used only while `GraphvizSession.current` is locked.
enum DocumentReader {
    /// The text being read and how far `afread` has got.
    final class Source {
        let bytes: [CChar]
        var offset = 0
        init(_ text: String) { bytes = Array(text.utf8CString.dropLast()) }
    }

    /// Ids by interned name (cgraph interns each name once per graph) and names by id.
    final class Names {
        let graph: UnsafeMutablePointer<Agraph_t>?
        var ids: [UnsafeMutablePointer<CChar>: IDTYPE] = [:]
        var names: [UnsafeMutablePointer<CChar>] = []
        /// Anonymous objects get odd ids, named ones even ids, as in cgraph's discipline.
        var nextAnonymous: IDTYPE = 1
        init(_ graph: UnsafeMutablePointer<Agraph_t>?) { self.graph = graph }
    }

    /// Built once (by the shim, since their fields differ by Graphviz version); graphs keep
    /// pointers to them, so they live as long as the process.
    nonisolated(unsafe) static let discipline = fsmviz_discipline(
        { graph, _ in UnsafeMutableRawPointer(Unmanaged.passRetained(Names(graph)).toOpaque()) },
        { state, _, name, id, create in
            guard let state, let id else { return 0 }
            let names = Unmanaged<Names>.fromOpaque(state).takeUnretainedValue()
            guard let name else {
                id.pointee = names.nextAnonymous
                names.nextAnonymous += 2
                return 1
            }
            guard let interned = create != 0 ? agstrdup(names.graph, name) : agstrbind(names.graph, name) else {
                id.pointee = 0
                return 1
            }
            if let known = names.ids[interned] {
                id.pointee = known
            } else {
                names.names.append(interned)
                let new = IDTYPE(names.names.count) * 2
                names.ids[interned] = new
                id.pointee = new
            }
            return 1
        },
        { state, _, id in
            guard let state, id % 2 == 0, id > 0 else { return }
            let names = Unmanaged<Names>.fromOpaque(state).takeUnretainedValue()
            let index = Int(id / 2) - 1
            if names.names.indices.contains(index) { _ = fsmviz_strfree(names.graph, names.names[index]) }
        },
        { state, _, id in
            guard let state, id % 2 == 0, id > 0 else { return nil }
            let names = Unmanaged<Names>.fromOpaque(state).takeUnretainedValue()
            let index = Int(id / 2) - 1
            return names.names.indices.contains(index) ? names.names[index] : nil
        },
        { state in
            if let state { Unmanaged<Names>.fromOpaque(state).release() }
        },
        { _, _, _ in },
        { channel, buffer, size in
            // One line per call, as cgraph's own memory reader does.
            guard let channel, let buffer, size > 0 else { return 0 }
            let source = Unmanaged<Source>.fromOpaque(channel).takeUnretainedValue()
            var count = 0
            while source.offset < source.bytes.count, count < Int(size) {
                let byte = source.bytes[source.offset]
                buffer[count] = byte
                source.offset += 1
                count += 1
                if byte == 0x0A { break }
            }
            return Int32(count)
        })

    static func read(_ text: String) -> UnsafeMutablePointer<Agraph_t>? {
        let source = Source(text)
        return withExtendedLifetime(source) {
            agread(Unmanaged.passUnretained(source).toOpaque(), discipline)
        }
    }
}
