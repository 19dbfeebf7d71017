// CYaml is the copy of libyaml that Yams builds and links, imported although Yams publishes
// only its Swift API: Yams offers no event-level parser or emitter, and the event level is
// what this file and YAMLText.swift need. libyaml through a system-library target of our own
// would link a second libyaml beside Yams' (the same symbols), make the static release binary
// depend on the system's libyaml, and take FSMCore off iOS, which has none. Should Yams stop
// building CYaml as a module, this import is where the build breaks first.
internal import CYaml

/// A pass over libyaml's events, before Yams composes the document, for what composing it
/// would not survive: a mapping key that is not a plain scalar, and aliases that expand the
/// document beyond a budget.
///
/// Machine files only have text keys, and Yams checks a mapping's keys for duplicates by
/// hashing and comparing them whole: a key made of aliases to aliases (`? *a29` where each
/// level doubles the last) stands for billions of values, and composing a 1 KB document then
/// runs for hours. Aliases elsewhere repeat what they name too, so the expanded size is
/// counted here, from each anchor's size, without expanding anything: the refusal names the
/// alias that crosses the budget, where Yams' composed tree only knows the anchor.
enum YAMLEventScan {
    /// What the scan refuses.
    enum Problem: Equatable {
        /// A mapping key that is an alias, a sequence or a mapping.
        case nonScalarKey(SourceLocation)
        /// The alias whose expansion makes the document larger than the budget.
        case aliasOverBudget(SourceLocation)
    }

    /// The first problem in `text`, or `nil` when there is none or the text is not YAML (which
    /// Yams then reports). The expanded document counts one for each node plus its scalar's
    /// bytes, and may count `budget` at most.
    static func firstProblem(in text: String, budget: Int) -> Problem? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Problem? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var state = ScanState(budget: budget)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let problem = state.take(event) { return problem }
            }
            return nil
        }
    }

    /// The open collections and anchors so far.
    private struct ScanState {
        /// One entry per open collection: its anchor, its expanded size so far, and `nil` for a
        /// sequence or, for a mapping, whether its next node is a key.
        private var open: [(anchor: String?, size: Int, nextIsKey: Bool?)] = []
        /// Each anchor's expanded size; a later anchor of the same name replaces it, as in YAML.
        private var anchors: [String: Int] = [:]
        private var remaining: Int

        init(budget: Int) { remaining = budget }

        mutating func take(_ event: yaml_event_t) -> Problem? {
            let type = event.type
            let location = SourceLocation(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            let isNode = type == YAML_SCALAR_EVENT || type == YAML_ALIAS_EVENT
                || type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT
            if isNode, let innermost = open.last, let nextIsKey = innermost.nextIsKey {
                if nextIsKey, type != YAML_SCALAR_EVENT { return .nonScalarKey(location) }
                open[open.count - 1].nextIsKey = !nextIsKey
            }
            switch type {
            case YAML_SCALAR_EVENT:
                let size = 1 + Int(event.data.scalar.length)
                if let anchor = Self.name(event.data.scalar.anchor) { anchors[anchor] = size }
                return add(size, at: location)
            case YAML_ALIAS_EVENT:
                let size = Self.name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
                return add(size, at: location)
            case YAML_SEQUENCE_START_EVENT:
                open.append((Self.name(event.data.sequence_start.anchor), 0, nil))
                return add(1, at: location)
            case YAML_MAPPING_START_EVENT:
                open.append((Self.name(event.data.mapping_start.anchor), 0, true))
                return add(1, at: location)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                if let anchor = closed.anchor { anchors[anchor] = closed.size }
                if !open.isEmpty { open[open.count - 1].size += closed.size }
                return nil
            default:
                return nil
            }
        }

        /// Counts a node of `size` (an alias: its anchor's whole size) in the open collection
        /// and against the budget.
        private mutating func add(_ size: Int, at location: SourceLocation) -> Problem? {
            remaining -= size
            if !open.isEmpty { open[open.count - 1].size += size }
            return remaining < 0 ? .aliasOverBudget(location) : nil
        }

        private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            anchor.map { String(cString: $0) }
        }
    }
}
