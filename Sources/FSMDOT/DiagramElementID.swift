public import FSMCore

/// The `id`s fsmviz gives the elements of a drawing, in DOT and in the SVG Graphviz renders
/// from it: a public interface for style sheets, tests and scripts (docs/diagrams.md).
///
/// A state's element is `state-` followed by its identifier with every character outside
/// `[A-Za-z0-9]` written as `_<hex code point>_`: injective, valid in XML and usable in a CSS
/// selector without escapes. Because an encoded state id never contains `-`, the ids of the
/// helpers fsmviz draws for a state or transition (`state-Idle-start`, `transition-3-label`)
/// can never collide with a state's.
public enum DiagramElementID {
    /// The element of state `id`: its node, or its cluster when it is drawn around its children.
    public static func state(_ id: StateID) -> String {
        var result = "state-"
        for scalar in id.rawValue.unicodeScalars {
            if isKept(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return result
    }

    /// Whether `scalar` stands for itself in an element id: an ASCII letter or digit (compared
    /// by range: Unicode's property tables cost more than the rest of writing an id).
    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// The state whose element is `elementID`, or `nil` when it is not a state's element.
    public static func stateID(of elementID: some StringProtocol) -> StateID? {
        guard elementID.hasPrefix("state-") else { return nil }
        var result = String.UnicodeScalarView()
        var scalars = elementID.unicodeScalars.dropFirst(6)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "_" else {
                guard isKept(scalar) else { return nil }
                result.append(scalar)
                continue
            }
            let hex = scalars.prefix { $0 != "_" }
            scalars = scalars.dropFirst(hex.count)
            guard scalars.popFirst() == "_", let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16),
                let decoded = Unicode.Scalar(value)
            else { return nil }
            result.append(decoded)
        }
        return StateID(String(result))
    }

    /// The element of transition `index` (its position in ``/FSMCore/Machine/transitions``): the edge
    /// that leaves its source. Its other parts add a suffix: `-label` (the node holding its
    /// text), `-junction` (a choice diamond or fork bar), `-split` (the edge from the label to
    /// the junction) and `-target-K` (the edge into its K-th drawn target, from 0).
    public static func transition(_ index: Int) -> String { "transition-\(index)" }

    /// The number of the transition whose element (or part) is `elementID`, or `nil`.
    public static func transitionIndex(of elementID: some StringProtocol) -> Int? {
        guard elementID.hasPrefix("transition-") else { return nil }
        return Int(elementID.dropFirst(11).prefix { $0 != "-" })
    }
}
