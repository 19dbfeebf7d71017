/// SCXML's space-separated lists: the events of a transition, its targets, a state's
/// `initial`. XML white space (space, tab, line feed, carriage return) separates the items,
/// so an item may hold any other character, other Unicode spaces included.
enum SCXMLList {
    /// Whether `scalar` separates items.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// The items of `text`. Split by scalars, not characters: a space followed by a combining
    /// mark is one character to Swift but still separates two items.
    static func items(_ text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: isSeparator).map { String(String.UnicodeScalarView($0)) }
    }
}
