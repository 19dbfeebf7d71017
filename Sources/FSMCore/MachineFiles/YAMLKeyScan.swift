internal import CYaml

/// A pass over libyaml's events, before Yams composes the document, for a mapping key that is
/// not a plain scalar.
///
/// Machine files only have text keys, and Yams checks a mapping's keys for duplicates by
/// hashing and comparing them whole: a key made of aliases to aliases (`? *a29` where each
/// level doubles the last) stands for billions of values, and composing a 1 KB document then
/// runs for hours. The alias-expansion budget of ``YAMLDocumentParser`` only applies after
/// composition, so such keys are refused here, in one linear pass.
enum YAMLKeyScan {
    /// The position (1-based) of the first mapping key that is an alias, a sequence or a
    /// mapping, or `nil` when there is none or the text is not YAML (which Yams then reports).
    static func firstNonScalarKey(in text: String) -> SourceLocation? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> SourceLocation? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            // One entry per open collection: `nil` for a sequence; for a mapping, whether its
            // next node is a key.
            var open: [Bool?] = []
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                let type = event.type
                if type == YAML_STREAM_END_EVENT { return nil }
                let isNode = type == YAML_SCALAR_EVENT || type == YAML_ALIAS_EVENT
                    || type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT
                if isNode, let innermost = open.last, let nextIsKey = innermost {
                    if nextIsKey, type != YAML_SCALAR_EVENT {
                        return SourceLocation(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
                    }
                    open[open.count - 1] = !nextIsKey
                }
                switch type {
                case YAML_SEQUENCE_START_EVENT: open.append(nil)
                case YAML_MAPPING_START_EVENT: open.append(true)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: _ = open.popLast()
                default: break
                }
            }
            return nil
        }
    }
}
