// Yams' own libyaml, imported as YAMLEventReader.swift explains: Yams publishes no emitter of events.
internal import CYaml
internal import Yams

/// Spells a machine file value as YAML through libyaml's emitter, which quotes whatever
/// plain YAML would misread (`yes`, `null`, `: `, leading `-`, ...).
///
/// Events go straight to libyaml, with the settings `Yams.serialize` uses (so the text is
/// the same), without building a tree of Yams nodes first: for a million transitions that tree
/// took 8.75 GiB, and asking Yams's regular expressions how each text would read took most of
/// 47 seconds. Only text that could read as something else is asked (see ``readsAsText(_:)``).
enum YAMLText {
    static func render(_ value: JSONValue) throws(Diagnostic) -> String {
        let output = Output()
        let emitter = UnsafeMutablePointer<yaml_emitter_t>.allocate(capacity: 1)
        emitter.initialize(to: yaml_emitter_t())
        yaml_emitter_initialize(emitter)
        defer {
            yaml_emitter_delete(emitter)
            emitter.deallocate()
        }
        yaml_emitter_set_output(
            emitter,
            { context, buffer, size in
                guard let context, let buffer else { return 0 }
                Unmanaged<Output>.fromOpaque(context).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeBufferPointer(start: buffer, count: size))
                return 1
            }, Unmanaged.passUnretained(output).toOpaque())
        yaml_emitter_set_unicode(emitter, 1)
        yaml_emitter_set_break(emitter, YAML_LN_BREAK)
        yaml_emitter_set_encoding(emitter, YAML_UTF8_ENCODING)
        var events = Events(emitter: emitter)
        // `output` outlives every event: the callback reaches it through an unretained pointer.
        try events.emit { yaml_stream_start_event_initialize(&$0, YAML_UTF8_ENCODING) }
        try events.emit { yaml_document_start_event_initialize(&$0, nil, nil, nil, 1) }
        try events.emit(value)
        try events.emit { yaml_document_end_event_initialize(&$0, 1) }
        try events.emit { yaml_stream_end_event_initialize(&$0) }
        return withExtendedLifetime(output) { String(decoding: output.bytes, as: UTF8.self) }
    }

    /// Where libyaml writes, reached from its C callback.
    private final class Output {
        var bytes: [UInt8] = []
    }

    /// Emits events to one emitter.
    private struct Events {
        let emitter: UnsafeMutablePointer<yaml_emitter_t>
        /// How texts that may not read as text do read (`Node(text).tag`), asked once each.
        var verdicts: [String: Bool] = [:]

        init(emitter: UnsafeMutablePointer<yaml_emitter_t>) {
            self.emitter = emitter
        }

        func emit(_ initialize: (inout yaml_event_t) -> Int32) throws(Diagnostic) {
            var event = yaml_event_t()
            guard initialize(&event) == 1, yaml_emitter_emit(emitter, &event) == 1 else {
                let problem = emitter.pointee.problem.map { String(cString: $0) } ?? "unknown error"
                throw Diagnostic(path: "", location: nil, message: "libyaml could not emit the machine: \(problem)")
            }
        }

        mutating func emit(_ value: JSONValue) throws(Diagnostic) {
            switch value {
            case .string(let text):
                // Text that YAML would read back as a number, boolean or null (`yes`, `1.5`, `~`)
                // must be quoted; everything else is left to libyaml's choice.
                try scalar(text, tag: Tag.Name.str, style: readsAsText(text) ? YAML_ANY_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE)
            case .int(let number): try scalar(String(number), tag: Tag.Name.int, style: YAML_ANY_SCALAR_STYLE)
            case .null: try scalar("null", tag: Tag.Name.null, style: YAML_ANY_SCALAR_STYLE)
            case .bool(let flag): try scalar(flag ? "true" : "false", tag: Tag.Name.bool, style: YAML_ANY_SCALAR_STYLE)
            case .array(let elements):
                try emit { yaml_sequence_start_event_initialize(&$0, nil, nil, 1, YAML_ANY_SEQUENCE_STYLE) }
                for element in elements { try emit(element) }
                try emit { yaml_sequence_end_event_initialize(&$0) }
            case .object(let members):
                try emit { yaml_mapping_start_event_initialize(&$0, nil, nil, 1, YAML_ANY_MAPPING_STYLE) }
                for member in members {
                    try scalar(member.key, tag: Tag.Name.str, style: YAML_ANY_SCALAR_STYLE)
                    try emit(member.value)
                }
                try emit { yaml_mapping_end_event_initialize(&$0) }
            }
        }

        private func scalar(_ text: String, tag: Tag.Name, style: yaml_scalar_style_t) throws(Diagnostic) {
            // Terminated, so that an empty text still has an address; libyaml copies both.
            var value = Array(text.utf8) + [0]
            var tag = Array(tag.rawValue.utf8) + [0]
            try emit { event in
                value.withUnsafeMutableBufferPointer { value in
                    tag.withUnsafeMutableBufferPointer { tag in
                        yaml_scalar_event_initialize(
                            &event, nil, tag.baseAddress, value.baseAddress, Int32(value.count - 1), 1, 1, style)
                    }
                }
            }
        }

        /// Whether `text`, written plain, reads back as text. Yams's rules (booleans, numbers,
        /// null, timestamps, `<<`, `=`) all need the text to start with one of a few
        /// characters; any other start settles it without running them.
        private mutating func readsAsText(_ text: String) -> Bool {
            if let first = text.utf8.first, !Self.ambiguousStarts.contains(first) { return true }
            if let known = verdicts[text] { return known }
            let verdict = Node(text).tag.rawValue == Tag.Name.str.rawValue
            verdicts[text] = verdict
            return verdict
        }

        /// First bytes with which one of Yams's resolver rules can match.
        private static let ambiguousStarts = Set("yYnNtTfFoO0123456789+-.~<=".utf8)
    }
}
