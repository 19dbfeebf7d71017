internal import CYaml

/// A scalar event of libyaml's read as machine files read scalars: by its tag and style, and
/// then by ``YAMLScalarResolver``'s rules. The tree (``YAMLEventReader``) and the one-pass
/// reader (``YAMLMachineTokens``) both read scalars here, so they cannot disagree on one.
struct YAMLScalarEvent {
    /// The scalar's text, valid until its event is deleted.
    let bytes: UnsafeBufferPointer<UInt8>
    /// What the scalar reads as.
    let kind: YAMLScalarResolver.Kind
    /// Whether it was written plain: not quoted, not a block scalar.
    let isPlain: Bool

    /// The scalar of `event`, which must be a scalar event.
    init(_ event: yaml_event_t) {
        let data = event.data.scalar
        bytes = UnsafeBufferPointer(start: data.value, count: data.length)
        isPlain = data.style == YAML_PLAIN_SCALAR_STYLE
        let tagging: YAMLScalarResolver.Tagging
        if data.quoted_implicit == 1 {
            tagging = .text
        } else if let tag = data.tag.map({ String(cString: $0) }) {
            tagging = tag == "!" ? .text : .explicit(tag)
        } else {
            tagging = .implicit
        }
        kind = YAMLScalarResolver.kind(of: bytes, tagging: tagging)
    }

    /// Whether a field that expects text takes the scalar: text, or a plain `on` or `no` that
    /// YAML 1.1 reads as a boolean, taken as written.
    var isText: Bool {
        switch kind {
        case .text: true
        case .bool: isPlain
        case .null, .number: false
        }
    }
}
